import { useSignal, useSignalEffect } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { ErrorBanner } from '@/components/ErrorBanner';
import { Pagination } from '@/components/Pagination';
import type { ReportSummary, ReportSortKey } from '@/lib/api/types';
import { t } from '@/lib/i18n';
import { SortNotice } from '../list/SortNotice';
import { lazyComponent } from '../lazy-section';
import { DeleteSelectedDialog } from './DeleteSelectedDialog';
import { DeleteDialog } from '../list/DeleteDialog';
import { readableUrl } from '@/lib/readable-url';
import { ExportReports } from './ExportReports';
import type { ProjectOptionsModel } from './project-options-model';
import type { ReportDetailsModel } from './report-details-model';
import { ReportDetailsPanel } from './ReportDetailsPanel';
import { ReportFilters } from './ReportFilters';
import type { ReportsModel } from './reports-model';
import { ReportsTable } from './ReportsTable';
import { formatCount } from '../format-number';

export interface ReportsSectionProps {
  model: ReportsModel;
  details: ReportDetailsModel;
  projects: ProjectOptionsModel;
  onOpenSettings: () => void;
}

// "Bulk changes" loads after the section paints: it shows nothing until rows are selected or a job runs.
const BulkChanges = lazyComponent(() => import('./BulkChanges').then((module) => module.BulkChanges));

function sortNames(): Record<ReportSortKey, string> {
  return {
    id: t('optionsSortByCreated'),
    generated_at: t('optionsSortByGenerated'),
    url: t('optionsSortByUrl'),
    result: t('optionsSortByResult'),
  };
}

export function ReportsSection({ model, details, projects, onOpenSettings }: ReportsSectionProps) {
  const { list } = model;
  const heading = useRef<HTMLHeadingElement>(null);
  const detailsOpener = useRef<HTMLElement | null>(null);
  const toDelete = useSignal<ReportSummary | null>(null);
  const confirmingBulk = useSignal(false);
  const startingBulk = useSignal(false);

  // Entering the section: the project names for the filter may have changed since last time.
  useEffect(() => projects.load(), []);
  useSignalEffect(() => details.show(model.detailsId.value));
  useEffect(() => () => details.show(null), []);

  const page = list.page.value;
  const error = list.error.value;
  const loading = list.loading.value;
  const selectedCount = model.selected.value.size;

  async function deleteSelected() {
    startingBulk.value = true;
    await model.deleteSelected();
    startingBulk.value = confirmingBulk.value = false;
  }

  function closeDetails() {
    model.closeDetails();
    const opener = detailsOpener.current;
    (opener?.isConnected ? opener : heading.current)?.focus();
  }

  return (
    <section class="list-section" aria-labelledby="reports-heading">
      <h2 id="reports-heading" tabIndex={-1} ref={heading}>
        {t('reportsHeading')}
      </h2>
      <ReportFilters model={model} projects={projects} />
      <ExportReports model={model} onOpenSettings={onOpenSettings} />
      {model.detailsId.value !== null ? (
        <ReportDetailsPanel details={details} onClose={closeDetails} onOpenSettings={onOpenSettings} />
      ) : null}
      {error ? (
        <ErrorBanner
          error={error}
          context={t('reportsLoadFailed')}
          onRetry={list.reload}
          onOpenSettings={onOpenSettings}
        />
      ) : null}
      <div class="list-toolbar">
        <span class="status">
          {selectedCount > 0
            ? t('reportsSelectedCount', formatCount(selectedCount))
            : t('reportsNoneSelected')}
        </span>
        <button
          type="button"
          class="danger"
          disabled={selectedCount === 0}
          onClick={() => (confirmingBulk.value = true)}
        >
          {t('reportsDeleteSelected')}
        </button>
        <span class="status list-status" role="status">
          {list.cached.value
            ? loading
              ? t('reportsCachedRefreshing')
              : t('reportsCachedShown')
            : loading
              ? page
                ? t('optionsUpdating')
                : t('reportsLoading')
              : ''}
        </span>
      </div>
      <BulkChanges reports={model} onOpenSettings={onOpenSettings} />
      <SortNotice replaced={list.sortReplaced.value} names={sortNames()} />
      {page ? (
        <>
          <ReportsTable
            reports={page.items}
            sorted={list.sorted.value}
            loading={loading}
            stale={list.stale.value || list.cached.value}
            selected={model.selected.value}
            detailsId={model.detailsId.value}
            onSort={list.sortBy}
            onToggle={(report, on) => model.toggleSelected(report.id, on)}
            onToggleAll={model.toggleAllSelected}
            onDetails={(report, opener) => {
              detailsOpener.current = opener;
              model.openDetails(report.id);
            }}
            onDelete={(report) => (toDelete.value = report)}
          />
          {page.items.length === 0 ? <EmptyReports model={model} /> : null}
          <Pagination
            page={page}
            noun={{ one: t('reportsNounOne'), many: t('reportsNounMany') }}
            onPage={list.goToPage}
          />
        </>
      ) : null}
      <DeleteDialog
        item={toDelete.value}
        title={t('reportsDeleteOneTitle')}
        remove={model.deleteReport}
        failedContext={t('reportsDeleteOneFailed')}
        onClose={() => (toDelete.value = null)}
        fallbackFocus={() => heading.current}
        onOpenSettings={onOpenSettings}
      >
        {(report) => (
          <p>
            {t('reportsDeleteOneBefore')}
            <strong class="break-anywhere">{readableUrl(report.url)}</strong>
            {t('reportsDeleteOneAfter')}
          </p>
        )}
      </DeleteDialog>
      <DeleteSelectedDialog
        open={confirmingBulk.value}
        model={model}
        onConfirm={() => void deleteSelected()}
        busy={startingBulk.value}
        onClose={() => (confirmingBulk.value = false)}
        fallbackFocus={() => heading.current}
      />
    </section>
  );
}

function EmptyReports({ model }: { model: ReportsModel }) {
  const { list } = model;
  const pastTheEnd = !model.hasFilters.value && list.state.value.page > 1;
  return (
    <div class="empty-state">
      <p>
        {model.hasFilters.value
          ? t('reportsNoMatch')
          : pastTheEnd
            ? t('reportsEmptyPage')
            : t('reportsNoneYet')}
      </p>
      {pastTheEnd ? (
        <button type="button" onClick={() => list.goToPage(1)}>
          {t('optionsGoToFirstPage')}
        </button>
      ) : null}
    </div>
  );
}
