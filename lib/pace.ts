// The pace of a job's requests against the service's throttle: the normal pause; nearly out of room (the
// X-RateLimit headers), one request per (60 s / limit); after a 429, its Retry-After (doubling if another
// comes despite it) until an answer shows room again.
import type { RateLimit, Result } from './api/errors';

/** phpRank's throttle per client, when the server gives no limit. */
const DEFAULT_LIMIT_PER_MINUTE = 60;
/** "Nearly out of room": this many requests left or fewer, or this share of the limit. */
const LOW_REMAINING = 5;
const LOW_SHARE = 0.1;

function isRoomLow({ limit, remaining }: RateLimit): boolean {
  if (remaining === null) return false;
  return remaining <= LOW_REMAINING || (limit !== null && limit > 0 && remaining <= limit * LOW_SHARE);
}

/** The window is not in the headers (phpRank's is a minute): a slower pace is not worth guessing. */
const SLOWEST_STEADY_PACE_MS = 2000;

function steadyPaceMs({ limit }: RateLimit): number {
  const perMinute = limit !== null && limit > 0 ? limit : DEFAULT_LIMIT_PER_MINUTE;
  return Math.min(SLOWEST_STEADY_PACE_MS, Math.ceil(60_000 / perMinute));
}

/** A wild Retry-After cannot freeze a run. */
const MAX_WAIT_MS = 60_000;
const MAX_RATE_LIMITED = 3;
const PAUSE_MS = 250;

/**
 * After each answer, `after` says whether to wait and send the same request again (a 429, three at most);
 * `limitedSoFar`: the 429s that request met already (a job keeps them across worker restarts).
 */
export function createPacer(limitedSoFar = 0) {
  let backoffMs = 0;
  let throttleMs = 0;
  let limitedInARow = limitedSoFar;
  return {
    next: () => Math.min(MAX_WAIT_MS, Math.max(PAUSE_MS, backoffMs, throttleMs)),
    /** The 429s in a row waited out so far. */
    limited: () => limitedInARow,
    after(result: Result<unknown>): number | null {
      if (!result.ok && result.error.kind === 'rate_limited' && limitedInARow < MAX_RATE_LIMITED) {
        const waitMs = Math.min(
          MAX_WAIT_MS,
          Math.max(1, result.error.retryAfterSeconds ?? 2 ** limitedInARow) * 1000,
        );
        limitedInARow++;
        backoffMs = Math.min(MAX_WAIT_MS, Math.max(waitMs, backoffMs * 2));
        return waitMs;
      }
      limitedInARow = 0;
      const rateLimit = result.ok ? result.rateLimit : undefined;
      if (rateLimit && rateLimit.remaining !== null) {
        throttleMs = isRoomLow(rateLimit) ? steadyPaceMs(rateLimit) : 0;
        if (throttleMs === 0) backoffMs = 0;
      }
      return null;
    },
  };
}

/** A pause that Stop (the signal) ends at once. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}
