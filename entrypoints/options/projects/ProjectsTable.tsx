import { ListTable } from '@/components/ListTable';
import { DateTime } from '@/components/DateTime';
import { SortHeader } from '@/components/SortHeader';
import type { Project, ProjectSortKey } from '@/lib/api/types';
import { t } from '@/lib/i18n';
import type { ListSort } from '../list/list-model';
import { formatCount } from '../format-number';
import { AverageScore } from './AverageScore';

export interface ProjectsTableProps {
  projects: readonly Project[];
  /** The server may have replaced the sort asked. */
  sorted: ListSort<ProjectSortKey>;
  loading: boolean;
  /** The rows on show belong to another state (the next one loads, or loading it failed): dimmed. */
  stale: boolean;
  projectHref: (project: Project) => string;
  /** Reports filtered by this project. */
  reportsHref: (project: Project) => string;
  onSort: (key: ProjectSortKey) => void;
  onDelete: (project: Project) => void;
}

export function ProjectsTable({
  projects,
  sorted,
  loading,
  stale,
  projectHref,
  reportsHref,
  onSort,
  onDelete,
}: ProjectsTableProps) {
  // A column the server fills for no project would be a column of dashes: left out.
  const showCount = projects.some((project) => project.reportsCount !== null);
  const showAverage = projects.some(
    (project) => project.averageScore !== null || project.averageResult !== null,
  );
  const sortProps = { sortBy: sorted.sortBy, sort: sorted.sort, onSort };
  return (
    <ListTable name="projects" labelledBy="projects-heading" loading={loading} stale={stale}>
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
        {projects.map((project) => (
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
              <button type="button" class="danger" onClick={() => onDelete(project)}>
                {t('optionsDelete')}
                <span class="visually-hidden"> {t('projectsDeleteRowName', project.name)}</span>
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </ListTable>
  );
}
