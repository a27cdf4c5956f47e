// Shapes of the reference API: what it returns (Report, Project) and what it keeps (StoredReport).

export const RESULTS = ['good', 'decent', 'bad'] as const;
export type Result = (typeof RESULTS)[number];

export const PRIVACIES = [0, 1, 2] as const;
/** 0 = Public, 1 = Private, 2 = Password. */
export type Privacy = (typeof PRIVACIES)[number];

export interface Check {
  passed: boolean;
  value: number | boolean;
}

/** The details of a generated report. API.md does not show them; this is a plausible stand-in. */
export interface ReportResults {
  score: number;
  checks: Record<string, Check>;
}

/** A report as the API returns it. */
export interface Report {
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

/** A project as the API returns it. */
export interface Project {
  project: string;
  created_at: string;
  reports_count: number;
}

/** What the store keeps: times as epoch milliseconds, the password only as a hash. */
export interface StoredReport {
  id: number;
  url: string;
  project: string | null;
  privacy: Privacy;
  passwordHash: string | null;
  /** Bumped by every regeneration, so a new run may give a different result. */
  generation: number;
  /** While pending: when the result becomes available. null once generated. */
  generationDueAt: number | null;
  result: Result | null;
  results: ReportResults | null;
  generatedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

/** The whole persisted state. */
export interface StoreState {
  version: 1;
  nextId: number;
  reports: StoredReport[];
}
