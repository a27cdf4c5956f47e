// Everything the options page holds, built once when it opens: the hash router, remembered list
// preferences, and one model per list.
import { send } from '@/lib/messaging/send';
import { parseRoute, type OptionsRoute } from '@/lib/options-route';
import { createProjectsModel } from './projects/projects-model';
import { loadProjectListPrefs, loadReportListPrefs } from './prefs';
import { createReportsModel } from './reports/reports-model';
import { createHashRouter } from './router';

const REPORTS_HOME: OptionsRoute = { section: 'reports', list: {}, details: null };

/** With no section in the address: Reports, or Settings while there is no key to list anything with. */
async function defaultRoute(): Promise<OptionsRoute> {
  if (parseRoute(location.hash)) return REPORTS_HOME;
  const settings = await send('settings.get', {});
  return settings.ok && !settings.data.keySet ? { section: 'settings' } : REPORTS_HOME;
}

export async function startOptionsPage() {
  const [reportPrefs, projectPrefs, fallback] = await Promise.all([
    loadReportListPrefs(),
    loadProjectListPrefs(),
    defaultRoute(),
  ]);
  const router = createHashRouter(fallback);
  const reports = createReportsModel({ router, prefs: reportPrefs });
  const projects = createProjectsModel({ router, prefs: projectPrefs });
  // A few ms of reading storage, beside the list's request: Reports then first renders with its kept rows.
  await reports.list.firstKeptRows;
  return {
    router,
    reports,
    projects,
    dispose() {
      reports.dispose();
      projects.dispose();
      router.dispose();
    },
  };
}

export type OptionsPage = Awaited<ReturnType<typeof startOptionsPage>>;
