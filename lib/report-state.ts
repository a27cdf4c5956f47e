// Whether a report has its score, is still being generated, or never will be. phpRank 1.1.0 stores
// every report with `result: null` (a bug of that release) although it generated it; a server that
// generates later gets a bounded wait, so nobody watches "Generating…" forever.
import type { Report } from './api/types';

/** After this long without a score, a report counts as "the service gave no score". */
export const GIVE_UP_AFTER_MS = 10 * 60_000;

export type ScoreState = 'scored' | 'generating' | 'no_score';

export function scoreState(
  report: Pick<Report, 'result' | 'generatedAt' | 'createdAt' | 'updatedAt'>,
  now: number,
): ScoreState {
  if (report.result !== null) return 'scored';
  // Generated, yet no score: it will not come by waiting.
  if (report.generatedAt) return 'no_score';
  const since = Date.parse(report.updatedAt ?? report.createdAt ?? '');
  return Number.isFinite(since) && now - since > GIVE_UP_AFTER_MS ? 'no_score' : 'generating';
}

/** Whether it is worth asking the service again for this report's score. */
export function isGenerating(report: Parameters<typeof scoreState>[0], now: number): boolean {
  return scoreState(report, now) === 'generating';
}
