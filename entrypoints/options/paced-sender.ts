// The CSV export's pages, asked one after another, paced to the service's throttle (lib/pace.ts: the one
// pacer, with its rule for 429s).
import type { Result } from '@/lib/api/errors';
import { abortableSleep, createPacer } from '@/lib/pace';

export interface PaceOptions {
  /** Normal pause between two requests, while the service has room. */
  pauseMs?: number;
  /** Longest wait accepted from Retry-After (and longest pause), so a wild header cannot freeze the page. */
  maxWaitSeconds?: number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

export function createPacedSender(options: PaceOptions = {}) {
  const { pauseMs = 250, maxWaitSeconds = 60, sleep = abortableSleep } = options;
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
      for (
        let waitMs = pacer.after(result);
        waitMs !== null && !signal.aborted;
        waitMs = pacer.after(result)
      ) {
        onWait(waitMs / 1000);
        await sleep(waitMs, signal);
        if (signal.aborted) break;
        onWait(null);
        result = await call();
      }
      return result;
    },
  };
}
