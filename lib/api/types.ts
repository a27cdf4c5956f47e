// Plain data the background hands to pages, and the API's allowed values.
import type { PageData, ReportSummary } from '../report-store';
import type { ReportChecks } from './report-checks';

/** The service's privacy values: anyone with the link, the account only, or behind a password. */
export const PRIVACY = { public: 0, private: 1, password: 2 } as const;
export const PRIVACY_VALUES = [PRIVACY.public, PRIVACY.private, PRIVACY.password] as const;
export type Privacy = (typeof PRIVACY_VALUES)[number];
/** A privacy value as the service sent it: a number, or its digit as text (an update's answer echoes "2"). */
export const privacyOf = (value: unknown): Privacy | null => {
  const number = typeof value === 'string' && /^\d$/.test(value) ? Number(value) : value;
  return (PRIVACY_VALUES as readonly unknown[]).includes(number) ? (number as Privacy) : null;
};

// The values the service's lists take (API.md): bands, page sizes, sort keys.
export const REPORT_RESULTS = ['good', 'decent', 'bad'] as const;
export const PER_PAGE_VALUES = [10, 25, 50, 100] as const;
export const REPORT_SORT_KEYS = ['id', 'generated_at', 'url', 'result'] as const;
export const PROJECT_SORT_KEYS = ['created_at', 'project'] as const;

export type ReportResult = (typeof REPORT_RESULTS)[number];
export type PerPage = (typeof PER_PAGE_VALUES)[number];
export type ReportSortKey = (typeof REPORT_SORT_KEYS)[number];
export type ProjectSortKey = (typeof PROJECT_SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';
export type ReportId = string | number;

export type { ReportChecks } from './report-checks';
export type { FailedCheck, CheckCategory, CheckImportance, ReportSummary } from '../report-store';

/** A report as the service answered it: its summary as lists and kept copies carry it, and all it holds. */
export type Report = Omit<ReportSummary, 'checks'> & {
  checks: ReportChecks | null;
  /** Every field as the server sent it (a password string removed), for the details view. */
  fields: Record<string, unknown>;
};

export interface Project {
  name: string;
  createdAt: string | null;
  reportsCount: number | null;
  /** The average score of its reports (phpRank sends their sum), where the server gives it. */
  averageScore: number | null;
  averageResult: ReportResult | null;
  fields: Record<string, unknown>;
}

/** Who the key belongs to (phpRank's GET /account); null fields when the server does not say. */
export interface Account {
  name: string | null;
  plan: string | null;
}

/** One page of a list, as the server applied it (not as it was asked). */
export type Page<T> = PageData & { items: T[] };
