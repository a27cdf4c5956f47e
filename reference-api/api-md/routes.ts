// The /api/v1 routes of the api-md dialect: API.md answered in the Laravel shapes DESIGN.md assumes.
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../env';
import { lastPathSegment, normalizeInput } from '../http';
import type { Store } from '../store';
import type { ApiMdProject, ApiMdReport } from '../types';
import { listProjects, listReports, paginate, parseProjectQuery, parseReportQuery } from './query';
import { summarize, validateStore, validateUpdate, type FieldErrors } from './validation';

/** This dialect's store holds api-md reports only. */
const reportsOf = (store: Store) => store.reports() as ApiMdReport[];
const projectsOf = (store: Store) => store.projects() as ApiMdProject[];

export function apiMdRoutes(store: Store): Hono<AppEnv> {
  const api = new Hono<AppEnv>();

  api.get('/reports', (c) => {
    const params = parseReportQuery(normalizeInput(c.req.query()));
    if (!params.ok) return invalid(c, params.errors);
    return c.json(paginate(listReports(reportsOf(store), params.value), params.value, new URL(c.req.url)));
  });

  api.post('/reports', (c) => {
    const values = validateStore(c.get('input'));
    if (!values.ok) return invalid(c, values.errors);
    return c.json({ data: store.create(values.value) }, 201);
  });

  api.get('/reports/:id', (c) => {
    const report = store.report(reportId(c.req.param('id')));
    return report ? c.json({ data: report }) : reportNotFound(c);
  });

  api.on(['PUT', 'PATCH'], '/reports/:id', (c) => {
    const id = reportId(c.req.param('id'));
    const current = store.report(id) as ApiMdReport | undefined;
    if (!current) return reportNotFound(c);
    const values = validateUpdate(c.get('input'), current);
    if (!values.ok) return invalid(c, values.errors);
    return c.json({ data: store.update(id, values.value) });
  });

  api.delete('/reports/:id', (c) => {
    if (!store.deleteReport(reportId(c.req.param('id')))) return reportNotFound(c);
    return c.body(null, 204);
  });

  api.get('/projects', (c) => {
    const params = parseProjectQuery(normalizeInput(c.req.query()));
    if (!params.ok) return invalid(c, params.errors);
    return c.json(paginate(listProjects(projectsOf(store), params.value), params.value, new URL(c.req.url)));
  });

  api.delete('/projects/:project', (c) => {
    const name = lastPathSegment(c.req.url);
    if (name === undefined || store.deleteProject(name) === 0) {
      return c.json(
        { message: `No query results for model [App\\Models\\Project] ${name ?? ''}`.trim() },
        404,
      );
    }
    // 200 with a body (not 204), so the extension's handling of both delete answers is exercised.
    return c.json({ id: name, object: 'project', deleted: true, status: 200 });
  });

  // A known path with another method: Laravel answers 405 and names the methods it supports.
  methodNotAllowed(api, '/reports', ['GET', 'HEAD', 'POST']);
  methodNotAllowed(api, '/reports/:id', ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE']);
  methodNotAllowed(api, '/projects', ['GET', 'HEAD']);
  methodNotAllowed(api, '/projects/:project', ['DELETE']);
  return api;
}

/** NaN for anything but digits, which no report has: the caller answers 404. */
function reportId(param: string): number {
  return /^\d+$/.test(param) ? Number(param) : NaN;
}

function reportNotFound(c: Context<AppEnv>): Response {
  return c.json(
    { message: `No query results for model [App\\Models\\Report] ${lastPathSegment(c.req.url)}` },
    404,
  );
}

function invalid(c: Context<AppEnv>, errors: FieldErrors): Response {
  return c.json({ message: summarize(errors), errors }, 422);
}

function methodNotAllowed(api: Hono<AppEnv>, path: string, allowed: string[]): void {
  api.all(path, (c) => {
    const route = new URL(c.req.url).pathname.slice(1);
    return c.json(
      {
        message: `The ${c.req.method} method is not supported for route ${route}. Supported methods: ${allowed.join(', ')}.`,
      },
      405,
      { Allow: allowed.join(', ') },
    );
  });
}
