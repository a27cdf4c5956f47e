// How phpRank shows a report and a project. The database keeps the score in an integer column, so
// a report read back has it rounded; only the answer to the request that scored it has the float.
// Release 1.1.0 never fills that column. Some PHP/MySQL setups send integers as strings.
import { groupByProject, iso } from '../model';
import type { ServiceSettings } from '../settings';
import type { PhpRankProject, PhpRankReport, PhpRankResults, StoredReport } from '../types';

/** The `result` column as the database holds it: the rounded score, or null in 1.1.0. */
export function resultColumn(stored: StoredReport, settings: ServiceSettings): number | null {
  if (settings.release === '1.1.0' || stored.score === undefined) return null;
  return Math.round(stored.score);
}

export function toPhpRankReport(
  stored: StoredReport,
  settings: ServiceSettings,
  fresh: boolean,
): PhpRankReport {
  const column = resultColumn(stored, settings);
  // The unrounded score is PHP's own number: never a string, even where the database sends strings.
  const result = column === null ? null : fresh ? (stored.score ?? column) : integer(column, settings);
  return {
    id: stored.id,
    url: stored.url,
    project: stored.project ?? '',
    result,
    results: structuredClone(stored.results) as PhpRankResults,
    privacy: stored.privacy,
    password: stored.passwordHash !== null,
    generated_at: iso(stored.generatedAt ?? stored.createdAt),
    created_at: iso(stored.createdAt),
    updated_at: iso(stored.updatedAt),
  };
}

/** One row per host: how many reports, the SUM of their scores (a DECIMAL, so a string), the oldest date. */
export function phpRankProjects(
  reports: readonly StoredReport[],
  settings: ServiceSettings,
): PhpRankProject[] {
  return [...groupByProject(reports)].map(([project, group]) => {
    const columns = group.map((report) => resultColumn(report, settings));
    // SQL's SUM skips NULLs and is NULL when there is nothing else.
    const scores = columns.filter((column): column is number => column !== null);
    return {
      project,
      reports: integer(group.length, settings),
      result: scores.length === 0 ? null : String(scores.reduce((sum, score) => sum + score, 0)),
      created_at: iso(Math.min(...group.map((report) => report.createdAt))),
    };
  });
}

function integer(value: number, settings: ServiceSettings): number | string {
  return settings.numericStrings ? String(value) : value;
}
