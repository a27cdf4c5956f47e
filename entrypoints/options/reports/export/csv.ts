// RFC 4180: text quoted with its quotes doubled, numbers bare, CRLF records, a byte-order mark first.

export type CsvValue = string | number | null;

/** U+FEFF, written as EF BB BF in UTF-8: Excel otherwise reads a CSV in the system's code page. */
export const BOM = '\uFEFF';

/** A server's text must never run as a spreadsheet formula (OWASP "CSV injection"): it gets a leading `'`. */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutralise(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Text is always quoted: Excel in many locales splits records on `;`, not `,`. */
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
