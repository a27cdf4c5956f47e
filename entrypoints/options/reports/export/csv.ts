// A small RFC 4180 writer: every text field is quoted and its quotes doubled, numbers are not;
// records end in CRLF; the text starts with a byte-order mark so spreadsheets read it as UTF-8.
// No library: the well-kept ones (papaparse's unparse, csv-stringify, d3-dsv) are parsers first, and
// this is all the export needs of them.

export type CsvValue = string | number | null;

/** U+FEFF, written as EF BB BF in UTF-8: Excel otherwise reads a CSV in the system's code page. */
export const BOM = '\uFEFF';

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`), or whose leading tab or CR some
 * spreadsheets drop before doing so, gets a leading `'` (OWASP's "CSV injection" advice): a URL or a
 * project name sent by a server must never become a formula on someone's machine.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutralise(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * One field: null is empty, a number as it is, text always quoted: Excel in many locales splits
 * records on `;` (or the locale's list separator), so text is quoted whatever it holds.
 */
export function csvField(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  return `"${neutralise(value).replace(/"/g, '""')}"`;
}

/** The whole file: a header record, then one record per row, every record ending in CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const record = (fields: readonly CsvValue[]) => `${fields.map(csvField).join(',')}\r\n`;
  return BOM + record(header) + rows.map(record).join('');
}

/** "page-reports-2026-11-25.csv" (the local date); with parts, "page-reports-site-2026-11-25.csv". */
export function csvFileName(now: Date, ...parts: string[]): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return `page-reports-${[...parts, date].join('-')}.csv`;
}
