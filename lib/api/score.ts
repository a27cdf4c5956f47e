// The service's bands of its 0–100 score (phpRank's `result` filter and badges): API.md's words.
import type { ReportResult } from './types';

export const GOOD_ABOVE = 79;
export const DECENT_FROM = 49;

/** The band of a score, taken from the whole number shown beside it so the two never disagree. */
export function bandOfScore(score: number): ReportResult {
  const shown = roundScore(score);
  if (shown > GOOD_ABOVE) return 'good';
  if (shown >= DECENT_FROM) return 'decent';
  return 'bad';
}

export function roundScore(score: number): number {
  return Math.min(100, Math.max(0, Math.round(score)));
}
