import { computed, effect, signal, type ReadonlySignal } from '@preact/signals';
import { PRIVACY, type Privacy } from '@/lib/api/types';
import type { BulkAction } from '@/lib/bulk-job';
import { reportKey } from '@/lib/report-id';
import { toReportFilters, type ReportsModel } from './reports-model';

export function createBulkChangesModel(reports: ReportsModel) {
  const { list } = reports;
  const allMatching = signal(false);
  // The form's choice lives here: the form goes while a job runs and must come back with it.
  const privacy = signal<Privacy>(PRIVACY.private);
  const controls = reports.jobs;

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

  // "All matching" holds for these filters and this whole page (of this size) only: anything else selects
  // rows again.
  let filters = '';
  const stopResetting = effect(() => {
    const now = JSON.stringify({ ...toReportFilters(list.state.value), perPage: list.state.value.perPage });
    const whole = wholePage.value; // read on every run: a dependency of this effect
    if (now !== filters || !whole) allMatching.value = false;
    filters = now;
  });

  async function start(action: BulkAction, password?: string): Promise<void> {
    const target = allMatching.peek()
      ? { query: toReportFilters(list.state.peek()) }
      : {
          reports: reports.selectedReports
            .peek()
            .map((report) => ({ id: report.id, label: report.url, score: report.score })),
        };
    await controls.start({ action, target, ...(password ? { password } : {}) });
  }

  return {
    job: controls.job,
    error: controls.error,
    stop: controls.stop,
    retryFailed: controls.retryFailed,
    dismiss: controls.dismiss,
    /** Every report matching the filters is selected, on every page. */
    allMatching: allMatching as ReadonlySignal<boolean>,
    /** Every row of the page is ticked and more reports match: "Select all N matching reports" is offered. */
    canSelectAllMatching,
    /** How many reports match the filters, on every page, as the list's meta says; null when it does not. */
    matching: total,
    /** How many reports a change would touch. */
    count,
    /** "New privacy" as last chosen. */
    privacy,
    selectAllMatching: (on: boolean) => (allMatching.value = on && canSelectAllMatching.peek()),
    changePrivacy: (privacy: Privacy, password?: string) => start({ kind: 'privacy', privacy }, password),
    regenerate: () => start({ kind: 'regenerate' }),
    dispose: stopResetting,
  };
}

export type BulkChangesModel = ReturnType<typeof createBulkChangesModel>;
