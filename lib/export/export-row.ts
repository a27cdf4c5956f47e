// What the background hands the options page for a CSV export: each report reduced to the file's columns,
// so nothing else (no raw fields, no password) can reach the file.
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
  /** As the extension's history tells them; else null. */
  previousScore: number | null;
  change: number | null;
  /** null when the service sent no `results`. */
  counts: ReportChecks['counts'] | null;
  failed: Record<CheckImportance, string[]> | null;
};

export interface ExportPage {
  rows: ExportRow[];
  page: number;
  lastPage: number | null;
  total: number | null;
  hasNext: boolean;
}
