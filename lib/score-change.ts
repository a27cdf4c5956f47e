// A report's score against its previous analysis, as the history index tells it: for the reports table
// and the CSV export, which read one index for a whole page of reports. Pure.
import { roundScore } from './api/score';
import type { HistoryEntry } from './history-store';

export interface ScoreChange {
  /** The previous analysis's score. */
  previous: number;
  /** Points up (positive) or down since then. */
  change: number;
}

/**
 * The change of `report`'s score since the analysis before it, or null when the history cannot tell (no
 * history, a single analysis, no score). The history may not hold the report's newest analysis yet: then
 * the newest it holds is the previous one, provided it ran earlier.
 */
export function scoreChangeOf(
  entry: HistoryEntry | undefined,
  report: { generatedAt: string | null; score: number | null },
): ScoreChange | null {
  if (!entry || report.generatedAt === null || report.score === null) return null;
  const previous =
    entry.last.generatedAt === report.generatedAt
      ? entry.previous
      : Date.parse(entry.last.generatedAt) < Date.parse(report.generatedAt)
        ? entry.last
        : null;
  if (!previous || previous.score === null) return null;
  return { previous: previous.score, change: roundScore(report.score) - previous.score };
}
