// Report ids come as numbers or strings (the API allows both): 12 and "12" name the same report.
import type { ReportId } from './api/types';

export function sameId(a: ReportId, b: ReportId): boolean {
  return reportKey(a) === reportKey(b);
}

/** The id as a string: a key for sets, maps, JSX and the options page's hash. */
export function reportKey(id: ReportId): string {
  return String(id);
}
