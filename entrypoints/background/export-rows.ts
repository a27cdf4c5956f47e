// The export's list read ('reports.exportPage'): each report reduced to the CSV's columns before it leaves
// the background (no raw fields, no details), its previous score from the connection's history index.
import type { Result } from '@/lib/api/errors';
import type { CheckImportance, Page, Report, ReportChecks } from '@/lib/api/types';
import type { ExportPage, ExportRow } from '@/lib/export/export-row';
import { scoreChangeOf, type HistoryEntry, type HistoryIndex } from '@/lib/history';
import { reportKey } from '@/lib/report-id';

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

/** The throttle's headers ride along, so the export can pace itself. */
export function exportPage(answer: Result<Page<Report>>, history: HistoryIndex = {}): Result<ExportPage> {
  if (!answer.ok) return answer;
  const { items, page, lastPage, total, hasNext } = answer.data;
  const rows = items.map((report) => exportRow(report, history[reportKey(report.id)]));
  const data: ExportPage = { rows, page, lastPage, total, hasNext };
  return answer.rateLimit ? { ok: true, data, rateLimit: answer.rateLimit } : { ok: true, data };
}
