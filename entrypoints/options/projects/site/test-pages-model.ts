// One failed test's pages on a project's page (site.pages: the background's kept rows, no request), and
// "Regenerate these pages": the background's paced bulk job (lib/bulk-job.ts), watched like the Reports
// section's. When the job ends the project is read again, so the ranking follows.
import { computed, signal, type ReadonlySignal } from '@preact/signals';
import type { ApiError } from '@/lib/api/errors';
import { watchBulkJob, type BulkJob } from '@/lib/bulk-job';
import type { MessageInput, MessageType } from '@/lib/messaging/protocol';
import { reportKey } from '@/lib/report-id';
import type { SitePage } from '@/lib/site';
import type { Send } from '../../reports/reports-model';

export interface TestPagesModel {
  /** The pages failing the test, lowest score first; null until the first answer. */
  readonly pages: ReadonlySignal<SitePage[] | null>;
  readonly error: ReadonlySignal<ApiError | null>;
  /** The regenerate job of these pages (started here, or running on some of them); null when none. */
  readonly job: ReadonlySignal<BulkJob | null>;
  /** The background refused to start, stop, retry or dismiss the job. */
  readonly jobError: ReadonlySignal<ApiError | null>;
  reload(): Promise<void>;
  regenerate(): Promise<void>;
  stop(): Promise<void>;
  retryFailed(): Promise<void>;
  dismiss(): Promise<void>;
  dispose(): void;
}

export function createTestPagesModel(
  send: Send,
  project: string,
  test: string,
  watch: typeof watchBulkJob = watchBulkJob,
): TestPagesModel {
  const pages = signal<SitePage[] | null>(null);
  const error = signal<ApiError | null>(null);
  const anyJob = signal<BulkJob | null>(null);
  const jobError = signal<ApiError | null>(null);
  /** The job this page started (the first new one after bulk.start) keeps showing once its pages pass. */
  const ours = signal<string | null>(null);
  let awaiting: { before: string | null } | null = null;

  const job = computed(() => {
    const current = anyJob.value;
    if (current?.action.kind !== 'regenerate') return null;
    if (current.id === ours.value) return current;
    const keys = new Set(pages.value?.map((page) => reportKey(page.id)));
    return current.items.some((item) => keys.has(reportKey(item.id))) ? current : null;
  });

  let latest = 0;
  async function reload(): Promise<void> {
    const mine = ++latest;
    const answer = await send('site.pages', { name: project, test });
    if (mine !== latest) return;
    if (answer.ok) {
      pages.value = answer.data;
      error.value = null;
    } else error.value = answer.error;
  }

  const stopWatching = watch((next) => {
    const before = anyJob.peek();
    if (awaiting && next && next.id !== awaiting.before) {
      ours.value = next.id;
      awaiting = null;
    }
    anyJob.value = next;
    const ended = before?.id === next?.id && before?.phase !== 'ended' && next?.phase === 'ended';
    if (ended && job.peek() !== null) {
      void send('site.read', { name: project });
      void reload();
    }
  });

  async function ask<T extends MessageType>(type: T, payload: MessageInput<T>): Promise<boolean> {
    jobError.value = null;
    const answer = await send(type, payload);
    if (!answer.ok) jobError.value = answer.error;
    return answer.ok;
  }

  void reload();

  return {
    pages,
    error,
    job,
    jobError,
    reload,
    async regenerate() {
      const target = { reports: (pages.peek() ?? []).map((page) => ({ id: page.id, label: page.url })) };
      if (target.reports.length === 0) return;
      awaiting = { before: anyJob.peek()?.id ?? null };
      if (!(await ask('bulk.start', { action: { kind: 'regenerate' }, target }))) awaiting = null;
    },
    stop: () => ask('bulk.stop', {}).then(() => undefined),
    retryFailed: () => ask('bulk.retryFailed', {}).then(() => undefined),
    dismiss: () => ask('bulk.dismiss', {}).then(() => undefined),
    dispose: stopWatching,
  };
}
