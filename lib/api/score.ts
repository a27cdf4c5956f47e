// The service's bands of its 0–100 score (phpRank's `result` filter and badges): API.md's words.
import type { ReportResult } from './types';

/** Scores above this are good. */
export const GOOD_ABOVE = 79;
/** Scores from this up to GOOD_ABOVE are decent; below it, bad. */
export const DECENT_FROM = 49;

/** The band of a score, taken from the whole number shown beside it so the two never disagree. */
export function bandOfScore(score: number): ReportResult {
  const shown = roundScore(score);
  if (shown > GOOD_ABOVE) return 'good';
  if (shown >= DECENT_FROM) return 'decent';
  return 'bad';
}

/** A score as people read it: a whole number from 0 to 100. */
export function roundScore(score: number): number {
  return Math.min(100, Math.max(0, Math.round(score)));
}
