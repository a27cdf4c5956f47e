import type { Result } from '@/lib/api/errors';
import { PROJECT_SORT_KEYS, type Project, type ProjectSortKey } from '@/lib/api/types';
import type { ProjectListQuery } from '@/lib/messaging/inputs';
import { resolveProjectList, type ProjectListState } from '@/lib/options-route';
import { createListModel } from '../list/list-model';
import type { PrefsStore } from '../prefs';
import type { HashRouter } from '../router';
import type { Send } from '../reports/reports-model';

function toProjectListQuery(state: ProjectListState): ProjectListQuery {
  const search = state.search.trim();
  return {
    ...(search ? { search, searchBy: 'project' as const } : {}),
    sortBy: state.sortBy,
    sort: state.sort,
    perPage: state.perPage,
    page: state.page,
  };
}

export function createProjectsModel(
  send: Send,
  options: { router: HashRouter; prefs: PrefsStore<ProjectSortKey>; searchDelayMs?: number },
) {
  const list = createListModel<ProjectSortKey, ProjectListState, Project>({
    router: options.router,
    prefs: options.prefs,
    readList: (route) => (route?.section === 'projects' ? route.list : null),
    resolve: resolveProjectList,
    routeFor: (state) => ({ section: 'projects', list: state }),
    fetchPage: (state) => send('projects.list', toProjectListQuery(state)),
    sortKeys: PROJECT_SORT_KEYS,
    searchDelayMs: options.searchDelayMs,
  });

  return {
    list,
    /** Its row leaves the table only once the service confirms. */
    async deleteProject(project: Project): Promise<Result<null>> {
      const result = await send('projects.delete', { name: project.name });
      if (!result.ok) return result;
      list.removeItems((item) => item.name === project.name);
      return { ok: true, data: null };
    },
    dispose: () => list.dispose(),
  };
}

export type ProjectsModel = ReturnType<typeof createProjectsModel>;
