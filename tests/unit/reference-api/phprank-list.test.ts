// @vitest-environment node
// The phprank dialect's report list, on the demo data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bandOf,
  type PhpRankPaginated,
  type PhpRankReport,
  type ReferenceApi,
} from '../../../reference-api/index';
import { call, manualClock, query, start } from './harness';

type Page = PhpRankPaginated<PhpRankReport>;

let api: ReferenceApi;

beforeAll(async () => {
  api = await start({ seed: true, now: manualClock().now });
});
afterAll(() => api.close());

const list = (params: Record<string, string | number> = {}) =>
  call<Page>(api, 'GET', '/api/v1/reports' + query(params));
const stored = () => api.store.reports() as PhpRankReport[];

/** Every report the list gives for these parameters, page after page. */
async function all(params: Record<string, string | number> = {}): Promise<PhpRankReport[]> {
  const reports: PhpRankReport[] = [];
  for (let page = 1; ; page++) {
    const { body } = await list({ ...params, per_page: 100, page });
    reports.push(...body.data);
    if (body.meta.current_page >= body.meta.last_page) return reports;
  }
}

describe('envelope', () => {
  it("is Laravel's paginator with meta.links, plus status; links carry the applied parameters", async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    const total = stored().length;
    const base = `${api.url}/api/v1/reports?search_by=url&sort_by=id&sort=desc&per_page=10&page=`;
    expect(body.status).toBe(200);
    expect(Object.keys(body)).toEqual(['data', 'links', 'meta', 'status']);
    expect(body.data.map((report) => report.id)).toEqual(Array.from({ length: 10 }, (_, i) => total - i));
    expect(body.links).toEqual({ first: `${base}1`, last: `${base}14`, prev: null, next: `${base}2` });
    expect(body.meta).toEqual({
      current_page: 1,
      from: 1,
      last_page: 14,
      links: [
        { url: null, label: '&laquo; Previous', active: false },
        ...Array.from({ length: 10 }, (_, i) => ({
          url: `${base}${i + 1}`,
          label: String(i + 1),
          active: i === 0,
        })),
        { url: null, label: '...', active: false },
        { url: `${base}13`, label: '13', active: false },
        { url: `${base}14`, label: '14', active: false },
        { url: `${base}2`, label: 'Next &raquo;', active: false },
      ],
      path: `${api.url}/api/v1/reports`,
      per_page: 10,
      to: 10,
      total,
    });
  });

  it('windows the page links around the current page', async () => {
    const labels = async (page: number) =>
      (await list({ page })).body.meta.links.map((link) => link.label).slice(1, -1);
    expect(await labels(7)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '...', '13', '14']);
    expect(await labels(8)).toEqual(['1', '2', '...', '5', '6', '7', '8', '9', '10', '11', '12', '13', '14']);
    const few = await list({ per_page: 25, page: 2 });
    expect(few.body.meta.links.map((link) => link.label)).toEqual([
      '&laquo; Previous',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      'Next &raquo;',
    ]);
    expect(few.body.meta.links.find((link) => link.active)?.label).toBe('2');
  });

  it('shows both ends and three pages each side of the current one in a long list', async () => {
    const big = await start();
    try {
      for (let i = 0; i < 200; i++) big.store.create({ url: `https://a.example/${i}`, privacy: 0 });
      const { body } = await call<Page>(big, 'GET', '/api/v1/reports?page=10');
      expect(body.meta.links.map((link) => link.label).slice(1, -1)).toEqual([
        '1',
        '2',
        '...',
        '7',
        '8',
        '9',
        '10',
        '11',
        '12',
        '13',
        '...',
        '19',
        '20',
      ]);
    } finally {
      await big.close();
    }
  });

  it('puts what the server applied in the links, not what was asked', async () => {
    const { status, body } = await list({
      sort_by: 'generated_at',
      per_page: 7,
      sort: 'sideways',
      search_by: 'project',
      result: 'great',
      page: 2,
    });
    expect(status).toBe(200);
    expect(body.meta.per_page).toBe(10);
    expect(body.links.prev).toBe(
      `${api.url}/api/v1/reports?search_by=url&sort_by=id&sort=desc&per_page=10&page=1`,
    );
  });

  it("encodes the links' parameters as PHP's http_build_query (RFC 3986)", async () => {
    const { body } = await list({ search: "café (o'clock)", project: 'example.com', result: 'good' });
    expect(body.links.first).toBe(
      `${api.url}/api/v1/reports?search=caf%C3%A9%20%28o%27clock%29&search_by=url&project=example.com&result=good&sort_by=id&sort=desc&per_page=10&page=1`,
    );
  });

  it('answers a page past the end with no data and the real totals', async () => {
    const { body } = await list({ page: 99 });
    expect(body.data).toEqual([]);
    expect(body.meta).toMatchObject({ current_page: 99, from: null, to: null, total: stored().length });
    expect(body.links.next).toBeNull();
  });

  it('reads the scores back as integers, every report with its results', async () => {
    for (const report of await all()) {
      expect(Number.isInteger(report.result)).toBe(true);
      expect(Object.keys(report.results).length).toBe(33);
    }
  });
});

describe('parameters never answer 422', () => {
  it.each([
    ['per_page', '7'],
    ['per_page', 'abc'],
    ['sort_by', 'generated_at'],
    ['sort_by', 'created_at'],
    ['sort_by', 'foo'],
    ['sort', 'up'],
    ['result', 'great'],
    ['search_by', 'project'],
    ['page', '-1'],
  ])('%s=%s falls back to the default', async (field, value) => {
    const { status, body } = await list({ [field]: value });
    expect(status).toBe(200);
    expect(body.meta).toMatchObject({ per_page: 10, current_page: 1, total: stored().length });
    expect(body.data.map((report) => report.id)).toEqual((await list()).body.data.map((report) => report.id));
  });

  it.each([10, 25, 50, 100])('honours per_page=%i', async (perPage) => {
    const { body } = await list({ per_page: perPage });
    expect(body.meta.per_page).toBe(perPage);
    expect(body.data).toHaveLength(perPage);
    expect(body.links.first).toContain(`per_page=${perPage}&page=1`);
  });
});

describe('filters', () => {
  it.each([
    ['example.com/pricing', 'example.com/pricing'],
    ['https://www.example.com/pricing', 'example.com/pricing'],
    ['http://EXAMPLE.com/Pricing', 'example.com/pricing'],
    ['www.shop.example', 'shop.example'],
    ['https://www.example.com/', 'example.com'],
  ])('searches %s as the url substring %s, case-insensitively', async (search, cleaned) => {
    const found = await all({ search });
    const expected = stored().filter((report) => report.url.toLowerCase().includes(cleaned));
    expect(expected.length).toBeGreaterThan(0);
    expect(found.map((report) => report.id).sort()).toEqual(expected.map((report) => report.id).sort());
  });

  it.each(['good', 'decent', 'bad'] as const)('filters result=%s by the score band', async (band) => {
    const found = await all({ result: band });
    const expected = stored().filter((report) => bandOf(report.result as number) === band);
    expect(found.length).toBeGreaterThan(0);
    expect(found.map((report) => report.id).sort()).toEqual(expected.map((report) => report.id).sort());
    for (const report of found) {
      const score = report.result as number;
      if (band === 'good') expect(score).toBeGreaterThan(79);
      if (band === 'decent') expect(score >= 49 && score <= 79).toBe(true);
      if (band === 'bad') expect(score).toBeLessThan(49);
    }
  });

  it('filters by project (a host), also a unicode one', async () => {
    for (const project of ['example.com', 'café.example.jp', 'localhost', '127.0.0.1']) {
      const found = await all({ project });
      expect(found.length, project).toBeGreaterThan(0);
      expect(found.every((report) => report.project === project)).toBe(true);
    }
    expect((await list({ project: 'www.example.com' })).body.meta.total).toBe(0);
  });
});

describe('sorting', () => {
  const ids = (reports: PhpRankReport[]) => reports.map((report) => report.id);

  it('sorts by id, url (case-insensitive) and result (numeric), ties by id', async () => {
    const reports = stored();
    const byUrl = [...reports].sort((a, b) =>
      a.url.toLowerCase() === b.url.toLowerCase()
        ? a.id - b.id
        : a.url.toLowerCase() < b.url.toLowerCase()
          ? -1
          : 1,
    );
    expect(ids(await all({ sort_by: 'url', sort: 'asc' }))).toEqual(ids(byUrl));
    const byResult = [...reports].sort((a, b) => (a.result as number) - (b.result as number) || a.id - b.id);
    expect(ids(await all({ sort_by: 'result', sort: 'asc' }))).toEqual(ids(byResult));
    expect(ids(await all({ sort_by: 'result', sort: 'desc' }))).toEqual(ids(byResult).reverse());
    expect(ids(await all({ sort: 'asc' }))).toEqual(ids(reports));
  });

  it('silently sorts by id for sort_by=generated_at', async () => {
    expect(ids(await all({ sort_by: 'generated_at', sort: 'asc' }))).toEqual(ids(stored()));
  });
});
