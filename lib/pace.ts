// The pace of a run of requests against the service's throttle, for every job. Three things set the pause
// before the next request:
// - the normal pause;
// - the throttle's own headers on each answer (X-RateLimit-Remaining / -Limit): nearly out of room, the
//   pace drops to one request per (60 s / limit), which never meets the limit (phpRank allows 60 a minute);
// - a 429's Retry-After: the pause then stays at that wait (doubling if another 429 comes despite it)
//   until an answer shows room again, and only then goes back to the normal pace.
import type { ApiError, RateLimit, Result } from './api/errors';

/** phpRank's throttle per client; assumed when the server says how much room is left but not its limit. */
const DEFAULT_LIMIT_PER_MINUTE = 60;
/** "Nearly out of room": this many requests left or fewer... */
const LOW_REMAINING = 5;
/** ...or this share of the limit. */
const LOW_SHARE = 0.1;

/** Whether the throttle's headers say there is little room left (unknown room is not low). */
export function isRoomLow({ limit, remaining }: RateLimit): boolean {
  if (remaining === null) return false;
  return remaining <= LOW_REMAINING || (limit !== null && limit > 0 && remaining <= limit * LOW_SHARE);
}

/**
 * A throttle's window is not in its headers; Laravel's (and phpRank's) is a minute. A pace slower than
 * this is not worth guessing: a small limit with a shorter window would make the page crawl, and a 429's
 * Retry-After says exactly how long to wait anyway.
 */
const SLOWEST_STEADY_PACE_MS = 2000;

/** One request per (60 s / limit), the pace at which a per-minute limit is never met; at most 2 s. */
export function steadyPaceMs({ limit }: RateLimit): number {
  const perMinute = limit !== null && limit > 0 ? limit : DEFAULT_LIMIT_PER_MINUTE;
  return Math.min(SLOWEST_STEADY_PACE_MS, Math.ceil(60_000 / perMinute));
}

/** Retry-After is obeyed up to this; a wild header cannot freeze a run. */
const MAX_WAIT_MS = 60_000;
/** A request met by this many 429s in a row has that 429 as its answer. */
const MAX_RATE_LIMITED = 3;

/**
 * The one pace of a run of requests: the pause before the next one, from the answers so far. After each
 * answer, `after` says whether to send the same request again (a 429 waited out as its Retry-After says,
 * else 1, 2, 4 s, three times at most) and how long to wait first.
 */
export function createPacer(pauseMs = 250, maxWaitMs = MAX_WAIT_MS) {
  /** Raised by 429s; dropped once the server shows room again. */
  let backoffMs = 0;
  /** The steady pace while the headers say room is low; 0 otherwise. */
  let throttleMs = 0;
  let limitedInARow = 0;
  return {
    next: () => Math.min(maxWaitMs, Math.max(pauseMs, backoffMs, throttleMs)),
    /** The wait before sending the same request again, or null when `result` is its answer. */
    after(result: Result<unknown>): number | null {
      if (isRateLimited(result) && limitedInARow < MAX_RATE_LIMITED) {
        const waitMs = Math.min(
          maxWaitMs,
          Math.max(1, result.error.retryAfterSeconds ?? 2 ** limitedInARow) * 1000,
        );
        limitedInARow++;
        // The pace becomes that wait; another 429 despite it doubles it.
        backoffMs = Math.min(maxWaitMs, Math.max(waitMs, backoffMs * 2));
        return waitMs;
      }
      limitedInARow = 0;
      // Answers without the throttle's headers leave the pace as it is.
      const rateLimit = result.ok ? result.rateLimit : undefined;
      if (rateLimit && rateLimit.remaining !== null) {
        throttleMs = isRoomLow(rateLimit) ? steadyPaceMs(rateLimit) : 0;
        if (throttleMs === 0) backoffMs = 0;
      }
      return null;
    },
  };
}

/** A 429: nothing was written, so the same request may go again once the service's wait is over. */
export function isRateLimited(result: Result<unknown>): result is { ok: false; error: ApiError } {
  return !result.ok && result.error.kind === 'rate_limited';
}

/** The pause between two requests, which Stop (the signal) ends at once. */
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
