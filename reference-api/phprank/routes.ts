// The /api/v1 routes of the phprank dialect: what phpRank 1.5.0 answers (shared/SERVICE.md).
// Every JSON body carries `status`; creating and regenerating take the analysis delay.
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../env';
import { lastPathSegment, normalizeInput, type Input } from '../http';
import type { Store } from '../store';
import type { PhpRankProject, PhpRankReport } from '../types';
import { account } from './account';
import { PageFetchError } from './model';
import { paginate } from './paginate';
import {
  appliedProjectParams,
  appliedReportParams,
  listProjects,
  listReports,
  parseProjectQuery,
  parseReportQuery,
} from './query';
import { validateCreate, validateUpdate, type FieldErrors } from './validation';

/** This dialect's store holds phprank reports only. */
const reportsOf = (store: Store) => store.reports() as PhpRankReport[];
const projectsOf = (store: Store) => store.projects() as PhpRankProject[];

export function phpRankRoutes(store: Store): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  const settings = store.settings;

  api.get('/account', (c) => c.json({ data: account(settings), status: 200 }));

  api.get('/reports', (c) => {
    const params = parseReportQuery(normalizeInput(c.req.query()));
    const reports = listReports(reportsOf(store), params);
    return c.json(paginate(reports, params, appliedReportParams(params), new URL(c.req.url)));
  });

  // Synchronous, as phpRank fetches and analyses the page before it answers.
  api.post('/reports', async (c) => {
    const input = c.get('input');
    const values = validateCreate(input);
    if (!values.ok) return invalid(c, values.errors);
    if (settings.planLimit !== null && store.count() >= settings.planLimit) {
      return invalid(c, { url: ['You created too many reports.'] });
    }
    await sleep(settings.analysisDelayMs);
    try {
      const report = store.create(values.value) as PhpRankReport;
      return c.json({ data: echoPrivacy(report, input), status: 201 }, 201);
    } catch (error) {
      if (error instanceof PageFetchError) return invalid(c, { url: [error.message] });
      throw error;
    }
  });

  api.get('/reports/:id', (c) => {
    const report = store.report(reportId(c.req.param('id')));
    return report ? c.json({ data: report, status: 200 }) : notFound(c);
  });

  api.on(['PUT', 'PATCH'], '/reports/:id', async (c) => {
    const id = reportId(c.req.param('id'));
    // The policy runs before validation: an unknown report is "not yours".
    if (!store.report(id)) return unauthorized(c);
    const input = c.get('input');
    const values = validateUpdate(input);
    if (!values.ok) return invalid(c, values.errors);
    if (values.value.regenerate) await sleep(settings.analysisDelayMs);
    try {
      const report = store.update(id, values.value) as PhpRankReport | undefined;
      // Gone during the analysis.
      if (!report) return unauthorized(c);
      return c.json({ data: echoPrivacy(report, input), status: 200 });
    } catch (error) {
      if (error instanceof PageFetchError) return invalid(c, { results: [error.message] });
      throw error;
    }
  });

  api.delete('/reports/:id', (c) => {
    const id = reportId(c.req.param('id'));
    if (!store.deleteReport(id)) return notFound(c);
    return c.json({ id, object: 'report', deleted: true, status: 200 });
  });

  api.get('/projects', (c) => {
    const params = parseProjectQuery(normalizeInput(c.req.query()));
    const projects = listProjects(projectsOf(store), params);
    return c.json(paginate(projects, params, appliedProjectParams(params), new URL(c.req.url)));
  });

  api.delete('/projects/:project', (c) => {
    const name = lastPathSegment(c.req.url);
    if (name === undefined || store.deleteProject(name) === 0) return notFound(c);
    // "report", not "project": phpRank says so here too.
    return c.json({ id: name, object: 'report', deleted: true, status: 200 });
  });

  // A known path with another method: Laravel 9's answer, without phpRank's `status`.
  methodNotAllowed(api, '/account', ['GET', 'HEAD']);
  methodNotAllowed(api, '/reports', ['GET', 'HEAD', 'POST']);
  methodNotAllowed(api, '/reports/:id', ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE']);
  methodNotAllowed(api, '/projects', ['GET', 'HEAD']);
  methodNotAllowed(api, '/projects/:project', ['DELETE']);
  api.all('*', notFound);
  return api;
}

/** NaN for anything but digits, which no report has. */
function reportId(param: string): number {
  return /^\d+$/.test(param) ? Number(param) : NaN;
}

/** `privacy` in the answer is the value as sent (a string from a form), not the stored number. */
function echoPrivacy(report: PhpRankReport, input: Input): PhpRankReport {
  return input.privacy === undefined ? report : { ...report, privacy: input.privacy };
}

function sleep(ms: number): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

function invalid(c: Context<AppEnv>, errors: FieldErrors): Response {
  return c.json({ message: errors, status: 422 }, 422);
}

function notFound(c: Context<AppEnv>): Response {
  return c.json({ message: 'Resource not found.', status: 404 }, 404);
}

function unauthorized(c: Context<AppEnv>): Response {
  return c.json({ message: 'This action is unauthorized.', status: 403 }, 403);
}

function methodNotAllowed(api: Hono<AppEnv>, path: string, allowed: string[]): void {
  api.all(path, (c) =>
    c.json(
      {
        message: `The ${c.req.method} method is not supported for this route. Supported methods: ${allowed.join(', ')}.`,
      },
      405,
      { Allow: allowed.join(', ') },
    ),
  );
}
