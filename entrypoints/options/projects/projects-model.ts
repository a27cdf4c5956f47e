import type { Result } from '@/lib/api/errors';
import { PROJECT_SORT_KEYS, type Project, type ProjectSortKey } from '@/lib/api/types';
import { send } from '@/lib/messaging/send';
import { resolveProjectList, type ProjectListState } from '@/lib/options-route';
import { createListModel } from '../list/list-model';
import type { PrefsStore } from '../prefs';
import type { HashRouter } from '../router';

export function createProjectsModel(options: { router: HashRouter; prefs: PrefsStore<ProjectSortKey> }) {
  const list = createListModel<ProjectSortKey, ProjectListState, Project>({
    router: options.router,
    prefs: options.prefs,
    readList: (route) => (route?.section === 'projects' ? route.list : null),
    resolve: resolveProjectList,
    routeFor: (state) => ({ section: 'projects', list: state }),
    fetchPage: ({ search, sortBy, sort, perPage, page }) =>
      send('projects.list', {
        ...(search.trim() ? { search: search.trim(), searchBy: 'project' as const } : {}),
        sortBy,
        sort,
        perPage,
        page,
      }),
    sortKeys: PROJECT_SORT_KEYS,
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
