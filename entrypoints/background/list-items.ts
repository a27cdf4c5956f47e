// What a list hands to a page. phpRank sends each report's raw `results` (its tests, about 9 KB a report)
// in lists too. Nothing that shows a list reads them: they are summarised in `checks` and `pageUrl`
// already, and the details panel reads its report on its own (reports.get), raw results included. A
// page of 100 reports was 1.1 MB to scrub of the key, pass to the page and parse there; without them it
// is a quarter of that, and the options page's 100 rows came twice as fast (see README, Performance).
import type { Result } from '@/lib/api/errors';
import type { Page, Report } from '@/lib/api/types';

/** The report as a list shows it: every field but the raw `results`. */
export function listItem(report: Report): Report {
  if (!('results' in report.fields)) return report;
  const { results: _results, ...fields } = report.fields;
  return { ...report, fields };
}

export function listPage(answer: Result<Page<Report>>): Result<Page<Report>> {
  return answer.ok ? { ok: true, data: { ...answer.data, items: answer.data.items.map(listItem) } } : answer;
}
