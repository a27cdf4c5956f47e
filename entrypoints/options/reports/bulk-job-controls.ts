// The background's bulk job as a page watches it, and what the page may ask of it: the page never sends
// the changes itself.
import { batch, signal, type ReadonlySignal } from '@preact/signals';
import type { ApiError } from '@/lib/api/errors';
import { watchBulkJob, type BulkJob } from '@/lib/bulk-job';
import type { PageInput, MessageType } from '@/lib/messaging/protocol';
import type { Send } from './reports-model';

/** `onEnded`: a job this page watched running has ended, so the page can show what it changed. */
export function createBulkJobControls(send: Send, onEnded: (job: BulkJob) => void) {
  const job = signal<BulkJob | null>(null);
  const started = signal<string | null>(null);
  const error = signal<ApiError | null>(null);
  /** Set by start until the new job shows: the job that was there before it. */
  let awaiting: { before: string | null } | null = null;

  const stopWatching = watchBulkJob((next) => {
    const before = job.peek();
    batch(() => {
      if (awaiting && next && next.id !== awaiting.before) {
        started.value = next.id;
        awaiting = null;
      }
      job.value = next;
    });
    if (next?.phase === 'ended' && before?.id === next.id && before.phase !== 'ended') onEnded(next);
  });

  async function ask<T extends MessageType>(type: T, payload: PageInput<T>): Promise<boolean> {
    error.value = null;
    const answer = await send(type, payload);
    if (!answer.ok) error.value = answer.error;
    return answer.ok;
  }

  return {
    /** The background's job (running or ended); null when there is none. */
    job: job as ReadonlySignal<BulkJob | null>,
    /** The id of the first job that appeared after this page's last start: the one it started. */
    started: started as ReadonlySignal<string | null>,
    /** The background refused to start, stop, retry or dismiss. */
    error: error as ReadonlySignal<ApiError | null>,
    /** Whether the background took the job. */
    async start(input: PageInput<'bulk.start'>) {
      awaiting = { before: job.peek()?.id ?? null };
      const taken = await ask('bulk.start', input);
      if (!taken) awaiting = null;
      return taken;
    },
    stop: async () => void (await ask('bulk.stop', {})),
    retryFailed: async () => void (await ask('bulk.retryFailed', {})),
    dismiss: async () => void (await ask('bulk.dismiss', {})),
    dispose: stopWatching,
  };
}

export type BulkJobControls = ReturnType<typeof createBulkJobControls>;
