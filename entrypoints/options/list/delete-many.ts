// Deleting many items one after another, paced so the service's rate limit holds (paced-sender.ts).
import type { ApiError, Result } from '@/lib/api/errors';
import { isRateLimited } from '@/lib/pace';
import { t } from '@/lib/i18n';
import { formatCount } from '../format-number';
import { createPacedSender, type PaceOptions } from '../paced-sender';

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

export interface DeleteManyOptions extends PaceOptions {
  signal?: AbortSignal;
  onProgress?: (progress: DeleteManyProgress) => void;
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
  // Without a signal nothing stops the run.
  const { signal = new AbortController().signal, onProgress } = options;
  const outcome: DeleteManyOutcome<T> = { deleted: [], failed: [], skipped: [] };
  const report = (waitingSeconds: number | null = null) =>
    onProgress?.({
      done: outcome.deleted.length + outcome.failed.length,
      total: items.length,
      waitingSeconds,
    });
  const paced = createPacedSender(options);

  for (const [index, item] of items.entries()) {
    if (index > 0 && !signal.aborted) await paced.pause(signal);
    if (signal.aborted) {
      outcome.skipped.push(...items.slice(index));
      break;
    }
    const result = await paced.send(() => deleteOne(item), signal, report);
    if (isRateLimited(result) && signal.aborted) outcome.skipped.push(item);
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
