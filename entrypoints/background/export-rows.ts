// The export's own list read ('reports.exportPage'): the same list request as 'reports.list', each report
// reduced to the CSV's columns before it leaves the background. The counts come from `checks`, which the
// client makes from the raw `results` while it parses the answer (lib/api/report-checks.ts), so nothing
// is read twice; the failed tests keep their names (in this browser's language), not their details, and
// the raw fields are left out. The previous
// score comes from the history index of the connection that answered (lib/history-store.ts).
import type { Result } from '@/lib/api/errors';
import type { CheckImportance, Page, Report, ReportChecks } from '@/lib/api/types';
import type { ExportPage, ExportRow } from '@/lib/export/export-row';
import type { HistoryEntry, HistoryIndex } from '@/lib/history-store';
import { reportKey } from '@/lib/report-id';
import { scoreChangeOf } from '@/lib/score-change';

function failedNames(checks: ReportChecks): Record<CheckImportance, string[]> {
  const failed: Record<CheckImportance, string[]> = { high: [], medium: [], low: [] };
  for (const check of checks.failures) failed[check.importance].push(check.name);
  return failed;
}

export function exportRow(report: Report, history?: HistoryEntry): ExportRow {
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

/**
 * The page as the export needs it, each report's change taken from `history`; the throttle's headers ride
 * along, so the export can pace itself.
 */
export function exportPage(answer: Result<Page<Report>>, history: HistoryIndex = {}): Result<ExportPage> {
  if (!answer.ok) return answer;
  const { items, page, lastPage, total, hasNext } = answer.data;
  const rows = items.map((report) => exportRow(report, history[reportKey(report.id)]));
  const data: ExportPage = { rows, page, lastPage, total, hasNext };
  return answer.rateLimit ? { ok: true, data, rateLimit: answer.rateLimit } : { ok: true, data };
}
