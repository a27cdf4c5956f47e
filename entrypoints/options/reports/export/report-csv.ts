// The export's columns, in a fixed order, and the file's name. Names and values are the same whatever the
// browser's language (band and privacy as the API's words, dates as the service sent them, scores with a
// dot): a file made in German and one made in English can be joined or read by the same script.
import { PRIVACY, type Privacy } from '@/lib/api/types';
import type { ExportRow } from '@/lib/export/export-row';
import { toCsv, type CsvValue } from './csv';

export const CSV_COLUMNS = [
  'URL',
  'Project',
  'Band',
  'Score',
  'Previous score',
  'Change',
  'Privacy',
  'Created',
  'Generated',
  'High issues',
  'Medium issues',
  'Low issues',
  'Passed tests',
] as const;

/** The API's word for a privacy value: PRIVACY's own names ("public", "private", "password"). */
function privacyWord(privacy: Privacy | null): string | null {
  return Object.entries(PRIVACY).find(([, value]) => value === privacy)?.[0] ?? null;
}

/** One row's fields, in CSV_COLUMNS' order. */
export function csvRecord(row: ExportRow): CsvValue[] {
  const counts = row.counts;
  return [
    row.url,
    row.project,
    row.result,
    row.score,
    row.previousScore,
    row.change,
    privacyWord(row.privacy),
    row.createdAt,
    row.generatedAt,
    counts?.high ?? null,
    counts?.medium ?? null,
    counts?.low ?? null,
    counts?.passed ?? null,
  ];
}

export function reportsCsv(rows: readonly ExportRow[]): string {
  return toCsv(CSV_COLUMNS, rows.map(csvRecord));
}
