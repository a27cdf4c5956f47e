// Everything the options page holds, built once when it opens: the hash router, remembered list
// preferences, and one model per list.
import { parseRoute, type OptionsRoute } from '@/lib/options-route';
import { createProjectsModel } from './projects/projects-model';
import { loadProjectListPrefs, loadReportListPrefs } from './prefs';
import { createProjectOptionsModel } from './reports/project-options-model';
import { createReportDetailsModel } from './reports/report-details-model';
import { createReportsModel, type Send } from './reports/reports-model';
import { createHashRouter } from './router';

const REPORTS_HOME: OptionsRoute = { section: 'reports', list: {}, details: null };

/** With no section in the address: Reports, or Settings while there is no key to list anything with. */
async function defaultRoute(send: Send, win: Window): Promise<OptionsRoute> {
  if (parseRoute(win.location.hash)) return REPORTS_HOME;
  const settings = await send('settings.get', {});
  return settings.ok && !settings.data.keySet ? { section: 'settings' } : REPORTS_HOME;
}

export async function startOptionsPage(send: Send, options: { win?: Window; searchDelayMs?: number } = {}) {
  const win = options.win ?? window;
  const [reportPrefs, projectPrefs, fallback] = await Promise.all([
    loadReportListPrefs(),
    loadProjectListPrefs(),
    defaultRoute(send, win),
  ]);
  const router = createHashRouter({ win, fallback });
  const reports = createReportsModel(send, {
    router,
    prefs: reportPrefs,
    searchDelayMs: options.searchDelayMs,
  });
  const details = createReportDetailsModel(send, {
    onReportChanged: reports.replaceReport,
    onReportGone: reports.removeReport,
  });
  const projectOptions = createProjectOptionsModel(send);
  const projects = createProjectsModel(send, {
    router,
    prefs: projectPrefs,
    searchDelayMs: options.searchDelayMs,
  });
  // A few ms of reading storage, beside the list's request: Reports then first renders with its kept rows.
  await reports.list.firstKeptRows;
  return {
    router,
    reports,
    details,
    projectOptions,
    projects,
    dispose() {
      reports.dispose();
      details.dispose();
      projects.dispose();
      router.dispose();
    },
  };
}

export type OptionsPage = Awaited<ReturnType<typeof startOptionsPage>>;
