// @vitest-environment node
// The api-md dialect's projects.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiMdProject as Project, Paginated, ReferenceApi } from '../../../reference-api/index';
import { call, manualClock, query, startApiMd as start, type ErrorBody } from './harness';

let api: ReferenceApi;
let clock: ReturnType<typeof manualClock>;

const ODD_NAMES = [
  'Client A / Landing pages',
  'Café – Ünïcode 日本',
  'Shop 100% off?',
  'News #1',
  'C++ guides',
  'a%2Fb (literally)',
  'back\\slash & "quotes"',
];

beforeEach(async () => {
  clock = manualClock();
  api = await start({ now: clock.now });
  // One report a minute: "Alpha" oldest, then the odd names, then "beta" twice.
  for (const project of ['Alpha', ...ODD_NAMES, 'beta', 'beta']) {
    api.store.create({ url: `https://${encodeURIComponent(project).length}.example/`, privacy: 0, project });
    clock.advance(60_000);
  }
  api.store.create({ url: 'https://no-project.example/', privacy: 0, project: null });
});
afterEach(() => api.close());

const list = (params: Record<string, string | number> = {}) =>
  call<Paginated<Project>>(api, 'GET', '/api/v1/projects' + query(params));

describe('GET /api/v1/projects', () => {
  it('lists projects newest first, 10 per page, with their report counts', async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body.meta).toMatchObject({
      current_page: 1,
      per_page: 10,
      total: 9,
      last_page: 1,
      from: 1,
      to: 9,
    });
    expect(body.data[0]).toEqual({
      project: 'beta',
      created_at: '2025-01-15T12:08:00.000000Z',
      reports_count: 2,
    });
    expect(body.data.at(-1)?.project).toBe('Alpha');
    expect(body.data.map((project) => project.project)).not.toContain(null);
  });

  it('sorts by name (case-insensitive) or by date, in both directions', async () => {
    const byName = (await list({ sort_by: 'project', sort: 'asc' })).body.data.map(
      (project) => project.project,
    );
    expect(byName).toEqual([...byName].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));
    expect(byName[0]).toBe('a%2Fb (literally)');
    expect(byName[1]).toBe('Alpha');
    const oldest = (await list({ sort_by: 'created_at', sort: 'asc' })).body.data[0];
    expect(oldest?.project).toBe('Alpha');
  });

  it('searches names case-insensitively, with search_by=project only', async () => {
    const found = (await list({ search: 'CAFÉ', search_by: 'project' })).body.data;
    expect(found.map((project) => project.project)).toEqual(['Café – Ünïcode 日本']);
    const invalid = await call<ErrorBody>(
      api,
      'GET',
      '/api/v1/projects' + query({ search: 'x', search_by: 'url' }),
    );
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({ search_by: ['The selected search by is invalid.'] });
  });

  it('paginates and replaces an unknown per_page by 10', async () => {
    const { body } = await list({ per_page: 3, page: 2 });
    expect(body.meta).toMatchObject({ per_page: 10, current_page: 2, total: 9, from: null, to: null });
    expect(body.data).toEqual([]);
  });

  it.each([
    ['sort_by', 'name'],
    ['sort_by', 'id'],
    ['sort', 'newest'],
  ])('rejects %s=%s with 422', async (field, value) => {
    const answer = await call<ErrorBody>(api, 'GET', '/api/v1/projects' + query({ [field]: value }));
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors ?? {})).toEqual([field]);
  });
});

describe('DELETE /api/v1/projects/:project', () => {
  it.each(ODD_NAMES)('deletes %s, encoded as one path segment, with its reports', async (name) => {
    const path = `/api/v1/projects/${encodeURIComponent(name)}`;
    const answer = await call(api, 'DELETE', path);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ id: name, object: 'project', deleted: true, status: 200 });
    expect(api.store.projects().map((project) => project.project)).not.toContain(name);
    expect(api.store.reports().some((report) => report.project === name)).toBe(false);
    // Nothing else went.
    expect(api.store.projects()).toHaveLength(8);
    // The log keeps the path as sent.
    expect(api.requests.at(-1)?.path).toBe(path);
  });

  it('does not decode %2F into a path separator', async () => {
    const answer = await call(api, 'DELETE', '/api/v1/projects/Client%20A%20%2F%20Landing%20pages');
    expect(answer.status).toBe(200);
    // Not a match: the slash unencoded makes two segments.
    expect((await call(api, 'DELETE', '/api/v1/projects/Client A / Landing pages')).status).not.toBe(200);
  });

  it('deletes all the reports of the project', async () => {
    expect(api.store.reports()).toHaveLength(11);
    await call(api, 'DELETE', '/api/v1/projects/beta');
    expect(api.store.reports()).toHaveLength(9);
  });

  it('answers 404 for an unknown project, including a double-encoded name', async () => {
    for (const path of [
      'Nope',
      encodeURIComponent(encodeURIComponent('Client A / Landing pages')),
      '%E0%A4%A',
    ]) {
      const answer = await call<ErrorBody>(api, 'DELETE', `/api/v1/projects/${path}`);
      expect(answer.status).toBe(404);
      expect(answer.body.message).toContain('No query results');
    }
    expect(api.store.projects()).toHaveLength(9);
  });

  it('removes the project from the report filter too', async () => {
    const name = 'Client A / Landing pages';
    const before = await call<Paginated<unknown>>(api, 'GET', '/api/v1/reports' + query({ project: name }));
    expect(before.body.meta.total).toBe(1);
    await call(api, 'DELETE', `/api/v1/projects/${encodeURIComponent(name)}`);
    const after = await call<Paginated<unknown>>(api, 'GET', '/api/v1/reports' + query({ project: name }));
    expect(after.body.meta.total).toBe(0);
  });
});
