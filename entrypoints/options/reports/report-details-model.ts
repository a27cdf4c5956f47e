// One report's details panel: the show endpoint, "Save changes" (privacy, password) and
// "Regenerate results". While the result is being generated it is read again, with growing pauses.
import { batch, signal, type ReadonlySignal } from '@preact/signals';
import type { ApiError, Result } from '@/lib/api/errors';
import type { Privacy, Report } from '@/lib/api/types';
import { reportKey } from '@/lib/report-id';
import { latestOnly } from '../list/latest-only';
import type { Send } from './reports-model';

export type DetailsWrite = 'save' | 'regenerate';

// Written out, not built with apiError(): that would bring every default sentence into the options bundle.
const NO_REPORT_OPEN: ApiError = { kind: 'not_found', message: 'No report is open.' };

export interface ReportDetailsModel {
  readonly id: ReadonlySignal<string | null>;
  readonly report: ReadonlySignal<Report | null>;
  readonly loading: ReadonlySignal<boolean>;
  readonly loadError: ReadonlySignal<ApiError | null>;
  /** The write on its way, if any. */
  readonly writing: ReadonlySignal<DetailsWrite | null>;
  readonly writeError: ReadonlySignal<{ write: DetailsWrite; error: ApiError } | null>;
  /** What the last write did, in a sentence. */
  readonly notice: ReadonlySignal<string | null>;
  /** Shows another report's details (null closes). */
  show(id: string | null): void;
  reload(): void;
  /** The password goes to the service once and is kept nowhere. */
  save(changes: { privacy: Privacy; password?: string }): Promise<Result<Report>>;
  regenerate(): Promise<Result<Report>>;
  dispose(): void;
}

export interface ReportDetailsOptions {
  /** A report the service returned after a write or a re-read, for the table to show too. */
  onReportChanged?: (report: Report) => void;
  /** Pauses between re-reads while the result is being generated. */
  pendingDelaysMs?: readonly number[];
}

const PENDING_DELAYS_MS = [2000, 3000, 5000, 8000, 13_000, 20_000, 30_000];
const MAX_PENDING_READS = 30;
const REGENERATING = 'Regenerating the results…';

export function createReportDetailsModel(send: Send, options: ReportDetailsOptions = {}): ReportDetailsModel {
  const delays = options.pendingDelaysMs ?? PENDING_DELAYS_MS;
  const id = signal<string | null>(null);
  const report = signal<Report | null>(null);
  const loading = signal(false);
  const loadError = signal<ApiError | null>(null);
  const writing = signal<DetailsWrite | null>(null);
  const writeError = signal<{ write: DetailsWrite; error: ApiError } | null>(null);
  const notice = signal<string | null>(null);
  const fetchLatest = latestOnly((reportId: string) => send('reports.get', { id: reportId }));
  let pendingTimer: ReturnType<typeof setTimeout> | undefined;
  let pendingReads = 0;

  async function load(reportId: string, { quiet = false } = {}) {
    if (!quiet) loading.value = true;
    const { current, value: result } = await fetchLatest(reportId);
    if (!current || id.peek() !== reportId) return;
    batch(() => {
      loading.value = false;
      if (result.ok) {
        showReport(result.data);
        loadError.value = null;
      } else if (!quiet) {
        loadError.value = result.error;
      }
    });
    if (result.ok && quiet) {
      if (result.data.result !== null && notice.peek() === REGENERATING)
        notice.value = 'New results are ready.';
      options.onReportChanged?.(result.data);
    }
    // A failed quiet re-read is simply tried again later.
    if (quiet && !result.ok) followGeneration(report.peek());
  }

  function showReport(next: Report) {
    report.value = next;
    followGeneration(next);
  }

  /** While the result is still being generated, read the report again, less and less often. */
  function followGeneration(current: Report | null) {
    clearTimeout(pendingTimer);
    if (!current || current.result !== null || pendingReads >= MAX_PENDING_READS) return;
    const delay = delays[Math.min(pendingReads, delays.length - 1)] ?? 30_000;
    pendingReads++;
    const reportId = id.peek();
    pendingTimer = setTimeout(() => {
      if (reportId !== null && id.peek() === reportId) void load(reportId, { quiet: true });
    }, delay);
  }

  async function write(kind: DetailsWrite, changes: Parameters<ReportDetailsModel['save']>[0] | null) {
    const current = report.peek();
    if (!current) return { ok: false as const, error: NO_REPORT_OPEN };
    batch(() => {
      writing.value = kind;
      writeError.value = null;
      notice.value = null;
    });
    const result = await send('reports.update', {
      id: current.id,
      ...(changes
        ? {
            privacy: changes.privacy,
            ...(changes.privacy === 2 && changes.password ? { password: changes.password } : {}),
          }
        : { regenerate: true }),
    });
    writing.value = null;
    // The person may have opened another report meanwhile: this answer is not for the panel on show.
    if (reportKey(current.id) !== id.peek()) return result;
    if (!result.ok) {
      writeError.value = { write: kind, error: result.error };
      return result;
    }
    pendingReads = 0;
    batch(() => {
      showReport(result.data);
      notice.value =
        kind === 'save'
          ? 'Changes saved.'
          : result.data.result === null
            ? REGENERATING
            : 'Results regenerated.';
    });
    options.onReportChanged?.(result.data);
    return result;
  }

  return {
    id,
    report,
    loading,
    loadError,
    writing,
    writeError,
    notice,
    show(next) {
      if (next === id.peek()) return;
      clearTimeout(pendingTimer);
      fetchLatest.invalidate();
      pendingReads = 0;
      batch(() => {
        id.value = next;
        report.value = null;
        loadError.value = null;
        writeError.value = null;
        notice.value = null;
        loading.value = false;
      });
      if (next !== null) void load(next);
    },
    reload() {
      const current = id.peek();
      if (current !== null) void load(current);
    },
    save: (changes) => write('save', changes),
    regenerate: () => write('regenerate', null),
    dispose() {
      clearTimeout(pendingTimer);
      fetchLatest.invalidate();
    },
  };
}
