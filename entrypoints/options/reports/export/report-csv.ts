// Columns and values are the same in every language, so files made in German and in English can be joined.
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
