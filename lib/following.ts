// Following a report until it has a result: what pages may know of it. The background's follower
// (entrypoints/background/follower.ts) alone reads the report again, waits and gives up; it writes each
// report's state into storage.local under FOLLOWED_KEY, and pages only watch that (never poll). Types,
// a shape check and a watcher over the browser's own storage API: nothing here calls the service.
import type { ApiError } from './api/errors';
import type { Report, ReportId } from './api/types';
import { browser } from './page-browser';
import { sameId } from './report-id';

/** The storage.local key of the followed reports (the background's item is `local:${FOLLOWED_KEY}`). */
export const FOLLOWED_KEY = 'pendingGenerations';

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
  report: Report | null;
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

const STATES: readonly FollowState[] = ['generating', 'scored', 'no_score', 'gone', 'stopped'];

/** The entries of a stored value that have the expected shape (storage is not trusted blindly). */
export function followedFrom(value: unknown): Followed[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (entry): entry is Followed =>
      typeof entry === 'object' &&
      entry !== null &&
      (typeof entry.id === 'string' || typeof entry.id === 'number') &&
      STATES.includes(entry.state) &&
      (entry.report === null || (typeof entry.report === 'object' && sameId(entry.report.id, entry.id))) &&
      (entry.error === null || typeof entry.error?.kind === 'string') &&
      typeof entry.since === 'number' &&
      typeof entry.attempts === 'number' &&
      typeof entry.nextCheckAt === 'number' &&
      (entry.endedAt === null || typeof entry.endedAt === 'number'),
  );
}

/**
 * Calls `listener` with every entry that changed (new, another state, another copy, another error),
 * first with those already stored, and with all of them; returns the function that stops watching.
 * Pages use this, never a timer of their own.
 */
export function watchFollowed(listener: (changed: Followed[], all: Followed[]) => void): () => void {
  const area = browser.storage.local;
  let known = new Map<string, string>();
  let stopped = false;
  const take = (value: unknown) => {
    const next = new Map<string, string>();
    const changed: Followed[] = [];
    const all = followedFrom(value);
    for (const entry of all) {
      const key = String(entry.id);
      // Reads that changed nothing visible (another attempt, another due time) are not news.
      const seen = JSON.stringify([entry.state, entry.report, entry.error, entry.since]);
      next.set(key, seen);
      if (known.get(key) !== seen) changed.push(entry);
    }
    known = next;
    if (changed.length > 0 && !stopped) listener(changed, all);
  };
  let changedFirst = false;
  const onChanged = (changes: Record<string, { newValue?: unknown }>) => {
    if (!(FOLLOWED_KEY in changes)) return;
    changedFirst = true;
    take(changes[FOLLOWED_KEY]?.newValue);
  };
  area.onChanged.addListener(onChanged);
  void area.get(FOLLOWED_KEY).then(
    (items) => {
      // A change that came first is newer than this read.
      if (!changedFirst) take(items[FOLLOWED_KEY]);
    },
    () => undefined,
  );
  return () => {
    stopped = true;
    area.onChanged.removeListener(onChanged);
  };
}
