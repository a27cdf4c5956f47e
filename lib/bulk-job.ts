// A job of the background's runner as pages watch it (a bulk change under BULK_JOB_KEY): types, a shape
// check and a watcher.
import { errorAction, type ApiError } from './api/errors';
import type { Privacy, ReportId } from './api/types';
import { watchActiveItem } from './connection-space';
import { BULK_JOB_KEY } from './storage-keys';

export type BulkAction = { kind: 'privacy'; privacy: Privacy } | { kind: 'regenerate' } | { kind: 'delete' };

/** sending: the request left and its answer is not in yet (a worker stopped then leaves it so). */
export type StepState = 'pending' | 'sending' | 'done' | 'failed' | 'skipped';

export interface Step {
  state: StepState;
  error?: ApiError;
  sentAt?: number;
  /** Not sent before this time (epoch ms). */
  dueAt?: number;
}

export interface Job<S extends Step = Step> {
  id: string;
  /** collecting: listing what the job runs on, before any step is sent. */
  phase: 'collecting' | 'running' | 'ended';
  /** Stop was pressed: nothing more is sent (a request already on its way finishes). */
  stopRequested: boolean;
  items: S[];
  /** collecting: the page listed next. */
  nextPage?: number;
  /** No request before this time (epoch ms): the pace and a 429's wait, across worker restarts. */
  notBefore: number;
  /** While a 429 is waited out: until when. */
  waitingUntil: number | null;
  /** 429s in a row met by the request waiting to go again (three at most, lib/pace.ts), across restarts. */
  limited?: number;
  /** Why it ended before sending anything. */
  error: ApiError | null;
}

export interface BulkItem extends Step {
  id: ReportId;
  label: string;
  /** New results: the score before and after. */
  before?: number | null;
  after?: number | null;
}

export interface BulkJob extends Job<BulkItem> {
  action: BulkAction;
}

/** Whether "Retry failed" sends this item again: not a refusal met again, nor a write that may have happened. */
export function isRetryable(item: Step): boolean {
  return item.state === 'failed' && (item.error === undefined || errorAction(item.error) === 'retry');
}

export function bulkCounts(job: Job) {
  const counts = { total: job.items.length, done: 0, failed: 0, skipped: 0, retryable: 0 };
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

/** Calls `listener` with the stored job, if it has the shape pages rely on, now and after every change. */
export function watchBulkJob(listener: (job: BulkJob | null) => void): () => void {
  return watchActiveItem(BULK_JOB_KEY, (value) => {
    const job = value as Partial<BulkJob> | null | undefined;
    const valid =
      typeof job?.id === 'string' &&
      typeof job.phase === 'string' &&
      typeof job.action?.kind === 'string' &&
      Array.isArray(job.items);
    listener(valid ? (job as BulkJob) : null);
  });
}
