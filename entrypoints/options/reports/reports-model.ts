// The Reports list: filters, sort, pages (in the hash), row selection, deletes (one, or many as a job).
import { batch, computed, effect, signal, type ReadonlySignal } from '@preact/signals';
import type { ApiError, Result } from '@/lib/api/errors';
import { REPORT_SORT_KEYS, type ReportId, type ReportSortKey, type ReportSummary } from '@/lib/api/types';
import type { ReportListQuery } from '@/lib/messaging/inputs';
import { send } from '@/lib/messaging/send';
import { formatRoute, resolveReportList, type ReportListState } from '@/lib/options-route';
import { reportKey } from '@/lib/report-id';
import { listView } from '@/lib/api/summary';
import { readStore } from '@/lib/report-store';
import { latestOnly } from '../list/latest-only';
import { createListModel } from '../list/list-model';
import type { PrefsStore } from '../prefs';
import type { HashRouter } from '../router';
import { createBulkJobControls } from './BulkJobStatus';
import { createReportDetailsModel } from './report-details-model';

/** The list's filters, search and sort: what a bulk change or an export covers, on every page. */
export type ReportFilters = Omit<ReportListQuery, 'page' | 'perPage'>;

export function toReportFilters(state: ReportListState): ReportFilters {
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

const PROJECTS_PER_PAGE = 100;
/** 1,000 projects: a list that never says it ended must not be read forever. */
const MAX_PROJECT_PAGES = 10;

/** The account's project names for the "Project" filter: every page of the projects list, sorted by name. */
function createProjectNames() {
  const names = signal<readonly string[]>([]);
  const loading = signal(false);
  const error = signal<ApiError | null>(null);
  const truncated = signal(false);

  const fetchAll = latestOnly(async () => {
    const found: string[] = [];
    for (let page = 1; page <= MAX_PROJECT_PAGES; page++) {
      const result = await send('projects.list', {
        perPage: PROJECTS_PER_PAGE,
        sortBy: 'project',
        sort: 'asc',
        page,
      });
      if (!result.ok) return { ok: false as const, error: result.error };
      found.push(...result.data.items.map((project) => project.name));
      if (!result.data.hasNext) return { ok: true as const, names: found, truncated: false };
    }
    return { ok: true as const, names: found, truncated: true };
  });

  return {
    names: names as ReadonlySignal<readonly string[]>,
    loading: loading as ReadonlySignal<boolean>,
    error: error as ReadonlySignal<ApiError | null>,
    truncated: truncated as ReadonlySignal<boolean>,
    load() {
      loading.value = true;
      void fetchAll().then(({ current, value }) => {
        if (!current) return;
        batch(() => {
          loading.value = false;
          if (value.ok) {
            names.value = [...new Set(value.names)];
            truncated.value = value.truncated;
            error.value = null;
          } else {
            error.value = value.error;
          }
        });
      });
    },
  };
}

export function createReportsModel(options: { router: HashRouter; prefs: PrefsStore<ReportSortKey> }) {
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
    sortKeys: REPORT_SORT_KEYS,
    // The store of the connection this page was opened for (a switch reloads the page).
    readKept: (state) => readStore().list(listView(toReportListQuery(state))),
  });

  const selected = signal<ReadonlySet<string>>(new Set());
  // A job that ends while this page watches: the rows show what it changed.
  const jobs = createBulkJobControls((job) => {
    if (job.action.kind !== 'delete') return list.reload();
    deleted(new Set(job.items.filter((item) => item.state === 'done').map((item) => reportKey(item.id))));
  });

  const detailsId = computed(() => {
    const route = router.route.value;
    return route?.section === 'reports' ? route.details : null;
  });
  // What the details panel's writes and reads return shows in the table too; a report gone leaves it.
  const details = createReportDetailsModel(detailsId, {
    onReportChanged(report) {
      const key = reportKey(report.id);
      list.patchPage((page) => ({
        ...page,
        items: page.items.map((item) => (reportKey(item.id) === key ? report : item)),
      }));
    },
    onReportGone: (id) => removeDeleted(new Set([reportKey(id)])),
  });

  const pageKeys = computed(() => list.page.value?.items.map((report) => reportKey(report.id)) ?? []);
  /** Every row on show is ticked. */
  const wholePage = computed(
    () => pageKeys.value.length > 0 && pageKeys.value.every((key) => selected.value.has(key)),
  );

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
    const shown = new Set(pageKeys.value);
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

  /** Deleted from this page: their rows go, and so do the details of one of them (not to come back). */
  function deleted(keys: ReadonlySet<string>) {
    removeDeleted(keys);
    const open = detailsId.peek();
    if (open !== null && keys.has(open)) {
      router.navigate({ section: 'reports', list: list.state.peek(), details: null }, { replace: true });
    }
  }

  return {
    list,
    projectNames: createProjectNames(),
    hasFilters,
    detailsId,
    /** The report the address names, in the panel beside the list. */
    details,
    selected: selected as ReadonlySignal<ReadonlySet<string>>,
    selectedReports,
    wholePage,
    /** The background's bulk job of this connection: bulk changes and Delete selected. */
    jobs,
    clearFilters: () => list.change({ search: '', result: null, project: null }),
    openDetails: (id: ReportId) => navigateDetails(reportKey(id)),
    detailsHref: (id: ReportId) =>
      formatRoute({ section: 'reports', list: list.state.peek(), details: reportKey(id) }),
    closeDetails: () => navigateDetails(null),
    toggleSelected(id: ReportId, on: boolean) {
      const next = new Set(selected.peek());
      if (on) next.add(reportKey(id));
      else next.delete(reportKey(id));
      selected.value = next;
    },
    /** None when all are selected already. */
    toggleAllSelected() {
      selected.value = new Set(wholePage.peek() ? [] : pageKeys.peek());
    },
    async deleteReport(report: ReportSummary): Promise<Result<null>> {
      // The client counts the service's own "not found" as deleted; any other failure keeps the row.
      const result = await send('reports.delete', { id: report.id });
      if (!result.ok) return result;
      deleted(new Set([reportKey(report.id)]));
      return { ok: true, data: null };
    },
    /** Whether the background took the job; what it could not delete stays selected. */
    deleteSelected: () =>
      jobs.start({
        action: { kind: 'delete' },
        target: { reports: selectedReports.peek().map((report) => ({ id: report.id, label: report.url })) },
      }),
    dispose() {
      details.dispose();
      jobs.dispose();
      stopPruning();
      list.dispose();
    },
  };
}

export type ReportsModel = ReturnType<typeof createReportsModel>;
