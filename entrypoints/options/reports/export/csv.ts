// RFC 4180: text quoted with its quotes doubled, numbers bare, CRLF records, a byte-order mark first. The
// separator is the one the person's spreadsheet opens by default (a message says which).
import { PRIVACY, type Privacy } from '@/lib/api/types';
import type { ExportRow } from '@/lib/export/export-row';
import { t } from '@/lib/i18n';
import type { ReportListQuery } from '@/lib/messaging/inputs';

export type CsvValue = string | number | null;

/** U+FEFF, written as EF BB BF in UTF-8: Excel otherwise reads a CSV in the system's code page. */
export const BOM = '\uFEFF';

/** A server's text must never run as a spreadsheet formula (OWASP "CSV injection"): it gets a leading `'`. */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutralise(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export type CsvSeparator = ',' | ';';

/** `,`, or `;` where spreadsheets use the comma for decimals (German Excel and LibreOffice). */
export function localSeparator(): CsvSeparator {
  return t('csvSeparator') === ';' ? ';' : ',';
}

/** Text is always quoted; with `;` between fields a number's decimals follow a comma ("73,5"). */
export function csvField(value: CsvValue, separator: CsvSeparator = ','): string {
  if (value === null) return '';
  if (typeof value === 'number') return separator === ';' ? String(value).replace('.', ',') : String(value);
  return `"${neutralise(value).replace(/"/g, '""')}"`;
}

/** In the person's language's separator. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const separator = localSeparator();
  const record = (fields: readonly CsvValue[]) =>
    `${fields.map((field) => csvField(field, separator)).join(separator)}\r\n`;
  return BOM + record(header) + rows.map(record).join('');
}

/** A time as spreadsheets read one, in UTC: "2026-11-27 23:07:41". One without a zone stays as sent. */
export function spreadsheetTime(sent: string | null): string | null {
  if (sent === null) return null;
  const time = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(sent) ? Date.parse(sent) : Number.NaN;
  return Number.isNaN(time) ? sent : new Date(time).toISOString().slice(0, 19).replace('T', ' ');
}

/** "page-reports-example.com-bad-2026-11-25.csv": what the file holds (safe characters only), then the local date. */
export function csvFileName(now: Date, ...parts: string[]): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  const named = parts
    .map((part) =>
      part
        .replace(/[^\p{L}\p{N}._-]+/gu, '-')
        .replace(/^[.-]+|[.-]+$/g, '')
        .slice(0, 60),
    )
    .filter(Boolean);
  return `page-reports-${[...named, date].join('-')}.csv`;
}

/** Through an <a download> and a Blob URL: no `downloads` permission needed. */
export function downloadFile(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has the file once the click is handled; the URL is freed a little later to be sure.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The API's word for a privacy value: PRIVACY's own names ("public", "private", "password"). */
function privacyWord(privacy: Privacy | null): string | null {
  return Object.entries(PRIVACY).find(([, value]) => value === privacy)?.[0] ?? null;
}

const names = (list: readonly string[] | undefined) => (list ? list.join('; ') : null);

/** The reports file's columns, each header beside its value so the two never fall out of order. */
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

export function reportsCsv(rows: readonly ExportRow[]): string {
  return toCsv(csvColumns(), rows.map(csvRecord));
}

/** "page-reports-example.com-bad-…" for a project's bad reports, "…-search-pricing-…", "…-all-…". */
export function reportsFileName(
  now: Date,
  query: Pick<ReportListQuery, 'project' | 'result' | 'search'>,
): string {
  const parts = [query.project, query.result, query.search ? `search-${query.search}` : undefined].filter(
    (part): part is string => Boolean(part),
  );
  return csvFileName(now, ...(parts.length > 0 ? parts : ['all']));
}
