// "Export CSV": every page of the list as it is on screen, paced by lib/pace. Retry goes on from the page
// that failed; Stop downloads nothing (half a list in a file would look like the whole one).
import { batch, computed, signal, type ReadonlySignal } from '@preact/signals';
import type { ApiError } from '@/lib/api/errors';
import type { ExportRow } from '@/lib/export/export-row';
import { send } from '@/lib/messaging/send';
import { reportKey } from '@/lib/report-id';
import { abortableSleep, createPacer } from '@/lib/pace';
import type { ReportFilters } from '../reports-model';
import { downloadFile, reportsCsv, reportsFileName } from './csv';

export type ExportState =
  | { phase: 'reading'; page: number; lastPage: number | null; waitingSeconds: number | null }
  | { phase: 'failed'; page: number; lastPage: number | null; error: ApiError }
  | { phase: 'stopped' }
  | { phase: 'done'; count: number; fileName: string };

/** The largest page the API allows: the fewest requests. */
export const EXPORT_PER_PAGE = 100;
/** 100,000 reports: a list that never says it ended must not be read forever. */
const MAX_PAGES = 1000;

export function createExportModel() {
  const state = signal<ExportState | null>(null);
  const running = computed(() => state.value?.phase === 'reading');

  // One export at a time: what it asked, what it has read, where it goes on.
  let query: ReportFilters = {};
  let rows = new Map<string, ExportRow>();
  let nextPage = 1;
  let lastPage: number | null = null;
  let abort = new AbortController();
  let pacer = createPacer();

  async function run() {
    abort = new AbortController();
    const { signal } = abort;
    for (let first = true; nextPage <= MAX_PAGES; first = false) {
      const page = nextPage;
      const reading = (waitingSeconds: number | null = null) =>
        (state.value = { phase: 'reading', page, lastPage, waitingSeconds });
      // The page about to be read is said during the pause before it, too.
      reading();
      if (!first) await abortableSleep(pacer.next(), signal);
      if (signal.aborted) return;
      const ask = () => send('reports.exportPage', { ...query, perPage: EXPORT_PER_PAGE, page });
      let answer = await ask();
      // Each 429 is waited out as the pacer says, then asked again, unless Stop comes first.
      for (let waitMs = pacer.after(answer); waitMs !== null; waitMs = pacer.after(answer)) {
        if (signal.aborted) return;
        reading(waitMs / 1000);
        await abortableSleep(waitMs, signal);
        if (signal.aborted) return;
        reading();
        answer = await ask();
      }
      if (signal.aborted) return;
      if (!answer.ok) {
        state.value = { phase: 'failed', page, lastPage, error: answer.error };
        return;
      }
      const { rows: pageRows, hasNext, total } = answer.data;
      lastPage = answer.data.lastPage;
      const before = rows.size;
      // A report created or deleted meanwhile moves the others between pages: one seen twice counts once.
      for (const row of pageRows) rows.set(reportKey(row.id), row);
      // A page with nothing new, or past the last one the total allows, ends the list whatever hasNext says.
      const pages = lastPage ?? (total === null ? null : Math.ceil(total / EXPORT_PER_PAGE));
      if (!hasNext || rows.size === before || (pages !== null && page >= pages)) break;
      nextPage += 1;
    }
    const fileName = reportsFileName(new Date(), query);
    const all = [...rows.values()];
    downloadFile(fileName, reportsCsv(all));
    batch(() => {
      state.value = { phase: 'done', count: all.length, fileName };
      rows = new Map();
    });
  }

  return {
    /** null before the first export, and after Dismiss. */
    state: state as ReadonlySignal<ExportState | null>,
    running,
    async start(asked: ReportFilters) {
      if (running.peek()) return;
      query = asked;
      rows = new Map();
      nextPage = 1;
      lastPage = null;
      pacer = createPacer();
      await run();
    },
    /** Ends a running export; nothing is downloaded. */
    stop() {
      if (!running.peek()) return;
      abort.abort();
      rows = new Map();
      state.value = { phase: 'stopped' };
    },
    /** After a failure: reads again from the page that failed. */
    async retry() {
      if (state.peek()?.phase === 'failed') await run();
    },
    dismiss() {
      if (running.peek()) return;
      rows = new Map();
      state.value = null;
    },
  };
}

export type ExportModel = ReturnType<typeof createExportModel>;
