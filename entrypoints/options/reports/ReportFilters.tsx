import { SearchField } from '@/components/SearchField';
import { SelectField, type SelectOption } from '@/components/fields';
import { REPORT_RESULTS, type ReportResult } from '@/lib/api/types';
import { RESULT_LABELS } from '@/lib/format';
import { t } from '@/lib/i18n';
import { formatCount } from '../format-number';
import { PerPageSelect } from '../list/PerPageSelect';
import type { ProjectOptionsModel } from './project-options-model';
import type { ReportsModel } from './reports-model';

function resultOptions(): SelectOption<ReportResult | ''>[] {
  return [
    { value: '', label: t('reportsAllResults') },
    ...REPORT_RESULTS.map((result) => ({ value: result, label: RESULT_LABELS[result] })),
  ];
}

export function ReportFilters({ model, projects }: { model: ReportsModel; projects: ProjectOptionsModel }) {
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
        onChange={(value) => model.setResult(value === '' ? null : value)}
      />
      <ProjectSelect
        projects={projects}
        value={state.project}
        onChange={(project) => model.setProject(project)}
      />
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

function ProjectSelect({
  projects,
  value,
  onChange,
}: {
  projects: ProjectOptionsModel;
  value: string | null;
  onChange: (project: string | null) => void;
}) {
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
      onChange={(choice) => onChange(choice === '' ? null : choice)}
    />
  );
}
