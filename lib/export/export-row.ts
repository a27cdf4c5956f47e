// The export's list read ('reports.exportPage'): the background reduces each report to the CSV's columns
// before it reaches the options page, so nothing else (no raw fields, no password) can reach the file; the
// previous score comes from the connection's history index.
import type { Result } from '../api/errors';
import type { CheckImportance, Page, Report, ReportChecks } from '../api/types';
import type { PageData } from '../report-store';
import { scoreChangeOf, type HistoryEntry, type HistoryIndex } from '../history';
import { reportKey } from '../report-id';

function failedNames(checks: ReportChecks): Record<CheckImportance, string[]> {
  const failed: Record<CheckImportance, string[]> = { high: [], medium: [], low: [] };
  for (const check of checks.failures) failed[check.importance].push(check.name);
  return failed;
}

/** Its `id` only drops a report met twice across pages (the list moved); no results: null counts and tests. */
export function exportRow(report: Report, history?: HistoryEntry) {
  const change = scoreChangeOf(history, report);
  return {
    id: report.id,
    url: report.url,
    pageUrl: report.pageUrl,
    serviceUrl: report.serviceUrl,
    project: report.project,
    result: report.result,
    score: report.score,
    previousScore: change?.previous ?? null,
    change: change?.change ?? null,
    privacy: report.privacy,
    createdAt: report.createdAt,
    generatedAt: report.generatedAt,
    counts: report.checks ? { ...report.checks.counts } : null,
    failed: report.checks ? failedNames(report.checks) : null,
  };
}

export type ExportRow = ReturnType<typeof exportRow>;

export type ExportPage = Pick<PageData, 'page' | 'lastPage' | 'total' | 'hasNext'> & { rows: ExportRow[] };

/** The throttle's headers ride along, so the export can pace itself. */
export function exportPage(answer: Result<Page<Report>>, history: HistoryIndex = {}): Result<ExportPage> {
  if (!answer.ok) return answer;
  const { items, page, lastPage, total, hasNext } = answer.data;
  const rows = items.map((report) => exportRow(report, history[reportKey(report.id)]));
  return { ...answer, data: { rows, page, lastPage, total, hasNext } };
}
