import { useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { ErrorBanner } from '@/components/ErrorBanner';
import { Pagination } from '@/components/Pagination';
import { savedDataSentence } from '@/components/saved-data';
import { SearchField, SelectField, type SelectOption } from '@/components/fields';
import { REPORT_RESULTS, type ReportResult, type ReportSortKey, type ReportSummary } from '@/lib/api/types';
import { RESULT_LABELS } from '@/lib/format';
import { t } from '@/lib/i18n';
import { readableUrl } from '@/lib/readable-url';
import { reportKey } from '@/lib/report-id';
import { formatCount } from '../format-number';
import { DeleteDialog } from '../list/DeleteDialog';
import { PerPageSelect } from '../list/PerPageSelect';
import { SortNotice } from '../list/SortNotice';
import { BulkChanges } from './BulkChanges';
import { ExportReports } from './ExportReports';
import { ReportDetailsPanel } from './ReportDetailsPanel';
import type { ReportsModel } from './reports-model';
import { ReportsTable } from './ReportsTable';

/** Reports named in "Delete N reports?"; the rest are counted. */
const LISTED = 8;

function sortNames(): Record<ReportSortKey, string> {
  return {
    id: t('optionsSortByCreated'),
    generated_at: t('optionsSortByGenerated'),
    url: t('optionsSortByUrl'),
    result: t('optionsSortByResult'),
  };
}

export function ReportsSection({ model }: { model: ReportsModel }) {
  const { list } = model;
  const heading = useRef<HTMLHeadingElement>(null);
  const toDelete = useSignal<ReportSummary | null>(null);
  const confirmingBulk = useSignal(false);
  const startingBulk = useSignal(false);

  // Entering the section: the project names for the filter may have changed since last time.
  useEffect(() => model.projectNames.load(), []);

  const page = list.page.value;
  const error = list.error.value;
  const loading = list.loading.value;
  const keptAt = list.keptAt.value;
  const selectedCount = model.selected.value.size;

  async function deleteSelected() {
    startingBulk.value = true;
    await model.deleteSelected();
    startingBulk.value = confirmingBulk.value = false;
  }

  return (
    <section class="list-section" aria-labelledby="reports-heading">
      <h2 id="reports-heading" tabIndex={-1} ref={heading}>
        {t('reportsHeading')}
      </h2>
      <ReportFilters model={model} />
      <ExportReports model={model} />
      {model.detailsId.value !== null ? (
        <ReportDetailsPanel details={model.details} onClose={model.closeDetails} />
      ) : null}
      {error ? <ErrorBanner error={error} context={t('reportsLoadFailed')} onRetry={list.reload} /> : null}
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
          {keptAt !== null
            ? savedDataSentence(keptAt, loading)
            : loading
              ? page
                ? t('optionsUpdating')
                : t('reportsLoading')
              : ''}
        </span>
      </div>
      <BulkChanges reports={model} />
      <SortNotice replaced={list.sortReplaced.value} names={sortNames()} />
      {page ? (
        <>
          <ReportsTable reports={page.items} model={model} toDelete={toDelete} />
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
      >
        {(report) => (
          <p>
            {t('reportsDeleteOneBefore')}
            <strong class="break-anywhere">{readableUrl(report.url)}</strong>
            {t('reportsDeleteOneAfter')}
          </p>
        )}
      </DeleteDialog>
      {/* "Delete N reports?": its progress and summary show where every bulk job's do (BulkJobStatus). */}
      <ConfirmDialog
        open={confirmingBulk.value}
        title={
          selectedCount === 1
            ? t('reportsDeleteManyTitleOne')
            : t('reportsDeleteManyTitle', formatCount(selectedCount))
        }
        busy={startingBulk.value}
        confirmDisabled={selectedCount === 0}
        onConfirm={() => void deleteSelected()}
        onCancel={() => (confirmingBulk.value = false)}
        fallbackFocus={() => heading.current}
      >
        <p>{t('reportsDeleteManyText')}</p>
        <ul class="dialog-list">
          {model.selectedReports.value.slice(0, LISTED).map((report) => (
            <li key={reportKey(report.id)} class="break-anywhere">
              {readableUrl(report.url)}
            </li>
          ))}
          {selectedCount > LISTED ? (
            <li class="muted">{t('reportsDeleteManyMore', formatCount(selectedCount - LISTED))}</li>
          ) : null}
        </ul>
      </ConfirmDialog>
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

function resultOptions(): SelectOption<ReportResult | ''>[] {
  return [
    { value: '', label: t('reportsAllResults') },
    ...REPORT_RESULTS.map((result) => ({ value: result, label: RESULT_LABELS[result] })),
  ];
}

function ReportFilters({ model }: { model: ReportsModel }) {
  const { list } = model;
  const state = list.state.value;
  return (
    <div class="list-controls" role="search" aria-label={t('reportsFilterRegion')}>
      <div class="search-field">
        <SearchField
          id="reports-search"
          label={t('reportsSearchLabel')}
          value={list.searchText.value}
          placeholder={t('reportsSearchPlaceholder')}
          onInput={list.typeSearch}
          problem={list.searchProblem.value}
        />
      </div>
      <SelectField
        id="reports-result"
        label={t('reportsColumnResult')}
        value={state.result ?? ''}
        options={resultOptions()}
        onChange={(value) => list.change({ result: value === '' ? null : value })}
      />
      <ProjectSelect model={model} />
      <PerPageSelect
        id="reports-per-page"
        value={state.perPage}
        onChange={(perPage) => list.change({ perPage })}
      />
      {model.hasFilters.value ? (
        <button type="button" class="clear-filters" onClick={model.clearFilters}>
          {t('reportsClearFilters')}
        </button>
      ) : null}
    </div>
  );
}

function ProjectSelect({ model }: { model: ReportsModel }) {
  const projects = model.projectNames;
  const value = model.list.state.value.project;
  const names = projects.names.value;
  // A project from the hash that the list does not hold (deleted, or past the bound) still shows.
  const choices = value !== null && !names.includes(value) ? [value, ...names] : names;
  const options: SelectOption<string>[] = [
    { value: '', label: t('reportsAllProjects') },
    ...choices.map((name) => ({ value: name, label: name })),
  ];
  const error = projects.error.value;
  const hint = error ? (
    <>
      {t('reportsProjectsLoadFailed', error.message)}{' '}
      <button type="button" class="link-button" onClick={projects.load}>
        {t('reportsProjectsLoadAgain')}
      </button>
    </>
  ) : projects.truncated.value ? (
    t('reportsProjectsTruncated', formatCount(names.length))
  ) : projects.loading.value && names.length === 0 ? (
    t('projectsLoading')
  ) : null;
  return (
    <SelectField
      id="reports-project"
      label={t('reportsColumnProject')}
      // '' is "All projects": no project has an empty name.
      value={value ?? ''}
      options={options}
      hint={hint}
      onChange={(choice) => model.list.change({ project: choice === '' ? null : choice })}
    />
  );
}
