// Whether a report has its score, is still being generated, or never will be: a bounded wait, so nobody
// watches "Generating…" forever (phpRank 1.1.0 stores every report with `result: null`).
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

function changedAt(report: Pick<Report, 'createdAt' | 'updatedAt'>): number | null {
  const since = Date.parse(report.updatedAt ?? report.createdAt ?? '');
  return Number.isFinite(since) ? since : null;
}

export function isGenerating(report: Parameters<typeof scoreState>[0], now: number): boolean {
  return scoreState(report, now) === 'generating';
}

/**
 * What a page shows: its own state, unless the follower gave up on it while it still looks "Generating…".
 * Without dates it would never age into `no_score`: `unfinished` is what is known of it.
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
