// The background's follower job (FOLLOWED_KEY, storage.session) as pages watch it: its schema and a watcher.
import * as z from 'zod/mini';
import { apiErrorSchema, type ApiError } from './api/errors';
import { watchActiveItem } from './connection-space';
import { reportCopySchema } from './report-store';
import { FOLLOWED_KEY } from './storage-keys';

/** generating: still read again; the rest say how the following ended (no_score: none given, or given up). */
const followState = z.enum(['generating', 'scored', 'no_score', 'gone', 'stopped']);
export type FollowState = z.infer<typeof followState>;

/** An ended entry stays this long, so pages open at that moment see how it ended. */
export const KEEP_ENDED_MS = 60_000;

/** A step of the follower's job, as far as pages read it. */
const followedSchema = z.object({
  id: z.union([z.string(), z.number()]),
  follow: followState,
  report: z.nullable(reportCopySchema),
  /** The last read's failure; none after a success. */
  error: z.optional(apiErrorSchema),
  endedAt: z.nullable(z.number()),
});
const followedJobSchema = z.object({ items: z.array(followedSchema) });
export type FollowedStep = z.infer<typeof followedSchema>;

export interface Followed extends Pick<FollowedStep, 'id' | 'report'> {
  state: FollowState;
  error: ApiError | null;
}

/** The followed reports in the stored job, but those ended over KEEP_ENDED_MS ago. */
export function followedFrom(value: unknown, now = Date.now()): Followed[] {
  const items = followedJobSchema.safeParse(value).data?.items ?? [];
  return items
    .filter((entry) => entry.endedAt === null || now - entry.endedAt < KEEP_ENDED_MS)
    .map(({ id, follow, report, error }) => ({ id, state: follow, report, error: error ?? null }));
}
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
