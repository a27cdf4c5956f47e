// phpRank's score and its bands (see notes/results-shape.md).
import type { Importance, PhpRankResults, Result } from '../types';

/** phpRank's default weights: a low-importance test counts for nothing. */
export const POINTS: Record<Importance, number> = { high: 10, medium: 5, low: 0 };

/** Passed points ÷ possible points × 100, unrounded (what a create answers). */
export function scoreOf(results: PhpRankResults): number {
  let passed = 0;
  let possible = 0;
  for (const test of Object.values(results)) {
    possible += POINTS[test.importance];
    if (test.passed) passed += POINTS[test.importance];
  }
  return possible === 0 ? 0 : (passed / possible) * 100;
}

/** The `result` filter's bands: good above 79, decent from 49 to 79, bad below 49. */
export function bandOf(score: number): Result {
  if (score > 79) return 'good';
  if (score >= 49) return 'decent';
  return 'bad';
}
