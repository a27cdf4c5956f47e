// "Bulk changes" of the Reports section: what is selected (the ticked rows, or every report matching the
// filters), and the background's job as it goes (watched in storage.session, lib/bulk-job.ts). The page
// only asks the background to start, stop, retry or forget a job; it never sends the changes itself.
import { computed, effect, signal, type ReadonlySignal } from '@preact/signals';
import type { ApiError } from '@/lib/api/errors';
import type { Privacy } from '@/lib/api/types';
import { watchBulkJob, type BulkAction, type BulkJob } from '@/lib/bulk-job';
import type { MessageInput, MessageType } from '@/lib/messaging/protocol';
import { reportKey } from '@/lib/report-id';
import { toReportListQuery, type ReportsModel, type Send } from './reports-model';

export interface BulkChangesModel {
  /** The background's job (running or ended); null when there is none. */
  readonly job: ReadonlySignal<BulkJob | null>;
  /** Every report matching the filters is selected, on every page. */
  readonly allMatching: ReadonlySignal<boolean>;
  /** Every row of the page is ticked and more reports match: "Select all N matching reports" is offered. */
  readonly canSelectAllMatching: ReadonlySignal<boolean>;
  /** How many reports match the filters, on every page, as the list's meta says; null when it does not. */
  readonly matching: ReadonlySignal<number | null>;
  /** How many reports a change would touch. */
  readonly count: ReadonlySignal<number>;
  /** The background refused to start, stop, retry or dismiss. */
  readonly error: ReadonlySignal<ApiError | null>;
  selectAllMatching(on: boolean): void;
  changePrivacy(privacy: Privacy, password?: string): Promise<void>;
  regenerate(): Promise<void>;
  stop(): Promise<void>;
  retryFailed(): Promise<void>;
  dismiss(): Promise<void>;
  dispose(): void;
}

export function createBulkChangesModel(
  send: Send,
  reports: ReportsModel,
  watch: typeof watchBulkJob = watchBulkJob,
): BulkChangesModel {
  const { list } = reports;
  const job = signal<BulkJob | null>(null);
  const allMatching = signal(false);
  const error = signal<ApiError | null>(null);

  const pageKeys = computed(() => list.page.value?.items.map((report) => reportKey(report.id)) ?? []);
  const wholePage = computed(() => {
    const keys = pageKeys.value;
    return keys.length > 0 && keys.every((key) => reports.selected.value.has(key));
  });
  const total = computed(() => list.page.value?.total ?? null);
  const canSelectAllMatching = computed(
    () => wholePage.value && total.value !== null && total.value > pageKeys.value.length,
  );
  const count = computed(() =>
    allMatching.value && total.value !== null ? total.value : reports.selected.value.size,
  );

  // "All matching" holds for these filters and this whole page only: anything else selects rows again.
  let filters = '';
  const stopResetting = effect(() => {
    const { page: _page, ...query } = toReportListQuery(list.state.value);
    const now = JSON.stringify(query);
    const whole = wholePage.value; // read on every run: a dependency of this effect
    if (now !== filters || !whole) allMatching.value = false;
    filters = now;
  });

  // A job that ends while this page watches: the rows show what it changed.
  let jobId: string | null = null;
  const stopWatching = watch((next) => {
    const wasRunning = jobId !== null && jobId === next?.id && job.peek()?.phase !== 'ended';
    jobId = next?.id ?? null;
    job.value = next;
    if (wasRunning && next?.phase === 'ended') list.reload();
  });

  async function ask<T extends MessageType>(type: T, payload: MessageInput<T>): Promise<void> {
    error.value = null;
    const answer = await send(type, payload);
    if (!answer.ok) error.value = answer.error;
  }

  function start(action: BulkAction, password?: string): Promise<void> {
    const target = allMatching.peek()
      ? { query: withoutPaging(toReportListQuery(list.state.peek())) }
      : { reports: reports.selectedReports.peek().map((report) => ({ id: report.id, label: report.url })) };
    return ask('bulk.start', { action, target, ...(password ? { password } : {}) });
  }

  return {
    job,
    allMatching,
    canSelectAllMatching,
    matching: total,
    count,
    error,
    selectAllMatching: (on) => (allMatching.value = on && canSelectAllMatching.peek()),
    changePrivacy: (privacy, password) => start({ kind: 'privacy', privacy }, password),
    regenerate: () => start({ kind: 'regenerate' }),
    stop: () => ask('bulk.stop', {}),
    retryFailed: () => ask('bulk.retryFailed', {}),
    dismiss: () => ask('bulk.dismiss', {}),
    dispose() {
      stopResetting();
      stopWatching();
    },
  };
}

function withoutPaging<T extends { page?: unknown; perPage?: unknown }>(
  query: T,
): Omit<T, 'page' | 'perPage'> {
  const { page: _page, perPage: _perPage, ...filters } = query;
  return filters;
}
