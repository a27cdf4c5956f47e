// What the background hands the options page for a CSV export: each report reduced to the file's columns
// (its tests already counted and named), so a page of 100 is small and nothing else (no raw fields, no
// password string, nothing a server may have added) can reach the file. Types only: pages pay nothing for them.
import type { CheckImportance, Report, ReportChecks } from '../api/types';

/** The report's own columns; its `id` only drops a report met twice across pages (the list moved). */
export type ExportRow = Pick<
  Report,
  | 'id'
  | 'url'
  | 'pageUrl'
  | 'serviceUrl'
  | 'project'
  | 'result'
  | 'score'
  | 'privacy'
  | 'createdAt'
  | 'generatedAt'
> & {
  /** The previous analysis's score and the change since, as the extension's history tells them; else null. */
  previousScore: number | null;
  change: number | null;
  /** Failed tests by importance and passed tests; null when the service sent no `results`. */
  counts: ReportChecks['counts'] | null;
  /** The failed tests' plain names by importance, in the details' order; null with `counts`. */
  failed: Record<CheckImportance, string[]> | null;
};

export interface ExportPage {
  rows: ExportRow[];
  /** The page the server applied, and its last page (null when it does not say). */
  page: number;
  lastPage: number | null;
  total: number | null;
  hasNext: boolean;
}
