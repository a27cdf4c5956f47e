// Plain reports and answers for the popup's tests.
import type { ApiError, Result } from '@/lib/api/errors';
import type { Page, Report, ReportChecks } from '@/lib/api/types';
import { topFailures } from '@/lib/api/report-checks';

/**
 * A report. One asked with `result: null` is still generating, as a server sends it: not generated yet,
 * and created just now (a pending report from long ago counts as "no score", lib/report-state).
 */
export function makeReport(overrides: Partial<Report> = {}): Report {
  if (overrides.result === null) {
    const now = new Date().toISOString();
    overrides = { generatedAt: null, createdAt: now, updatedAt: now, ...overrides };
  }
  return {
    id: 1,
    url: 'https://example.com/page',
    pageUrl: overrides.url ?? 'https://example.com/page',
    serviceUrl: 'https://reports.example/reports/1',
    project: 'example.com',
    result: 'good',
    score: null,
    checks: null,
    privacy: 0,
    hasPassword: false,
    generatedAt: '2025-05-01T10:05:00Z',
    createdAt: '2025-05-01T10:00:00Z',
    updatedAt: '2025-05-01T10:05:00Z',
    fields: {},
    ...overrides,
  };
}

export function pageOf(items: Report[]): Page<Report> {
  return {
    items,
    page: 1,
    perPage: 10,
    total: items.length,
    lastPage: 1,
    hasNext: false,
    hasPrevious: false,
    from: 1,
    to: items.length,
    appliedSort: null,
  };
}

export const ok = <T>(data: T): Result<T> => ({ ok: true, data });
export const failed = (error: ApiError): Result<never> => ({ ok: false, error });

/** Checks as the background sends them: `top` chosen by the one rule that chooses it (report-checks). */
export function checksOf(checks: Omit<ReportChecks, 'top'>): ReportChecks {
  return { ...checks, top: topFailures(checks.failures) };
}

/** An age as the popup writes it (Intl.RelativeTimeFormat in the test run's locale; en-US: "5 min. ago"). */
export const ago = (count: number, unit: Intl.RelativeTimeFormatUnit) =>
  new Intl.RelativeTimeFormat(undefined, { numeric: 'auto', style: 'short' }).format(-count, unit);
