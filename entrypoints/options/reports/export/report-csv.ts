// The reports file: its headers in the person's language, its values as the service names them (bands,
// privacy), full addresses, times in UTC as spreadsheets read them, and each report's page on the service.
import { PRIVACY, type Privacy } from '@/lib/api/types';
import type { ExportRow } from '@/lib/export/export-row';
import { t } from '@/lib/i18n';
import type { ReportListQuery } from '@/lib/messaging/inputs';
import { csvFileName, localSeparator, spreadsheetTime, toCsv, type CsvSeparator, type CsvValue } from './csv';

/** The headers, in the order of csvRecord's fields. */
export function csvColumns(): string[] {
  return [
    t('csvColumnUrl'),
    t('csvColumnProject'),
    t('csvColumnBand'),
    t('csvColumnScore'),
    t('csvColumnPreviousScore'),
    t('csvColumnChange'),
    t('csvColumnPrivacy'),
    t('csvColumnCreated'),
    t('csvColumnGenerated'),
    t('csvColumnHighIssues'),
    t('csvColumnMediumIssues'),
    t('csvColumnLowIssues'),
    t('csvColumnPassedTests'),
    t('csvColumnFailedHigh'),
    t('csvColumnFailedMedium'),
    t('csvColumnFailedLow'),
    t('csvColumnReportLink'),
  ];
}

/** The API's word for a privacy value: PRIVACY's own names ("public", "private", "password"). */
function privacyWord(privacy: Privacy | null): string | null {
  return Object.entries(PRIVACY).find(([, value]) => value === privacy)?.[0] ?? null;
}

/** Test names in one cell, the details' order kept. */
const names = (list: readonly string[] | undefined) => (list ? list.join('; ') : null);

/** One row's fields, in csvColumns' order. */
export function csvRecord(row: ExportRow): CsvValue[] {
  const { counts, failed } = row;
  return [
    row.pageUrl ?? row.url,
    row.project,
    row.result,
    row.score,
    row.previousScore,
    row.change,
    privacyWord(row.privacy),
    spreadsheetTime(row.createdAt),
    spreadsheetTime(row.generatedAt),
    counts?.high ?? null,
    counts?.medium ?? null,
    counts?.low ?? null,
    counts?.passed ?? null,
    names(failed?.high),
    names(failed?.medium),
    names(failed?.low),
    row.serviceUrl,
  ];
}

export function reportsCsv(rows: readonly ExportRow[], separator: CsvSeparator = localSeparator()): string {
  return toCsv(csvColumns(), rows.map(csvRecord), separator);
}

/**
 * Named after the list it holds: "page-reports-example.com-bad-2026-12-01.csv" for a project's bad
 * reports, "page-reports-search-pricing-…" for a search, "page-reports-all-…" for every report.
 */
export function reportsFileName(
  now: Date,
  query: Pick<ReportListQuery, 'project' | 'result' | 'search'>,
): string {
  const parts = [query.project, query.result, query.search ? `search-${query.search}` : undefined].filter(
    (part): part is string => Boolean(part),
  );
  return csvFileName(now, ...(parts.length > 0 ? parts : ['all']));
}
