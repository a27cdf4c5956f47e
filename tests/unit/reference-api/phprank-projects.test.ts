// @vitest-environment node
// The phprank dialect's projects: one per host, implicit.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  PhpRankPaginated,
  PhpRankProject,
  PhpRankReport,
  ReferenceApi,
} from '../../../reference-api/index';
import { call, manualClock, query, start, type PhpRankError } from './harness';

let api: ReferenceApi;
let clock: ReturnType<typeof manualClock>;

const ADDRESSES = [
  'https://www.example.com/',
  'https://café.example.jp/menü',
  'https://example.com/pricing',
  'http://localhost:3000/',
  'https://Beta.example/',
  'http://www.example.com/about?x=1',
];

beforeEach(async () => {
  clock = manualClock();
  api = await start({ now: clock.now });
  // One report a minute, in this order.
  for (const url of ADDRESSES) {
    api.store.create({ url, privacy: 0 });
    clock.advance(60_000);
  }
});
afterEach(() => api.close());

const list = (params: Record<string, string | number> = {}) =>
  call<PhpRankPaginated<PhpRankProject>>(api, 'GET', '/api/v1/projects' + query(params));
const names = async (params: Record<string, string | number> = {}) =>
  (await list(params)).body.data.map((project) => project.project);

describe('GET /api/v1/projects', () => {
  it('lists hosts with their report count, summed score (a string) and oldest date, newest first', async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body.status).toBe(200);
    const reports = api.store.reports() as PhpRankReport[];
    const sum = (host: string) =>
      String(
        reports
          .filter((report) => report.project === host)
          .reduce((total, report) => total + (report.result as number), 0),
      );
    expect(body.data).toEqual([
      {
        project: 'Beta.example',
        reports: 1,
        result: sum('Beta.example'),
        created_at: '2025-01-15T12:04:00.000000Z',
      },
      {
        project: 'localhost',
        reports: 1,
        result: sum('localhost'),
        created_at: '2025-01-15T12:03:00.000000Z',
      },
      {
        project: 'café.example.jp',
        reports: 1,
        result: sum('café.example.jp'),
        created_at: '2025-01-15T12:01:00.000000Z',
      },
      {
        project: 'example.com',
        reports: 3,
        result: sum('example.com'),
        created_at: '2025-01-15T12:00:00.000000Z',
      },
    ]);
    expect(body.meta).toMatchObject({ total: 4, per_page: 10, current_page: 1, last_page: 1 });
    expect(body.links.first).toBe(
      `${api.url}/api/v1/projects?search_by=project&sort_by=created_at&sort=desc&per_page=10&page=1`,
    );
  });

  it('sorts by name (case-insensitive) or date; anything else falls back to created_at desc', async () => {
    expect(await names({ sort_by: 'project', sort: 'asc' })).toEqual([
      'Beta.example',
      'café.example.jp',
      'example.com',
      'localhost',
    ]);
    expect(await names({ sort_by: 'created_at', sort: 'asc' })).toEqual([
      'example.com',
      'café.example.jp',
      'localhost',
      'Beta.example',
    ]);
    const fallback = await list({ sort_by: 'reports', sort: 'newest', search_by: 'url', per_page: 3 });
    expect(fallback.status).toBe(200);
    expect(fallback.body.data.map((project) => project.project)).toEqual(await names());
    expect(fallback.body.links.first).toContain('search_by=project&sort_by=created_at&sort=desc&per_page=10');
  });

  it('searches names case-insensitively', async () => {
    expect(await names({ search: 'CAFÉ' })).toEqual(['café.example.jp']);
    expect(await names({ search: 'example' })).toHaveLength(3);
  });
});

describe('DELETE /api/v1/projects/:project', () => {
  it('deletes every report of the host, answering { id, object: "report", deleted, status }', async () => {
    const answer = await call(api, 'DELETE', '/api/v1/projects/example.com');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ id: 'example.com', object: 'report', deleted: true, status: 200 });
    expect(api.store.reports()).toHaveLength(3);
    expect(await names()).not.toContain('example.com');
  });

  it('takes a unicode host percent-encoded as one path segment', async () => {
    const answer = await call(api, 'DELETE', `/api/v1/projects/${encodeURIComponent('café.example.jp')}`);
    expect(answer.body).toMatchObject({ id: 'café.example.jp', deleted: true });
  });

  it('answers 404 { message: "Resource not found.", status } for an unknown project', async () => {
    for (const name of ['nope.example', 'www.example.com', '%E0%A4%A']) {
      const answer = await call<PhpRankError>(api, 'DELETE', `/api/v1/projects/${name}`);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: 'Resource not found.', status: 404 });
    }
    expect(api.store.reports()).toHaveLength(ADDRESSES.length);
  });
});
