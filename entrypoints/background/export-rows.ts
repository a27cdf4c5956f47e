// The export's own list read ('reports.exportPage'): the same list request as 'reports.list', each report
// reduced to the CSV's columns before it leaves the background. The counts come from `checks`, which the
// client makes from the raw `results` while it parses the answer (lib/api/report-checks.ts), so nothing
// is read twice; the failed tests' names and details are left out, as are the raw fields.
import type { Result } from '@/lib/api/errors';
import type { Page, Report } from '@/lib/api/types';
import type { ExportPage, ExportRow } from '@/lib/export/export-row';

export function exportRow(report: Report): ExportRow {
  return {
    id: report.id,
    url: report.url,
    project: report.project,
    result: report.result,
    score: report.score,
    privacy: report.privacy,
    createdAt: report.createdAt,
    generatedAt: report.generatedAt,
    counts: report.checks ? { ...report.checks.counts } : null,
  };
}

/** The page as the export needs it; the throttle's headers ride along, so the export can pace itself. */
export function exportPage(answer: Result<Page<Report>>): Result<ExportPage> {
  if (!answer.ok) return answer;
  const { items, page, lastPage, total, hasNext } = answer.data;
  const data: ExportPage = { rows: items.map(exportRow), page, lastPage, total, hasNext };
  return answer.rateLimit ? { ok: true, data, rateLimit: answer.rateLimit } : { ok: true, data };
}
