import { useSignal } from '@preact/signals';
import { useRef } from 'preact/hooks';
import { ErrorBanner } from '@/components/ErrorBanner';
import { Pagination } from '@/components/Pagination';
import { SearchField } from '@/components/SearchField';
import type { Project, ProjectSortKey } from '@/lib/api/types';
import { t } from '@/lib/i18n';
import { PerPageSelect } from '../list/PerPageSelect';
import { SortNotice } from '../list/SortNotice';
import { DeleteProjectDialog } from './DeleteProjectDialog';
import type { ProjectsModel } from './projects-model';
import { ProjectsTable } from './ProjectsTable';

export interface ProjectsSectionProps {
  model: ProjectsModel;
  projectHref: (project: Project) => string;
  reportsHref: (project: Project) => string;
  onOpenSettings: () => void;
}

function sortNames(): Record<ProjectSortKey, string> {
  return { created_at: t('optionsSortByCreated'), project: t('optionsSortByName') };
}

export function ProjectsSection({ model, projectHref, reportsHref, onOpenSettings }: ProjectsSectionProps) {
  const { list } = model;
  const heading = useRef<HTMLHeadingElement>(null);
  const toDelete = useSignal<Project | null>(null);
  const page = list.page.value;
  const state = list.state.value;
  const loading = list.loading.value;
  const error = list.error.value;

  return (
    <section class="list-section" aria-labelledby="projects-heading">
      <h2 id="projects-heading" tabIndex={-1} ref={heading}>
        {t('projectsHeading')}
      </h2>
      <div class="list-controls" role="search" aria-label={t('projectsFilterRegion')}>
        <SearchField
          id="projects-search"
          label={t('projectsSearchLabel')}
          value={list.searchText.value}
          placeholder={t('projectsSearchPlaceholder')}
          onInput={list.typeSearch}
          problem={list.searchProblem.value}
        />
        <PerPageSelect
          id="projects-per-page"
          value={state.perPage}
          onChange={(perPage) => list.change({ perPage })}
        />
      </div>
      {error ? (
        <ErrorBanner
          error={error}
          context={t('projectsLoadFailed')}
          onRetry={list.reload}
          onOpenSettings={onOpenSettings}
        />
      ) : null}
      <p class="status list-status" role="status">
        {loading ? (page ? t('optionsUpdating') : t('projectsLoading')) : ''}
      </p>
      <SortNotice replaced={list.sortReplaced.value} names={sortNames()} />
      {page ? (
        <>
          <ProjectsTable
            projects={page.items}
            sorted={list.sorted.value}
            loading={loading}
            stale={list.stale.value}
            projectHref={projectHref}
            reportsHref={reportsHref}
            onSort={list.sortBy}
            onDelete={(project) => (toDelete.value = project)}
          />
          {page.items.length === 0 ? (
            <div class="empty-state">
              <p>
                {state.search
                  ? t('projectsNoMatch', state.search)
                  : state.page > 1
                    ? t('projectsEmptyPage')
                    : t('projectsNoneYet')}
              </p>
            </div>
          ) : null}
          <Pagination
            page={page}
            noun={{ one: t('projectsNounOne'), many: t('projectsNounMany') }}
            onPage={list.goToPage}
          />
        </>
      ) : null}
      <DeleteProjectDialog
        project={toDelete.value}
        model={model}
        onClose={() => (toDelete.value = null)}
        fallbackFocus={() => heading.current}
        onOpenSettings={onOpenSettings}
        reportsHref={reportsHref}
      />
    </section>
  );
}
