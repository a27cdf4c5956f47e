import { ListTable } from '@/components/ListTable';
import { DateTime } from '@/components/DateTime';
import { SortHeader } from '@/components/SortHeader';
import type { Project, ProjectSortKey } from '@/lib/api/types';
import type { ListSort } from '../list/server-sort';
import { AverageScore } from './AverageScore';

export interface ProjectsTableProps {
  projects: readonly Project[];
  /** The sort the rows are really in (the server may have replaced the one asked). */
  sorted: ListSort<ProjectSortKey>;
  /** A request for the list is on its way. */
  loading: boolean;
  /** The rows on show belong to another state (the next one loads, or loading it failed): dimmed. */
  stale: boolean;
  /** The link that opens Reports filtered by this project. */
  reportsHref: (project: Project) => string;
  onSort: (key: ProjectSortKey) => void;
  onDelete: (project: Project) => void;
}

/**
 * The table named "Projects": Name, Created and, where the server gives them, the number of reports and
 * their average score.
 */
export function ProjectsTable({
  projects,
  sorted,
  loading,
  stale,
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
          <SortHeader label="Name" sortKey="project" {...sortProps} />
          <SortHeader label="Created" sortKey="created_at" {...sortProps} />
          {showCount ? (
            <th scope="col" class="number-cell">
              Reports
            </th>
          ) : null}
          {showAverage ? <th scope="col">Average score</th> : null}
          <th scope="col">
            <span class="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {projects.map((project) => (
          <tr key={project.name}>
            <th scope="row" class="name-cell">
              <a href={reportsHref(project)} title={`Show the reports of ${project.name}`}>
                {project.name}
              </a>
            </th>
            <td class="date-cell">
              <DateTime iso={project.createdAt} />
            </td>
            {showCount ? <td class="number-cell">{project.reportsCount ?? '—'}</td> : null}
            {showAverage ? (
              <td>
                <AverageScore project={project} />
              </td>
            ) : null}
            <td class="row-actions">
              <button type="button" class="danger" onClick={() => onDelete(project)}>
                Delete<span class="visually-hidden"> project {project.name}</span>
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </ListTable>
  );
}
