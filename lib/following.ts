// Following a report until it has a result: what pages may know of it. The background's follower
// (entrypoints/background/follower.ts) alone reads the report again, waits and gives up; it writes each
// report's state into storage.session under FOLLOWED_KEY (in memory, like the popup's cache: report
// copies never go to disk), and pages only watch that (never poll). The item's schema (its type for the
// writer, its check for the readers) and a watcher: nothing here calls the service.
import * as z from 'zod/mini';
import { apiErrorSchema } from './api/errors';
import { watchActiveItem } from './connection-space';
import { reportCopySchema } from './report-store';
import { FOLLOWED_KEY } from './storage-keys';

/**
 * generating: still read again. The rest say how the following ended: scored (it has its result),
 * no_score (the service gave none, or the follower gave up: lib/report-state GIVE_UP_AFTER_MS), gone
 * (the service says the report does not exist) or stopped (a failure waiting cannot fix, in `error`).
 */
const followState = z.enum(['generating', 'scored', 'no_score', 'gone', 'stopped']);
export type FollowState = z.infer<typeof followState>;

const followedSchema = z.object({
  id: z.union([z.string(), z.number()]),
  state: followState,
  /** The newest copy the follower read; null before its first read. */
  report: z.nullable(reportCopySchema),
  /** The last read's failure (a passing one while generating; the one that ended it otherwise); null after a success. */
  error: z.nullable(apiErrorSchema),
  /** When this following started (epoch ms): the give-up rule counts from here. */
  since: z.number(),
  /** Reads made so far: the backoff's step. */
  attempts: z.number(),
  /** When the next read is due (epoch ms); meaningless once ended. */
  nextCheckAt: z.number(),
  /** When the following ended (epoch ms); null while generating. */
  endedAt: z.nullable(z.number()),
});
export type Followed = z.infer<typeof followedSchema>;

/** The follower's list (FOLLOWED_KEY), written by the background and watched by pages. */
export const followedListSchema = z.array(followedSchema);

/** The stored list, or none when it does not fit its schema. */
const followedFrom = (value: unknown): Followed[] => followedListSchema.safeParse(value).data ?? [];

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
