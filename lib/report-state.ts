// Whether a report has its score, is still being generated, or never will be. phpRank 1.1.0 stores
// every report with `result: null` (a bug of that release) although it generated it; a server that
// generates later gets a bounded wait, so nobody watches "Generating…" forever.
import type { Report } from './api/types';
import type { FollowState } from './following';

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
  const since = changedAt(report);
  return since !== null && now - since > GIVE_UP_AFTER_MS ? 'no_score' : 'generating';
}

/** When the report last changed (epoch ms), or null when the service sent no date. */
function changedAt(report: Pick<Report, 'createdAt' | 'updatedAt'>): number | null {
  const since = Date.parse(report.updatedAt ?? report.createdAt ?? '');
  return Number.isFinite(since) ? since : null;
}

/** Whether it is worth asking the service again for this report's score. */
export function isGenerating(report: Parameters<typeof scoreState>[0], now: number): boolean {
  return scoreState(report, now) === 'generating';
}

/**
 * What a page shows of a report: its own state, unless the background's follower gave up on it
 * (lib/following) while it still looks "Generating…". A report without dates never ages into `no_score`
 * by itself, so without this rule the popup and the details would say "Generating…" for ever; it has no
 * generated date either, so `unfinished` ("the service has not finished it") is what is known. A dated
 * one is `no_score`, as its own dates say a moment later (the follower counts from when it started).
 */
export type ShownState = ScoreState | 'unfinished';

export function shownState(
  report: Parameters<typeof scoreState>[0],
  now: number,
  followed: FollowState | null | undefined,
): ShownState {
  const state = scoreState(report, now);
  if (state !== 'generating' || followed !== 'no_score') return state;
  return changedAt(report) === null ? 'unfinished' : 'no_score';
}
