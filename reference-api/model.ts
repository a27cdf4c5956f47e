// What differs between the dialects in the store: how a report is made, changed and shown. The
// Store itself only keeps the reports, hands out ids and saves.
import type { ServiceSettings } from './settings';
import type { Privacy, Project, Report, StoreState, StoredReport } from './types';

export interface CreateReportInput {
  url: string;
  privacy: Privacy;
  /** api-md keeps it (as a hash) only with privacy 2; phprank whenever one is given. */
  password?: string | null;
  /** api-md only: omitted = the URL's host name. phprank derives the project from the address. */
  project?: string | null;
}

export interface UpdateReportInput {
  privacy?: Privacy;
  password?: string | null;
  /** `results=1`: generate the result again (api-md: pending again; phprank: at once). */
  regenerate?: boolean;
}

export interface ModelContext {
  now: number;
  settings: ServiceSettings;
  /** api-md: how long a report stays pending. */
  generationDelayMs: number;
}

export interface DialectModel {
  seed(now: number): StoreState;
  create(id: number, input: CreateReportInput, context: ModelContext): StoredReport;
  /** Changes `stored` in place. Returns whether its results were generated again just now. */
  update(stored: StoredReport, input: UpdateReportInput, context: ModelContext): boolean;
  /** `fresh`: in the answer to the request that generated the results (phprank shows the unrounded score). */
  view(stored: StoredReport, settings: ServiceSettings, fresh: boolean): Report;
  projects(reports: readonly StoredReport[], settings: ServiceSettings): Project[];
  /** api-md only: give a pending report its result, dated when it was due. */
  complete?(stored: StoredReport, dueAt: number): void;
}

/** Laravel's date format: ISO 8601 with microseconds, e.g. 2024-06-11T10:00:00.000000Z. */
export function iso(ms: number): string {
  return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

/** The reports of each project (reports without one are left out), projects in the order first seen. */
export function groupByProject(reports: readonly StoredReport[]): Map<string, StoredReport[]> {
  const groups = new Map<string, StoredReport[]>();
  for (const report of reports) {
    if (report.project === null) continue;
    const group = groups.get(report.project);
    if (group) group.push(report);
    else groups.set(report.project, [report]);
  }
  return groups;
}
