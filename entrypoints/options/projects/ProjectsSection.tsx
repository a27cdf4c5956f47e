import { useSignal } from '@preact/signals';
import { useRef } from 'preact/hooks';
import { DateTime } from '@/components/DateTime';
import { ErrorBanner } from '@/components/ErrorBanner';
import { ListTable } from '@/components/ListTable';
import { Pagination } from '@/components/Pagination';
import { SearchField, TextField } from '@/components/fields';
import { SortHeader } from '@/components/SortHeader';
import type { Project, ProjectSortKey } from '@/lib/api/types';
import { t } from '@/lib/i18n';
import { formatRoute } from '@/lib/options-route';
import { formatCount } from '../format-number';
import { DeleteDialog } from '../list/DeleteDialog';
import { PerPageSelect } from '../list/PerPageSelect';
import { SortNotice } from '../list/SortNotice';
import { ResultBadge } from '@/components/ResultBadge';
import { bandOfScore } from '@/lib/api/score';
import type { ProjectsModel } from './projects-model';

function sortNames(): Record<ProjectSortKey, string> {
  return { created_at: t('optionsSortByCreated'), project: t('optionsSortByName') };
}

const projectHref = (project: Project) => formatRoute({ section: 'project', name: project.name, test: null });
const reportsHref = (project: Project) =>
  formatRoute({ section: 'reports', list: { project: project.name }, details: null });

export function ProjectsSection({ model }: { model: ProjectsModel }) {
  const { list } = model;
  const heading = useRef<HTMLHeadingElement>(null);
  const toDelete = useSignal<Project | null>(null);
  const typed = useSignal('');
  const page = list.page.value;
  const state = list.state.value;
  const loading = list.loading.value;
  const error = list.error.value;
  // A column the server fills for no project would be a column of dashes: left out.
  const showCount = page?.items.some((project) => project.reportsCount !== null);
  const showAverage = page?.items.some(
    (project) => project.averageScore !== null || project.averageResult !== null,
  );
  const sortProps = { ...list.sorted.value, onSort: list.sortBy };

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
      {error ? <ErrorBanner error={error} context={t('projectsLoadFailed')} onRetry={list.reload} /> : null}
      <p class="status list-status" role="status">
        {loading ? (page ? t('optionsUpdating') : t('projectsLoading')) : ''}
      </p>
      <SortNotice replaced={list.sortReplaced.value} names={sortNames()} />
      {page ? (
        <>
          <ListTable name="projects" labelledBy="projects-heading" loading={loading} stale={list.stale.value}>
            <thead>
              <tr>
                <SortHeader label={t('projectsColumnName')} sortKey="project" {...sortProps} />
                <SortHeader label={t('optionsColumnCreated')} sortKey="created_at" {...sortProps} />
                {showCount ? (
                  <th scope="col" class="number-cell">
                    {t('projectsColumnReports')}
                  </th>
                ) : null}
                {showAverage ? <th scope="col">{t('projectsColumnAverage')}</th> : null}
                <th scope="col">
                  <span class="visually-hidden">{t('optionsColumnActions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((project) => (
                <tr key={project.name}>
                  <th scope="row" class="name-cell">
                    <a href={projectHref(project)}>{project.name}</a>
                  </th>
                  <td class="date-cell">
                    <DateTime iso={project.createdAt} />
                  </td>
                  {showCount ? (
                    <td class="number-cell">
                      {project.reportsCount === null ? '—' : formatCount(project.reportsCount)}
                    </td>
                  ) : null}
                  {showAverage ? (
                    <td>
                      <AverageScore project={project} />
                    </td>
                  ) : null}
                  <td class="row-actions">
                    <a href={reportsHref(project)}>
                      {t('projectsReportsLink')}
                      <span class="visually-hidden"> {t('projectsReportsLinkOf', project.name)}</span>
                    </a>
                    <button type="button" class="danger" onClick={() => (toDelete.value = project)}>
                      {t('optionsDelete')}
                      <span class="visually-hidden"> {t('projectsDeleteRowName', project.name)}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </ListTable>
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
      <DeleteDialog
        item={toDelete.value}
        title={t('projectsDeleteTitle')}
        remove={(target) => model.deleteProject(target)}
        failedContext={t('projectsDeleteFailed')}
        // Confirm is disabled until the name matches; this also guards a stray Enter.
        confirmDisabled={!toDelete.value || !nameMatches(typed.value, toDelete.value.name)}
        onShow={() => (typed.value = '')}
        onClose={() => (toDelete.value = null)}
        fallbackFocus={() => heading.current}
        // The service refused the name itself (e.g. a "/" it cannot route): its reports can still go.
        afterFailure={(error, shown) =>
          error.kind === 'invalid_input' ? (
            <p>
              <a href={reportsHref(shown)}>{t('projectsShowReports', shown.name)}</a>
            </p>
          ) : null
        }
      >
        {(shown) => (
          <>
            <p>
              {t('projectsDeleteBefore')}
              <strong class="break-anywhere">{shown.name}</strong>
              {t('projectsDeleteAfter')}
            </p>
            <TextField
              id="delete-project-name"
              label={t('projectsTypeName')}
              type="text"
              autoComplete="off"
              spellcheck={false}
              value={typed.value}
              onInput={(value) => (typed.value = value)}
              hint={[t('projectsTypeNameHint'), edgeSpacesHint(shown.name)].filter(Boolean).join(' ')}
            />
          </>
        )}
      </DeleteDialog>
    </section>
  );
}

/** The same characters, however the keyboard composed accented letters. */
function nameMatches(typed: string, name: string): boolean {
  return name !== '' && typed.normalize('NFC') === name.normalize('NFC');
}

/** Spaces at either end of a name are invisible on screen, so the hint says when there are some. */
function edgeSpacesHint(name: string): string | null {
  const leading = name.length - name.trimStart().length;
  const trailing = name.length - name.trimEnd().length;
  if (leading === 0 && trailing === 0) return null;
  const spaces = (n: number) => (n === 1 ? t('projectsOneSpace') : t('projectsSpaces', n));
  const where =
    leading > 0 && trailing > 0
      ? t('projectsNameStartsAndEnds', spaces(leading), spaces(trailing))
      : leading > 0
        ? t('projectsNameStarts', spaces(leading))
        : t('projectsNameEnds', spaces(trailing));
  return leading + trailing === 1 ? t('projectsTypeItToo', where) : t('projectsTypeThemToo', where);
}

/** A project's average as the badge shows a report's score; "—" when the server does not give it. */
export function AverageScore({ project }: { project: Pick<Project, 'averageScore' | 'averageResult'> }) {
  const { averageScore: score } = project;
  const result = project.averageResult ?? (score === null ? null : bandOfScore(score));
  if (result === null) return <span class="muted">—</span>;
  const report = { result, score, generatedAt: null, createdAt: null, updatedAt: null };
  return <ResultBadge report={report} state="scored" title={(n) => t('projectsAverageTitle', n)} />;
}
