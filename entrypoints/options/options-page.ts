// Everything the options page holds, built once when it opens: the hash router, remembered list
// preferences, and one model per list.
import { parseRoute, type OptionsRoute } from '@/lib/options-route';
import { createProjectsModel, type ProjectsModel } from './projects/projects-model';
import { loadProjectListPrefs, loadReportListPrefs } from './prefs';
import { createProjectOptionsModel, type ProjectOptionsModel } from './reports/project-options-model';
import { createReportDetailsModel, type ReportDetailsModel } from './reports/report-details-model';
import { createReportsModel, type ReportsModel, type Send } from './reports/reports-model';
import { createHashRouter, type HashRouter } from './router';

export interface OptionsPage {
  router: HashRouter;
  reports: ReportsModel;
  details: ReportDetailsModel;
  projectOptions: ProjectOptionsModel;
  projects: ProjectsModel;
  dispose(): void;
}

export interface StartOptions {
  win?: Window;
  searchDelayMs?: number;
}

const REPORTS_HOME: OptionsRoute = { section: 'reports', list: {}, details: null };

/** With no section in the address: Reports, or Settings while there is no key to list anything with. */
async function defaultRoute(send: Send, win: Window): Promise<OptionsRoute> {
  if (parseRoute(win.location.hash)) return REPORTS_HOME;
  const settings = await send('settings.get', {});
  return settings.ok && !settings.data.keySet ? { section: 'settings' } : REPORTS_HOME;
}

export async function startOptionsPage(send: Send, options: StartOptions = {}): Promise<OptionsPage> {
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
