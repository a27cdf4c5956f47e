// RFC 4180: text quoted with its quotes doubled, numbers bare, CRLF records, a byte-order mark first. The
// separator is the one the person's spreadsheet opens by default (a message says which).
import { t } from '@/lib/i18n';

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

/** The whole file: a header record, then one record per row, every record ending in CRLF. */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly CsvValue[])[],
  separator: CsvSeparator = ',',
): string {
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

/** A part of a file name: letters, digits, `.`, `_` and `-` only, at most 60 characters. */
function namePart(text: string): string {
  return text
    .replace(/[^\p{L}\p{N}._-]+/gu, '-')
    .replace(/^[.-]+|[.-]+$/g, '')
    .slice(0, 60);
}

/** "page-reports-example.com-bad-2026-11-25.csv": what the file holds, then the local date. */
export function csvFileName(now: Date, ...parts: string[]): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  const named = parts.map(namePart).filter(Boolean);
  return `page-reports-${[...named, date].join('-')}.csv`;
}
