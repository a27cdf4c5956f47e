// The background's follower list (FOLLOWED_KEY, storage.session) as pages watch it: its schema and a watcher.
import * as z from 'zod/mini';
import { apiErrorSchema } from './api/errors';
import { watchActiveItem } from './connection-space';
import { reportCopySchema } from './report-store';
import { FOLLOWED_KEY } from './storage-keys';

/** generating: still read again; the rest say how the following ended (no_score: none given, or given up). */
const followState = z.enum(['generating', 'scored', 'no_score', 'gone', 'stopped']);
export type FollowState = z.infer<typeof followState>;

const followedSchema = z.object({
  id: z.union([z.string(), z.number()]),
  state: followState,
  report: z.nullable(reportCopySchema),
  /** The last read's failure; null after a success. */
  error: z.nullable(apiErrorSchema),
  /** Epoch ms: the give-up rule counts from here. */
  since: z.number(),
  attempts: z.number(),
  nextCheckAt: z.number(),
  endedAt: z.nullable(z.number()),
});
export type Followed = z.infer<typeof followedSchema>;

export const followedListSchema = z.array(followedSchema);

const followedFrom = (value: unknown): Followed[] => followedListSchema.safeParse(value).data ?? [];

/** Calls `listener` with every entry that changed (first those stored), and all; returns the stop. */
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
  return watchActiveItem(FOLLOWED_KEY, take);
}
