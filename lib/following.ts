// Following a report until it has a result: what pages may know of it. The background's follower
// (entrypoints/background/follower.ts) alone reads the report again, waits and gives up; it writes each
// report's state into storage.session under FOLLOWED_KEY (in memory, like the popup's cache: report
// copies never go to disk), and pages only watch that (never poll). Types, a shape check and a watcher
// over the browser's own storage API: nothing here calls the service.
import type { ApiError } from './api/errors';
import type { ReportId, ReportSummary } from './api/types';
import { watchActiveItem } from './connection-space';
import { FOLLOWED_KEY } from './storage-keys';

/**
 * generating: still read again. The rest say how the following ended: scored (it has its result),
 * no_score (the service gave none, or the follower gave up: lib/report-state GIVE_UP_AFTER_MS), gone
 * (the service says the report does not exist) or stopped (a failure waiting cannot fix, in `error`).
 */
export type FollowState = 'generating' | 'scored' | 'no_score' | 'gone' | 'stopped';

export interface Followed {
  id: ReportId;
  state: FollowState;
  /** The newest copy the follower read; null before its first read. */
  report: ReportSummary | null;
  /** The last read's failure (a passing one while generating; the one that ended it otherwise); null after a success. */
  error: ApiError | null;
  /** When this following started (epoch ms): the give-up rule counts from here. */
  since: number;
  /** Reads made so far: the backoff's step. */
  attempts: number;
  /** When the next read is due (epoch ms); meaningless once ended. */
  nextCheckAt: number;
  /** When the following ended (epoch ms); null while generating. */
  endedAt: number | null;
}

/**
 * The entries of a stored value that pages can use (storage is not trusted blindly); the background
 * checks the rest of each entry itself.
 */
export function followedFrom(value: unknown): Followed[] {
  return Array.isArray(value)
    ? value.filter(
        (entry): entry is Followed =>
          typeof entry?.state === 'string' && (typeof entry.id === 'string' || typeof entry.id === 'number'),
      )
    : [];
}

/**
 * Calls `listener` with every entry that changed (new, another state, another copy, another error),
 * first with those already stored, and with all of them; returns the function that stops watching.
 * Pages use this, never a timer of their own.
 */
export function watchFollowed(listener: (changed: Followed[], all: Followed[]) => void): () => void {
  let known: Record<string, string> = {};
  const take = (value: unknown) => {
    const all = followedFrom(value);
    const seen: Record<string, string> = {};
    // Reads that changed nothing a page shows (another attempt, another due time) are not news.
    const changed = all.filter((entry) => {
      const key = String(entry.id);
      seen[key] = JSON.stringify([entry.state, entry.report, entry.error]);
      return known[key] !== seen[key];
    });
    known = seen;
    if (changed.length > 0) listener(changed, all);
  };
  // The active connection's list.
  return watchActiveItem(FOLLOWED_KEY, take);
}
