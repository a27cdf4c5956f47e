// The one place a report is trimmed, and the name a list query is kept under (lib/report-store.ts).
import type { Report, ReportSummary } from './types';

/** The report without its raw fields and its long list of failed tests (the details view reads it whole). */
export function summaryOf(report: ReportSummary): ReportSummary {
  const { fields: _fields, checks, ...rest } = report as Report;
  return { ...rest, checks: checks && { counts: checks.counts, top: checks.top } };
}

/** The view of one list query: the same query, in any key order, is the same view. */
export function listView(query: object): string {
  const entries = Object.entries(query).filter(([, value]) => value !== undefined && value !== '');
  return `list:${JSON.stringify(entries.sort(([a], [b]) => (a < b ? -1 : 1)))}`;
}
