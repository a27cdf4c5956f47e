// @vitest-environment node
// The api-md dialect's report list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiMdReport as Report, Paginated, ReferenceApi } from '../../../reference-api/index';
import { call, manualClock, query, startApiMd as start, type ErrorBody } from './harness';

let api: ReferenceApi;
const clock = manualClock();

beforeAll(async () => {
  api = await start({ seed: true, now: clock.now });
});
afterAll(() => api.close());

const list = (params: Record<string, string | number> = {}) =>
  call<Paginated<Report>>(api, 'GET', '/api/v1/reports' + query(params));

/** Every report the list gives for these parameters, page after page. */
async function all(params: Record<string, string | number> = {}): Promise<Report[]> {
  const reports: Report[] = [];
  for (let page = 1; ; page++) {
    const { body } = await list({ ...params, per_page: 100, page });
    reports.push(...body.data);
    if (body.meta.current_page >= body.meta.last_page) return reports;
  }
}

describe('GET /api/v1/reports envelope', () => {
  it("uses Laravel's paginator shape with the defaults (10 per page, newest first)", async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    const total = api.store.reports().length;
    expect(body.data).toHaveLength(10);
    expect(body.data.map((report) => report.id)).toEqual(Array.from({ length: 10 }, (_, i) => total - i));
    expect(body.meta).toEqual({
      current_page: 1,
      from: 1,
      last_page: Math.ceil(total / 10),
      path: `${api.url}/api/v1/reports`,
      per_page: 10,
      to: 10,
      total,
    });
    expect(body.links).toEqual({
      first: `${api.url}/api/v1/reports?page=1`,
      last: `${api.url}/api/v1/reports?page=${Math.ceil(total / 10)}`,
      prev: null,
      next: `${api.url}/api/v1/reports?page=2`,
    });
  });

  it('returns every report field and never a password', async () => {
    const reports = await all();
    for (const report of reports) {
      expect(Object.keys(report).sort()).toEqual([
        'created_at',
        'generated_at',
        'id',
        'password',
        'privacy',
        'project',
        'result',
        'results',
        'updated_at',
        'url',
      ]);
      expect(typeof report.id).toBe('number');
      expect(typeof report.password).toBe('boolean');
      expect([0, 1, 2]).toContain(report.privacy);
      expect(report.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
      if (report.result === null) expect(report.results).toBeNull();
      else expect(report.results).toMatchObject({ score: expect.any(Number), checks: expect.any(Object) });
    }
    expect(JSON.stringify(reports)).not.toContain('demo-password');
  });

  it('keeps the other query parameters in the page links', async () => {
    const { body } = await list({ result: 'good', sort: 'asc', page: 2 });
    expect(body.links.prev).toBe(`${api.url}/api/v1/reports?result=good&sort=asc&page=1`);
  });
});

describe('pagination', () => {
  it.each([10, 25, 50, 100])('honours per_page=%i', async (perPage) => {
    const { body } = await list({ per_page: perPage });
    expect(body.meta.per_page).toBe(perPage);
    expect(body.data).toHaveLength(perPage);
  });

  it.each(['7', '0', '-25', '1000', 'abc', '25.0', '1e2'])(
    'silently replaces per_page=%s by 10',
    async (perPage) => {
      const { status, body } = await list({ per_page: perPage });
      expect(status).toBe(200);
      expect(body.meta.per_page).toBe(10);
      expect(body.data).toHaveLength(10);
    },
  );

  it('gives the second page with from/to', async () => {
    const { body } = await list({ per_page: 25, page: 2 });
    expect(body.meta).toMatchObject({ current_page: 2, from: 26, to: 50 });
    expect(body.links.prev).toContain('page=1');
    expect(body.links.next).toContain('page=3');
  });

  it('answers a page past the end with no data and the real totals', async () => {
    const total = api.store.reports().length;
    const { status, body } = await list({ page: 99 });
    expect(status).toBe(200);
    expect(body.data).toEqual([]);
    expect(body.meta).toMatchObject({
      current_page: 99,
      from: null,
      to: null,
      total,
      last_page: Math.ceil(total / 10),
    });
    expect(body.links.next).toBeNull();
  });

  it.each(['0', '-1', 'abc', '1.5'])('treats page=%s as page 1', async (page) => {
    const { body } = await list({ page });
    expect(body.meta.current_page).toBe(1);
    expect(body.meta.from).toBe(1);
  });

  it('visits every report exactly once across the pages', async () => {
    const ids = (await all({ sort_by: 'url', sort: 'asc' })).map((report) => report.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(api.store.reports().length);
  });
});

describe('filters', () => {
  it('searches URLs case-insensitively by substring', async () => {
    const found = await all({ search: 'CLIENT-A.example/PRICING' });
    expect(found.length).toBeGreaterThan(0);
    for (const report of found) expect(report.url.toLowerCase()).toContain('client-a.example/pricing');
    expect(found).toHaveLength(
      api.store.reports().filter((report) => report.url.toLowerCase().includes('client-a.example/pricing'))
        .length,
    );
  });

  it('accepts search_by=url and rejects other search fields', async () => {
    expect((await list({ search: 'shop', search_by: 'url' })).status).toBe(200);
    const answer = await call<ErrorBody>(
      api,
      'GET',
      '/api/v1/reports' + query({ search: 'x', search_by: 'project' }),
    );
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ search_by: ['The selected search by is invalid.'] });
  });

  it.each(['Client A / Landing pages', 'Café – Ünïcode 日本', 'Shop 100% off?', 'News #1', 'C++ guides'])(
    'filters by the project %s',
    async (project) => {
      const found = await all({ project });
      expect(found.length).toBeGreaterThan(0);
      expect(found.every((report) => report.project === project)).toBe(true);
      expect(found).toHaveLength(api.store.reports().filter((report) => report.project === project).length);
    },
  );

  it('finds nothing for an unknown project', async () => {
    const { body } = await list({ project: 'No such project' });
    expect(body.data).toEqual([]);
    expect(body.meta.total).toBe(0);
    expect(body.meta.last_page).toBe(1);
  });

  it.each(['good', 'decent', 'bad'])('filters by result=%s', async (result) => {
    const found = await all({ result });
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((report) => report.result === result)).toBe(true);
  });

  it('combines filters', async () => {
    const found = await all({ project: 'example.com', result: 'good', search: '/' });
    const expected = api.store
      .reports()
      .filter((report) => report.project === 'example.com' && report.result === 'good');
    expect(found.map((report) => report.id).sort()).toEqual(expected.map((report) => report.id).sort());
  });

  it('ignores empty parameters, as Laravel turns them into null', async () => {
    const { status, body } = await list({ result: '', project: '', search: ' ', sort_by: '' });
    expect(status).toBe(200);
    expect(body.meta.total).toBe(api.store.reports().length);
  });
});

describe('sorting', () => {
  /** Null first when ascending (as MySQL sorts), then the id in the same direction. */
  function sorted(reports: Report[], key: 'id' | 'generated_at' | 'url' | 'result', sort: 'asc' | 'desc') {
    const value = (report: Report) => (key === 'url' ? report.url.toLowerCase() : report[key]);
    const sign = sort === 'asc' ? 1 : -1;
    return [...reports].sort((a, b) => {
      const [x, y] = [value(a), value(b)];
      const order = x === y ? 0 : x === null ? -1 : y === null ? 1 : x < y ? -1 : 1;
      return sign * (order || a.id - b.id);
    });
  }

  it.each([
    ['id', 'asc'],
    ['id', 'desc'],
    ['generated_at', 'asc'],
    ['generated_at', 'desc'],
    ['url', 'asc'],
    ['url', 'desc'],
    ['result', 'asc'],
    ['result', 'desc'],
  ] as const)('sorts by %s %s', async (sortBy, sort) => {
    const found = await all({ sort_by: sortBy, sort });
    expect(found.map((report) => report.id)).toEqual(sorted(found, sortBy, sort).map((report) => report.id));
  });

  it('puts pending reports (null generated_at) first when ascending by generated_at', async () => {
    const { body } = await list({ sort_by: 'generated_at', sort: 'asc' });
    expect(body.data[0]?.generated_at).toBeNull();
  });

  it('sorts results alphabetically, as a string column does', async () => {
    const results = (await all({ sort_by: 'result', sort: 'asc' })).map((report) => report.result);
    expect([...new Set(results)]).toEqual([null, 'bad', 'decent', 'good']);
  });
});

describe('invalid list parameters', () => {
  it.each([
    ['result', 'great', 'The selected result is invalid.'],
    ['sort_by', 'foo', 'The selected sort by is invalid.'],
    ['sort', 'up', 'The selected sort is invalid.'],
    ['sort_by', 'created_at', 'The selected sort by is invalid.'],
  ])('rejects %s=%s with 422', async (field, value, message) => {
    const answer = await call<ErrorBody>(api, 'GET', '/api/v1/reports' + query({ [field]: value }));
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ message, errors: { [field]: [message] } });
  });

  it('summarizes several errors in the message', async () => {
    const answer = await call<ErrorBody>(
      api,
      'GET',
      '/api/v1/reports' + query({ result: 'x', sort: 'y', sort_by: 'z' }),
    );
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe('The selected result is invalid. (and 2 more errors)');
    expect(Object.keys(answer.body.errors ?? {}).sort()).toEqual(['result', 'sort', 'sort_by']);
  });
});
