// A project's average score over time, from the history the extension keeps of each of its reports
// (lib/history.ts): at each analysis, the mean of every page's latest score so far. Pure.
import { bandOfScore, roundScore } from './api/score';
import { analysisTime } from './analysis-time';
import type { Snapshot } from './history';

/** One point of the trend: what ScoreChart draws. */
export type TrendPoint = Pick<Snapshot, 'generatedAt' | 'takenAt' | 'score' | 'band'>;

/**
 * The trend of a project whose reports have these histories (each oldest first). A point per moment an
 * analysis ran; analyses at the same moment make one point. Unscored analyses are left out, so a page
 * counts from its first score on.
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
  analyses.forEach(({ page, snapshot, score, time }, index) => {
    latest.set(page, score);
    // The point is drawn once every analysis of that moment is counted.
    if (analyses[index + 1]?.time === time) return;
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
