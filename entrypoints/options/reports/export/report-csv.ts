// The reports file: its headers in the person's language, its values as the service names them (bands,
// privacy), full addresses, times in UTC as spreadsheets read them, and each report's page on the service.
import { PRIVACY, type Privacy } from '@/lib/api/types';
import type { ExportRow } from '@/lib/export/export-row';
import { t } from '@/lib/i18n';
import type { ReportListQuery } from '@/lib/messaging/inputs';
import { csvFileName, localSeparator, spreadsheetTime, toCsv, type CsvSeparator, type CsvValue } from './csv';

/** The API's word for a privacy value: PRIVACY's own names ("public", "private", "password"). */
function privacyWord(privacy: Privacy | null): string | null {
  return Object.entries(PRIVACY).find(([, value]) => value === privacy)?.[0] ?? null;
}

/** Test names in one cell, the details' order kept. */
const names = (list: readonly string[] | undefined) => (list ? list.join('; ') : null);

/** Each column's header and value side by side, so the two never fall out of order. */
const COLUMNS: [header: () => string, value: (row: ExportRow) => CsvValue][] = [
  [() => t('csvColumnUrl'), (row) => row.pageUrl ?? row.url],
  [() => t('csvColumnProject'), (row) => row.project],
  [() => t('csvColumnBand'), (row) => row.result],
  [() => t('csvColumnScore'), (row) => row.score],
  [() => t('csvColumnPreviousScore'), (row) => row.previousScore],
  [() => t('csvColumnChange'), (row) => row.change],
  [() => t('csvColumnPrivacy'), (row) => privacyWord(row.privacy)],
  [() => t('csvColumnCreated'), (row) => spreadsheetTime(row.createdAt)],
  [() => t('csvColumnGenerated'), (row) => spreadsheetTime(row.generatedAt)],
  [() => t('csvColumnHighIssues'), (row) => row.counts?.high ?? null],
  [() => t('csvColumnMediumIssues'), (row) => row.counts?.medium ?? null],
  [() => t('csvColumnLowIssues'), (row) => row.counts?.low ?? null],
  [() => t('csvColumnPassedTests'), (row) => row.counts?.passed ?? null],
  [() => t('csvColumnFailedHigh'), (row) => names(row.failed?.high)],
  [() => t('csvColumnFailedMedium'), (row) => names(row.failed?.medium)],
  [() => t('csvColumnFailedLow'), (row) => names(row.failed?.low)],
  [() => t('csvColumnReportLink'), (row) => row.serviceUrl],
];

export const csvColumns = (): string[] => COLUMNS.map(([header]) => header());

export const csvRecord = (row: ExportRow): CsvValue[] => COLUMNS.map(([, value]) => value(row));

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
