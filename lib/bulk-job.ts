// A bulk change (privacy or new results for many reports) as pages may know it. The background alone
// runs it (entrypoints/background/jobs/bulk-change.ts): it keeps the job in storage.session under
// BULK_JOB_KEY, so a stopped worker resumes it without sending anything twice, and pages only watch that
// item (never send the requests themselves). Types, a shape check and a watcher: no zod, no service.
import { errorAction } from './api/error-action';
import type { ApiError } from './api/errors';
import type { Privacy, ReportId } from './api/types';
import { watchActiveItem } from './connection-space';
import { BULK_JOB_KEY } from './storage-keys';

export type BulkAction = { kind: 'privacy'; privacy: Privacy } | { kind: 'regenerate' } | { kind: 'delete' };

/** sending: the request left and its answer is not in yet (a worker stopped then leaves it so). */
export type StepState = 'pending' | 'sending' | 'done' | 'failed' | 'skipped';

/** One step of a job of the background's runner (entrypoints/background/jobs/runner.ts). */
export interface Step {
  state: StepState;
  /** Why it failed: the background's sentence. */
  error?: ApiError;
  /** When its request left (epoch ms). */
  sentAt?: number;
}

/** A job of the runner as pages watch it: its kind adds what it needs (BulkJob adds `action`). */
export interface Job<S extends Step = Step> {
  /** Tells one job from the next (a page ignores an older job's end). */
  id: string;
  /** collecting: listing what the job runs on, one request at a time, before any step is sent. */
  phase: 'collecting' | 'running' | 'ended';
  /** Stop was pressed: nothing more is sent (a request already on its way finishes). */
  stopRequested: boolean;
  items: S[];
  /** No request before this time (epoch ms): the pace, and a 429's wait, kept across worker restarts. */
  notBefore: number;
  /** Set while waiting because the service asked to slow down (429): until when. */
  waitingUntil: number | null;
  /** Why it ended before sending anything (listing what it runs on failed); null otherwise. */
  error: ApiError | null;
}

export interface BulkItem extends Step {
  id: ReportId;
  /** The report's address, to name it in the summary. */
  label: string;
  /** New results: the score before (as the list or the page showed it) and the regenerated one. */
  before?: number | null;
  after?: number | null;
}

export interface BulkJob extends Job<BulkItem> {
  action: BulkAction;
}

export interface BulkCounts {
  total: number;
  done: number;
  failed: number;
  skipped: number;
  /** Failures "Retry failed" sends again (isRetryable). */
  retryable: number;
}

/**
 * Whether "Retry failed" sends this item again: it failed and errorAction says trying again helps. Not a
 * refusal that the same request would meet again (forbidden, not found, invalid input, a key to fix in
 * Settings), nor a write that may have happened (retrySafe: false). Pages count these; the background
 * sends exactly these.
 */
export function isRetryable(item: Step): boolean {
  return item.state === 'failed' && (item.error === undefined || errorAction(item.error) === 'retry');
}

export function bulkCounts(job: Job): BulkCounts {
  const counts: BulkCounts = { total: job.items.length, done: 0, failed: 0, skipped: 0, retryable: 0 };
  for (const item of job.items) {
    if (item.state === 'done') counts.done++;
    else if (item.state === 'skipped') counts.skipped++;
    else if (item.state === 'failed') {
      counts.failed++;
      if (isRetryable(item)) counts.retryable++;
    }
  }
  return counts;
}

/** The stored job, if it has the shape pages rely on (storage is not trusted blindly). */
export function bulkJobFrom(value: unknown): BulkJob | null {
  const job = value as Partial<BulkJob> | null | undefined;
  return typeof job?.id === 'string' &&
    typeof job.phase === 'string' &&
    typeof job.action?.kind === 'string' &&
    Array.isArray(job.items)
    ? (job as BulkJob)
    : null;
}

/** Calls `listener` with the stored job now and after every change; returns the function that stops. */
export function watchBulkJob(listener: (job: BulkJob | null) => void): () => void {
  // The active connection's job.
  return watchActiveItem(BULK_JOB_KEY, (value) => listener(bulkJobFrom(value)));
}
