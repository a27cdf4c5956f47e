// A project's average score over time, from its reports' histories. Pages added later must not read as the
// site getting worse: each step moves by the mean change of the pages scored at both points, and the line
// ends at the mean of every page's latest score (the average the project shows).
import { bandOfScore, roundScore } from './api/score';
import { analysisTime, type Snapshot } from './history';

export interface TrendPoint extends Pick<Snapshot, 'generatedAt' | 'takenAt' | 'score' | 'band'> {
  pages: number;
  /** Pages scored for the first time here (none at the first point). */
  joined: number;
}

/** Analyses this close together make one point: pages created or regenerated in one go are one step. */
const STEP_MS = 60_000;

interface Step {
  last: Snapshot;
  change: number;
  pages: number;
  joined: number;
}

/** A point per minute in which analyses ran; a page counts from its first score on. */
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
  const steps: Step[] = [];
  const stepOf = (time: number) => Math.floor(time / STEP_MS);
  let before = new Map<number, number>();
  analyses.forEach(({ page, snapshot, score, time }, index) => {
    latest.set(page, score);
    // The point is drawn once every analysis of that minute is counted.
    const next = analyses[index + 1];
    if (next && stepOf(next.time) === stepOf(time)) return;
    let change = 0;
    for (const [followed, was] of before) change += latest.get(followed)! - was;
    steps.push({
      last: snapshot,
      change: before.size > 0 ? change / before.size : 0,
      pages: latest.size,
      joined: before.size > 0 ? latest.size - before.size : 0,
    });
    before = new Map(latest);
  });
  if (steps.length === 0) return [];

  // From today's average back: each earlier point is the later one less the change between them.
  const values: number[] = [];
  let value = mean([...latest.values()]);
  for (let index = steps.length - 1; index >= 0; index--) {
    // Chained changes can point past the scale (a page falling 95 → 45 while a page at 90 joins).
    values[index] = Math.min(100, Math.max(0, value));
    value -= steps[index]!.change;
  }
  return steps.map(({ last, pages, joined }, index) => {
    const score = roundScore(values[index]!);
    return {
      generatedAt: last.generatedAt,
      takenAt: last.takenAt,
      score,
      band: bandOfScore(score),
      pages,
      joined,
    };
  });
}

const mean = (scores: number[]) => scores.reduce((sum, each) => sum + each, 0) / scores.length;
