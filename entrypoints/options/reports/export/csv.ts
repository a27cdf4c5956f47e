// A small RFC 4180 writer: fields with a comma, a quote, CR or LF are quoted and their quotes doubled;
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

/** One field: null is empty; text that needs it is quoted. */
export function csvField(value: CsvValue): string {
  if (value === null) return '';
  const text = neutralise(String(value));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: a header record, then one record per row, every record ending in CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const record = (fields: readonly CsvValue[]) => `${fields.map(csvField).join(',')}\r\n`;
  return BOM + record(header) + rows.map(record).join('');
}
