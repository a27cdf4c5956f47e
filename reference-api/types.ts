// Shapes of the reference API: what it returns (Report, Project) and what it keeps (StoredReport).

/**
 * Which service the API answers like. `phprank`: what the real service (phpRank) answers, see
 * shared/SERVICE.md. `api-md`: the Laravel shapes DESIGN.md assumed from API.md alone.
 */
export const DIALECTS = ['phprank', 'api-md'] as const;
export type Dialect = (typeof DIALECTS)[number];

/** phpRank releases: 1.1.0 has the bug that leaves every `result` null. */
export const RELEASES = ['1.5.0', '1.1.0'] as const;
export type Release = (typeof RELEASES)[number];

export const RESULTS = ['good', 'decent', 'bad'] as const;
export type Result = (typeof RESULTS)[number];

export const PRIVACIES = [0, 1, 2] as const;
/** 0 = Public, 1 = Private, 2 = Password. */
export type Privacy = (typeof PRIVACIES)[number];

export interface Check {
  passed: boolean;
  value: number | boolean;
}

/** api-md: the details of a generated report, a plausible stand-in (API.md does not show them). */
export interface ReportResults {
  score: number;
  checks: Record<string, Check>;
}

export type Importance = 'high' | 'medium' | 'low';

/** phprank: one test of a report (see notes/results-shape.md). `errors` only when it failed. */
export interface TestResult {
  passed: boolean;
  importance: Importance;
  value: unknown;
  errors?: Record<string, unknown>;
}

/** phprank: the tests of a report, keyed by test name. */
export type PhpRankResults = Record<string, TestResult>;

/** A report as the api-md dialect returns it. */
export interface ApiMdReport {
  id: number;
  url: string;
  project: string | null;
  /** null while the report is being generated. */
  result: Result | null;
  privacy: Privacy;
  /** Whether a password is set; never the password itself. */
  password: boolean;
  results: ReportResults | null;
  generated_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A report as the phprank dialect returns it. */
export interface PhpRankReport {
  id: number;
  /** Without scheme, leading `www.` and the `/` of a root address: `example.com/pricing`. */
  url: string;
  /** The host without `www.`. */
  project: string;
  /**
   * The score, 0 to 100: an integer when read back, the unrounded number in the answer to a create
   * or a regenerate; a numeric string with `numericStrings`; always null in release 1.1.0.
   */
  result: number | string | null;
  results: PhpRankResults;
  /** A number, or in the answer to a create or update the value as sent (e.g. the string "1"). */
  privacy: Privacy | string;
  password: boolean;
  generated_at: string;
  created_at: string;
  updated_at: string;
}

export type Report = ApiMdReport | PhpRankReport;

/** A project as the api-md dialect returns it. */
export interface ApiMdProject {
  project: string;
  created_at: string;
  reports_count: number;
}

/** A project as the phprank dialect returns it. */
export interface PhpRankProject {
  project: string;
  /** How many reports; a string with `numericStrings`. */
  reports: number | string;
  /** The sum of the reports' scores as a numeric string (MySQL's SUM); null in release 1.1.0. */
  result: string | null;
  /** The oldest report's date. */
  created_at: string;
}

export type Project = ApiMdProject | PhpRankProject;

/** What the store keeps: times as epoch milliseconds, the password only as a hash. */
export interface StoredReport {
  id: number;
  url: string;
  project: string | null;
  privacy: Privacy;
  passwordHash: string | null;
  /** Bumped by every regeneration, so a new run may give a different result. */
  generation: number;
  /** api-md, while pending: when the result becomes available. null once generated. */
  generationDueAt: number | null;
  /** api-md: the word. */
  result: Result | null;
  /** phprank: the unrounded score (the database column keeps it rounded: see phprank/view.ts). */
  score?: number;
  results: ReportResults | PhpRankResults | null;
  generatedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

/** The whole persisted state. */
export interface StoreState {
  version: 1;
  /** Files written before dialects existed have none: they are api-md. */
  dialect?: Dialect;
  nextId: number;
  reports: StoredReport[];
}
