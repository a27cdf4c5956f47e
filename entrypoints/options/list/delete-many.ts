// Deleting many items one after another, paced so the service's rate limit holds, with a 429 answered by
// waiting as long as the server asks and trying that item again (a few times at most). After a 429 the
// pause between the remaining items grows to that wait, so the rest stays under the limit instead of
// meeting it again and again.
import type { ApiError, Result } from '@/lib/api/errors';

export interface DeleteManyProgress {
  done: number;
  total: number;
  /** Set while waiting because the service asked to slow down. */
  waitingSeconds: number | null;
}

export interface DeleteManyOutcome<T> {
  deleted: T[];
  failed: { item: T; error: ApiError }[];
  /** Items not tried because the person stopped. */
  skipped: T[];
}

export interface DeleteManyOptions {
  /** Pause between two requests, until the service first asks to slow down. */
  pauseMs?: number;
  /** How often one item is tried again after a 429. */
  maxRateLimitRetries?: number;
  /** Longest wait accepted from Retry-After, so a wild header cannot freeze the page. */
  maxWaitSeconds?: number;
  signal?: AbortSignal;
  onProgress?: (progress: DeleteManyProgress) => void;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** An item already gone (404) counts as deleted: the person wanted it gone. */
export function isDeleted<T>(
  result: Result<T>,
): result is Extract<Result<T>, { ok: true }> | { ok: false; error: ApiError & { kind: 'not_found' } } {
  return result.ok || result.error.kind === 'not_found';
}

/** Deletes each item in turn; an item already gone counts as deleted (isDeleted). */
export async function deleteMany<T>(
  items: readonly T[],
  deleteOne: (item: T) => Promise<Result<unknown>>,
  options: DeleteManyOptions = {},
): Promise<DeleteManyOutcome<T>> {
  const {
    pauseMs = 250,
    maxRateLimitRetries = 3,
    maxWaitSeconds = 60,
    signal,
    onProgress,
    sleep = abortableSleep,
  } = options;
  const outcome: DeleteManyOutcome<T> = { deleted: [], failed: [], skipped: [] };
  const report = (waitingSeconds: number | null = null) =>
    onProgress?.({
      done: outcome.deleted.length + outcome.failed.length,
      total: items.length,
      waitingSeconds,
    });

  let pause = pauseMs;
  let rateLimited = false;
  for (const [index, item] of items.entries()) {
    if (index > 0 && !signal?.aborted) await sleep(pause, signal);
    if (signal?.aborted) {
      outcome.skipped.push(...items.slice(index));
      break;
    }
    let result = await deleteOne(item);
    for (let retry = 0; retry < maxRateLimitRetries && isRateLimited(result) && !signal?.aborted; retry++) {
      const seconds = Math.min(maxWaitSeconds, Math.max(1, result.error.retryAfterSeconds ?? 2 ** retry));
      // The first 429 sets the pace to the wait it asked for; another one, despite that pace, doubles it.
      pause = Math.min(maxWaitSeconds * 1000, Math.max(seconds * 1000, rateLimited ? pause * 2 : pause));
      rateLimited = true;
      report(seconds);
      await sleep(seconds * 1000, signal);
      if (signal?.aborted) break;
      result = await deleteOne(item);
    }
    if (isRateLimited(result) && signal?.aborted) outcome.skipped.push(item);
    else if (isDeleted(result)) outcome.deleted.push(item);
    else outcome.failed.push({ item, error: result.error });
    report();
  }
  return outcome;
}

function isRateLimited(result: Result<unknown>): result is { ok: false; error: ApiError } {
  return !result.ok && result.error.kind === 'rate_limited';
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
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

/**
 * "Deleted 4 reports. 1 could not be deleted: https://… (The service had a problem. Try again in a
 * moment). 2 reports were not deleted because you pressed Stop."
 */
export function summarizeDeleteMany<T>(
  outcome: DeleteManyOutcome<T>,
  labelOf: (item: T) => string,
  noun: { one: string; many: string },
): string {
  const count = (n: number) => `${n} ${n === 1 ? noun.one : noun.many}`;
  const parts = [`Deleted ${count(outcome.deleted.length)}.`];
  if (outcome.failed.length > 0) {
    // The sentence's own full stop closes it: a message's last one would double it.
    const reasons = outcome.failed
      .map(({ item, error }) => `${labelOf(item)} (${error.message.replace(/\.$/, '')})`)
      .join('; ');
    parts.push(`${outcome.failed.length} could not be deleted: ${reasons}.`);
  }
  const skipped = outcome.skipped.length;
  if (skipped > 0) {
    parts.push(`${count(skipped)} ${skipped === 1 ? 'was' : 'were'} not deleted because you pressed Stop.`);
  }
  return parts.join(' ');
}
