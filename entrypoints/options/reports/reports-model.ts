import { batch, computed, effect, signal, type ReadonlySignal } from '@preact/signals';
import { errorAction } from '@/lib/api/error-action';
import type { Result } from '@/lib/api/errors';
import { REPORT_SORT_KEYS, type ReportResult, type ReportSortKey, type ReportSummary } from '@/lib/api/types';
import type { ReportListQuery } from '@/lib/messaging/inputs';
import type { send as sendMessage } from '@/lib/messaging/send';
import { firstSortDirection, resolveReportList, type ReportListState } from '@/lib/options-route';
import { reportKey } from '@/lib/report-id';
import { listView } from '@/lib/api/summary';
import { readStore } from '@/lib/report-store';
import { createListModel, type ListCache, type ListModel } from '../list/list-model';
import {
  deleteMany,
  isDeleted,
  summarizeDeleteMany,
  type DeleteManyOptions,
  type DeleteManyProgress,
} from '../list/delete-many';
import type { PrefsStore } from '../prefs';
import type { HashRouter } from '../router';

export type Send = typeof sendMessage;

export interface ReportsModelOptions {
  router: HashRouter;
  prefs: PrefsStore<ReportSortKey>;
  searchDelayMs?: number;
  /** Pacing of "Delete selected" (tests make it instant). */
  deleteMany?: Pick<DeleteManyOptions, 'pauseMs' | 'sleep'>;
}

/** The store of the connection this page was opened for (a switch reloads the page). */
const KEPT: ListCache<ReportListState, ReportSummary> = {
  read: (state) => readStore().list(listView(toReportListQuery(state))),
};

/** What the last "Delete selected" did. */
export interface BulkSummary {
  text: string;
  failed: boolean;
  /**
   * The reports "Retry failed" deletes again: those that failed where errorAction says trying again helps
   * (every failure stays selected and is named in the text with its reason).
   */
  retryKeys: readonly string[];
}

export interface ReportsModel {
  readonly list: ListModel<ReportSortKey, ReportListState, ReportSummary>;
  readonly hasFilters: ReadonlySignal<boolean>;
  readonly detailsId: ReadonlySignal<string | null>;
  readonly selected: ReadonlySignal<ReadonlySet<string>>;
  readonly selectedReports: ReadonlySignal<readonly ReportSummary[]>;
  readonly bulkProgress: ReadonlySignal<DeleteManyProgress | null>;
  readonly bulkSummary: ReadonlySignal<BulkSummary | null>;
  setResult(result: ReportResult | null): void;
  setProject(project: string | null): void;
  clearFilters(): void;
  openDetails(id: ReportSummary['id']): void;
  closeDetails(): void;
  toggleSelected(id: ReportSummary['id'], selected: boolean): void;
  /** None when all are selected already. */
  toggleAllSelected(): void;
  deleteReport(report: ReportSummary): Promise<Result<null>>;
  deleteSelected(): Promise<void>;
  /** Selects the reports the last "Delete selected" could not delete (those still on show) and tries them again. */
  retryFailed(): Promise<void>;
  stopDeleting(): void;
  dismissSummary(): void;
  replaceReport(report: ReportSummary): void;
  removeReport(id: ReportSummary['id']): void;
  dispose(): void;
}

/** The list's filters, search and sort: what a bulk change or an export covers, on every page. */
export function toReportFilters(state: ReportListState): Omit<ReportListQuery, 'page' | 'perPage'> {
  const search = state.search.trim();
  return {
    ...(search ? { search, searchBy: 'url' as const } : {}),
    ...(state.project !== null ? { project: state.project } : {}),
    ...(state.result !== null ? { result: state.result } : {}),
    sortBy: state.sortBy,
    sort: state.sort,
  };
}

export function toReportListQuery(state: ReportListState): ReportListQuery {
  return { ...toReportFilters(state), perPage: state.perPage, page: state.page };
}

export function createReportsModel(send: Send, options: ReportsModelOptions): ReportsModel {
  const { router } = options;
  const list = createListModel<ReportSortKey, ReportListState, ReportSummary>({
    router,
    prefs: options.prefs,
    readList: (route) => (route?.section === 'reports' ? route.list : null),
    resolve: resolveReportList,
    routeFor: (state, current) => ({
      section: 'reports',
      list: state,
      details: current?.section === 'reports' ? current.details : null,
    }),
    fetchPage: (state) => send('reports.list', toReportListQuery(state)),
    firstDirection: firstSortDirection,
    sortKeys: REPORT_SORT_KEYS,
    searchDelayMs: options.searchDelayMs,
    cache: KEPT,
  });

  const selected = signal<ReadonlySet<string>>(new Set());
  const bulkProgress = signal<DeleteManyProgress | null>(null);
  const bulkSummary = signal<BulkSummary | null>(null);
  let bulkAbort: AbortController | null = null;

  const detailsId = computed(() => {
    const route = router.route.value;
    return route?.section === 'reports' ? route.details : null;
  });

  const selectedReports = computed(() => {
    const keys = selected.value;
    return list.page.value?.items.filter((report) => keys.has(reportKey(report.id))) ?? [];
  });

  const hasFilters = computed(() => {
    const { search, result, project } = list.state.value;
    return search !== '' || result !== null || project !== null;
  });

  // A selection covers rows on show only: another page or filter starts with none selected.
  const stopPruning = effect(() => {
    const shown = new Set(list.page.value?.items.map((report) => reportKey(report.id)) ?? []);
    const current = selected.peek();
    const kept = [...current].filter((key) => shown.has(key));
    if (kept.length !== current.size) selected.value = new Set(kept);
  });

  function navigateDetails(details: string | null) {
    router.navigate({ section: 'reports', list: list.state.peek(), details });
  }

  function removeDeleted(keys: ReadonlySet<string>) {
    list.removeItems((report) => keys.has(reportKey(report.id)));
    selected.value = new Set([...selected.peek()].filter((key) => !keys.has(key)));
  }

  async function deleteSelected() {
    const reports = selectedReports.peek();
    if (reports.length === 0 || bulkAbort) return;
    bulkAbort = new AbortController();
    batch(() => {
      bulkSummary.value = null;
      bulkProgress.value = { done: 0, total: reports.length, waitingSeconds: null };
    });
    const outcome = await deleteMany(reports, (report) => send('reports.delete', { id: report.id }), {
      ...options.deleteMany,
      signal: bulkAbort.signal,
      onProgress: (progress) => (bulkProgress.value = progress),
    });
    bulkAbort = null;
    batch(() => {
      removeDeleted(new Set(outcome.deleted.map((report) => reportKey(report.id))));
      bulkProgress.value = null;
      bulkSummary.value = {
        text: summarizeDeleteMany(outcome, (report) => report.url),
        failed: outcome.failed.length > 0,
        retryKeys: outcome.failed
          .filter(({ error }) => errorAction(error) === 'retry')
          .map(({ item }) => reportKey(item.id)),
      };
    });
  }

  return {
    list,
    hasFilters,
    detailsId,
    selected,
    selectedReports,
    bulkProgress,
    bulkSummary,
    setResult: (result) => list.change({ result }),
    setProject: (project) => list.change({ project }),
    clearFilters: () => list.change({ search: '', result: null, project: null }),
    openDetails: (id) => navigateDetails(reportKey(id)),
    closeDetails: () => navigateDetails(null),
    toggleSelected(id, on) {
      const next = new Set(selected.peek());
      if (on) next.add(reportKey(id));
      else next.delete(reportKey(id));
      selected.value = next;
    },
    toggleAllSelected() {
      const keys = list.page.peek()?.items.map((report) => reportKey(report.id)) ?? [];
      const allSelected = keys.length > 0 && keys.every((key) => selected.peek().has(key));
      selected.value = new Set(allSelected ? [] : keys);
    },
    async deleteReport(report) {
      const result = await send('reports.delete', { id: report.id });
      if (!isDeleted(result)) return result;
      removeDeleted(new Set([reportKey(report.id)]));
      return { ok: true, data: null };
    },
    deleteSelected,
    retryFailed() {
      const failed = new Set(bulkSummary.peek()?.retryKeys ?? []);
      const shown = list.page.peek()?.items.map((report) => reportKey(report.id)) ?? [];
      selected.value = new Set(shown.filter((key) => failed.has(key)));
      return deleteSelected();
    },
    stopDeleting: () => bulkAbort?.abort(),
    dismissSummary: () => (bulkSummary.value = null),
    replaceReport(report) {
      const key = reportKey(report.id);
      list.patchPage((page) => ({
        ...page,
        items: page.items.map((item) => (reportKey(item.id) === key ? report : item)),
      }));
    },
    removeReport: (id) => removeDeleted(new Set([reportKey(id)])),
    dispose() {
      bulkAbort?.abort();
      stopPruning();
      list.dispose();
    },
  };
}
