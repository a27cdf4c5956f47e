// Requests the options page sends one after another ("Delete selected", the CSV export), paced to the
// service's throttle (lib/pace.ts). A 429 is waited out as its Retry-After says (else 1, 2, 4 s), a few
// times, before it counts as the answer; the pace then stays at that wait until the service shows room.
import type { Result } from '@/lib/api/errors';
import { abortableSleep, createPacer, isRateLimited } from '@/lib/pace';

export interface PaceOptions {
  /** Normal pause between two requests, while the service has room. */
  pauseMs?: number;
  /** How often one request is sent again after a 429. */
  maxRateLimitRetries?: number;
  /** Longest wait accepted from Retry-After (and longest pause), so a wild header cannot freeze the page. */
  maxWaitSeconds?: number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

export function createPacedSender(options: PaceOptions = {}) {
  const { pauseMs = 250, maxRateLimitRetries = 3, maxWaitSeconds = 60, sleep = abortableSleep } = options;
  const pacer = createPacer(pauseMs, maxWaitSeconds * 1000);
  return {
    /** The pause before the next request; Stop (the signal) ends it at once. */
    pause: (signal: AbortSignal) => sleep(pacer.next(), signal),
    /**
     * Sends `call`, and again after each 429 while not stopped. `onWait` hears how many seconds each wait
     * lasts, then null once it is over. A 429 answered after Stop is returned as it is.
     */
    async send<T>(
      call: () => Promise<Result<T>>,
      signal: AbortSignal,
      onWait: (seconds: number | null) => void,
    ): Promise<Result<T>> {
      let result = await call();
      for (let retry = 0; retry < maxRateLimitRetries && isRateLimited(result) && !signal.aborted; retry++) {
        const seconds = Math.min(maxWaitSeconds, Math.max(1, result.error.retryAfterSeconds ?? 2 ** retry));
        pacer.rateLimited(seconds * 1000);
        onWait(seconds);
        await sleep(seconds * 1000, signal);
        if (signal.aborted) break;
        onWait(null);
        result = await call();
      }
      if (result.ok) pacer.answered(result.rateLimit);
      return result;
    },
  };
}
