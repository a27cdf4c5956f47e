// A project's average score over time, from the history the extension keeps of each of its reports
// (lib/history.ts): after each minute with analyses, the mean of every page's latest score so far. Pure.
import { bandOfScore, roundScore } from './api/score';
import { analysisTime } from './history-store';
import type { Snapshot } from './history';

export type TrendPoint = Pick<Snapshot, 'generatedAt' | 'takenAt' | 'score' | 'band'>;

/** Analyses this close together make one point: pages created or regenerated in one go are one step. */
const STEP_MS = 60_000;

/**
 * The trend of a project whose reports have these histories (each oldest first): a point per minute in
 * which analyses ran, at the last of them. Unscored analyses are left out, so a page counts from its
 * first score on.
 */
export function siteTrend(histories: readonly (readonly Snapshot[])[]): TrendPoint[] {
  const analyses = histories
    .flatMap((history, page) =>
      history.flatMap((snapshot) =>
        snapshot.score === null
          ? []
          : [{ page, snapshot, score: snapshot.score, time: analysisTime(snapshot) }],
      ),
    )
    .sort((a, b) => a.time - b.time);
  const latest = new Map<number, number>();
  const points: TrendPoint[] = [];
  const stepOf = (time: number) => Math.floor(time / STEP_MS);
  analyses.forEach(({ page, snapshot, score, time }, index) => {
    latest.set(page, score);
    // The point is drawn once every analysis of that minute is counted.
    const next = analyses[index + 1];
    if (next && stepOf(next.time) === stepOf(time)) return;
    const mean = roundScore([...latest.values()].reduce((sum, each) => sum + each, 0) / latest.size);
    points.push({
      generatedAt: snapshot.generatedAt,
      takenAt: snapshot.takenAt,
      score: mean,
      band: bandOfScore(mean),
    });
  });
  return points;
}
