// Deleting many items one after another, paced so the service's rate limit holds. Three things set the
// pause before the next request:
// - the normal pause (pauseMs);
// - the throttle's own headers on each answer (X-RateLimit-Remaining / -Limit): nearly out of room, the
//   pace drops to one request per (60 s / limit), which never meets the limit (phpRank allows 60 a minute);
// - a 429, answered by waiting as long as the server asks and trying that item again (a few times at most).
//   The pause then stays at that wait (doubling if another 429 comes despite it) until an answer shows
//   room again, and only then goes back to the normal pace.
import type { ApiError, Result } from '@/lib/api/errors';
// The pace is shared with the background's bulk changes (entrypoints/background/bulk-changes.ts).
import { abortableSleep, createPacer, isRateLimited } from '@/lib/pace';
import { t } from '@/lib/i18n';
import { formatCount } from '../format-number';

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
  /** Normal pause between two requests, while the service has room. */
  pauseMs?: number;
  /** How often one item is tried again after a 429. */
  maxRateLimitRetries?: number;
  /** Longest wait accepted from Retry-After (and longest pause), so a wild header cannot freeze the page. */
  maxWaitSeconds?: number;
  signal?: AbortSignal;
  onProgress?: (progress: DeleteManyProgress) => void;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/**
 * Only the client's success counts. It already counts an item the service says is gone (its own JSON
 * "not found", a project checked against the list) as deleted; any other 404 (a web server's page, a
 * path the server could not route) is a failure, so nothing is taken off the page that still exists.
 */
export function isDeleted<T>(result: Result<T>): result is Extract<Result<T>, { ok: true }> {
  return result.ok;
}

/** Deletes each item in turn; only what the client confirmed counts as deleted (isDeleted). */
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
  const pacer = createPacer(pauseMs, maxWaitSeconds * 1000);

  for (const [index, item] of items.entries()) {
    if (index > 0 && !signal?.aborted) await sleep(pacer.next(), signal);
    if (signal?.aborted) {
      outcome.skipped.push(...items.slice(index));
      break;
    }
    let result = await deleteOne(item);
    for (let retry = 0; retry < maxRateLimitRetries && isRateLimited(result) && !signal?.aborted; retry++) {
      const seconds = Math.min(maxWaitSeconds, Math.max(1, result.error.retryAfterSeconds ?? 2 ** retry));
      pacer.rateLimited(seconds * 1000);
      report(seconds);
      await sleep(seconds * 1000, signal);
      if (signal?.aborted) break;
      result = await deleteOne(item);
    }
    if (result.ok) pacer.answered(result.rateLimit);
    if (isRateLimited(result) && signal?.aborted) outcome.skipped.push(item);
    else if (isDeleted(result)) outcome.deleted.push(item);
    else outcome.failed.push({ item, error: result.error });
    report();
  }
  return outcome;
}

/**
 * "Deleted 4 reports. 1 could not be deleted: https://… (The service had a problem. Try again in a
 * moment). 2 reports were not deleted because you pressed Stop."
 */
export function summarizeDeleteMany<T>(outcome: DeleteManyOutcome<T>, labelOf: (item: T) => string): string {
  const deleted = outcome.deleted.length;
  const parts = [
    deleted === 1 ? t('optionsDeletedOneReport') : t('optionsDeletedReports', formatCount(deleted)),
  ];
  if (outcome.failed.length > 0) {
    // The sentence's own full stop closes it: a message's last one would double it.
    const reasons = outcome.failed
      .map(({ item, error }) => `${labelOf(item)} (${error.message.replace(/\.$/, '')})`)
      .join('; ');
    parts.push(t('optionsDeleteFailed', formatCount(outcome.failed.length), reasons));
  }
  const skipped = outcome.skipped.length;
  if (skipped > 0) {
    parts.push(
      skipped === 1 ? t('optionsDeleteSkippedOne') : t('optionsDeleteSkipped', formatCount(skipped)),
    );
  }
  return parts.join(' ');
}
