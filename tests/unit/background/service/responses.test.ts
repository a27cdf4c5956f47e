// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  containsReport,
  parseProjectPage,
  parseReport,
  parseReportPage,
  reportIdIn,
  serverError,
} from '@/entrypoints/background/service/responses';
import {
  createReportInputSchema,
  inputFieldErrors,
  projectListQuerySchema,
  projectNameSchema,
  reportIdSchema,
  reportListQuerySchema,
  updateReportInputSchema,
} from '@/lib/messaging/inputs';
import { NORMALISED, REPORT } from './fake-fetch';

function problemOf(parsed: { ok: true } | { ok: false; problem: string }): string {
  if (parsed.ok) throw new Error('expected the parse to fail');
  return parsed.problem;
}

describe('parseReport', () => {
  it('reads a bare object', () => {
    expect(parseReport(REPORT)).toEqual({ ok: true, value: NORMALISED });
  });

  it('unwraps {data: {...}} and ignores a status beside it', () => {
    expect(parseReport({ data: REPORT, status: 200 })).toEqual({ ok: true, value: NORMALISED });
  });

  it('keeps a report’s own status field (bare object)', () => {
    const parsed = parseReport({ ...REPORT, status: 'done' });
    expect(parsed.ok && parsed.value.fields.status).toBe('done');
  });

  it('accepts a string id and a privacy sent as a string', () => {
    const parsed = parseReport({ ...REPORT, id: 'a1b2', privacy: '1' });
    expect(parsed.ok && parsed.value.id).toBe('a1b2');
    expect(parsed.ok && parsed.value.privacy).toBe(1);
    // fields shows what the server sent
    expect(parsed.ok && parsed.value.fields.privacy).toBe('1');
  });

  it('replaces a password string by true and never keeps it', () => {
    const parsed = parseReport({ ...REPORT, privacy: 2, password: 's3cret!' });
    expect(parsed).toEqual({
      ok: true,
      value: {
        ...NORMALISED,
        privacy: 2,
        hasPassword: true,
        fields: { ...REPORT, privacy: 2, password: true },
      },
    });
    expect(JSON.stringify(parsed)).not.toContain('s3cret!');
  });

  it('reads hasPassword from a boolean password field', () => {
    const yes = parseReport({ ...REPORT, password: true });
    const no = parseReport({ ...REPORT, password: false });
    expect(yes.ok && yes.value.hasPassword).toBe(true);
    expect(no.ok && no.value.hasPassword).toBe(false);
    expect(no.ok && no.value.fields.password).toBe(false);
  });

  it('does not echo a password it cannot read', () => {
    const problem = problemOf(parseReport({ ...REPORT, password: { plain: 'hunter2' } }));
    expect(problem).toBe('password: Invalid input');
  });

  it('treats missing optional fields as null and keeps unknown fields', () => {
    const parsed = parseReport({ id: 1, url: 'https://a.example/', score: 97, results: { lcp: 1.2 } });
    expect(parsed).toEqual({
      ok: true,
      value: {
        id: 1,
        url: 'https://a.example/',
        pageUrl: 'https://a.example/',
        serviceUrl: null,
        project: null,
        result: null,
        score: null,
        checks: null,
        privacy: null,
        hasPassword: null,
        generatedAt: null,
        createdAt: null,
        updatedAt: null,
        fields: { id: 1, url: 'https://a.example/', score: 97, results: { lcp: 1.2 } },
      },
    });
  });

  it('accepts a null result (still generating) and null dates', () => {
    const parsed = parseReport({ ...REPORT, result: null, generated_at: null });
    expect(parsed.ok && [parsed.value.result, parsed.value.generatedAt]).toEqual([null, null]);
  });

  it('accepts "Y-m-d H:i:s" dates and an eager-loaded project object', () => {
    const parsed = parseReport({
      ...REPORT,
      created_at: '2025-03-01 10:00:00',
      project: { id: 3, project: 'Docs' },
    });
    expect(parsed.ok && [parsed.value.createdAt, parsed.value.project]).toEqual([
      '2025-03-01 10:00:00',
      'Docs',
    ]);
  });

  it('rejects an unknown result with the path (zod’s words)', () => {
    expect(problemOf(parseReport({ data: { ...REPORT, result: 'excellent' } }))).toBe(
      'data.result: Invalid input',
    );
  });

  it('rejects a privacy out of range, a bad date, a missing url and a missing id', () => {
    expect(problemOf(parseReport({ ...REPORT, privacy: 3 }))).toBe(
      'privacy: Invalid option: expected one of 0|1|2|"0"|"1"|"2"|null',
    );
    expect(problemOf(parseReport({ ...REPORT, created_at: 'yesterday' }))).toBe('created_at: Invalid input');
    expect(problemOf(parseReport({ id: 1 }))).toBe('url: Invalid input: expected string, received undefined');
    expect(problemOf(parseReport({ url: 'https://a.example/' }))).toBe('id: Invalid input');
  });

  it('rejects something that is not a report at all', () => {
    expect(problemOf(parseReport([REPORT]))).toBe(
      '(response): Invalid input: expected object, received array',
    );
    expect(problemOf(parseReport('ok'))).toBe('(response): Invalid input: expected object, received string');
  });
});

describe('parseReport in both dialects: a word, a score or a numeric string', () => {
  const cases: [unknown, string | null, number | null][] = [
    ['good', 'good', null],
    ['decent', 'decent', null],
    ['bad', 'bad', null],
    [null, null, null],
    [86, 'good', 86],
    [80, 'good', 80],
    [79.6, 'good', 79.6],
    [79, 'decent', 79],
    [49, 'decent', 49],
    [48.9, 'decent', 48.9],
    [48.4, 'bad', 48.4],
    [0, 'bad', 0],
    [100, 'good', 100],
    [73.68421052631578, 'decent', 73.68421052631578],
    ['73', 'decent', 73],
    ['91.5', 'good', 91.5],
    [' 12 ', 'bad', 12],
  ];
  it.each(cases)('result %j -> band %s, score %s', (sent, band, score) => {
    const parsed = parseReport({ ...REPORT, result: sent });
    expect(parsed.ok && [parsed.value.result, parsed.value.score]).toEqual([band, score]);
    // What the server sent stays in the details.
    expect(parsed.ok && parsed.value.fields.result).toEqual(sent);
  });

  it.each([101, -1, '101', 'excellent', '7O', true])('refuses %j as a result', (sent) => {
    expect(parseReport({ ...REPORT, result: sent }).ok).toBe(false);
  });

  it('links an address stored without scheme: the reached address first, else https://', () => {
    const stored = parseReport({ ...REPORT, url: 'example.com/pricing', result: 73 });
    expect(stored.ok && stored.value.pageUrl).toBe('https://example.com/pricing');
    const reached = parseReport({
      ...REPORT,
      url: 'example.com/pricing',
      results: {
        seo_friendly_url: { passed: true, importance: 'high', value: 'http://www.example.com/pricing' },
      },
    });
    expect(reached.ok && reached.value.pageUrl).toBe('http://www.example.com/pricing');
    const hostile = parseReport({
      ...REPORT,
      url: 'javascript:alert(1)',
      results: { seo_friendly_url: { passed: true, importance: 'high', value: 'javascript:alert(1)' } },
    });
    expect(hostile.ok && hostile.value.pageUrl).toBeNull();
  });

  it('summarises the tests in `results`', () => {
    const parsed = parseReport({
      ...REPORT,
      result: 60,
      results: {
        title: { passed: true, importance: 'high', value: 'Pricing' },
        meta_description: { passed: false, importance: 'high', value: null, errors: { missing: null } },
      },
    });
    expect(parsed.ok && parsed.value.checks?.counts).toEqual({ high: 1, medium: 0, low: 0, passed: 1 });
  });
});

describe('the sort the server applied', () => {
  it('is read from the query of its page links (phpRank replaces generated_at by id)', () => {
    const parsed = parseReportPage({
      data: [],
      links: { first: 'https://x/api/v1/reports?sort_by=id&sort=desc&page=1', next: null, prev: null },
      meta: { current_page: 1, last_page: 1, per_page: 10, total: 0 },
    });
    expect(parsed.ok && parsed.value.appliedSort).toEqual({ sortBy: 'id', sort: 'desc' });
  });

  it('is null when the links say nothing about sorting, or there are no links', () => {
    const plain = parseReportPage({ data: [], first_page_url: 'https://x/?page=1' });
    expect(plain.ok && plain.value.appliedSort).toBeNull();
    const flat = parseReportPage({ data: [], first_page_url: '/api/v1/reports?sort_by=url&page=1' });
    expect(flat.ok && flat.value.appliedSort).toEqual({ sortBy: 'url', sort: null });
    const broken = parseReportPage({ data: [], links: { first: 42 } });
    expect(broken.ok && broken.value.appliedSort).toBeNull();
  });
});

describe('parseReportPage', () => {
  const meta = { current_page: 2, last_page: 5, per_page: 10, total: 43, from: 11, to: 20, path: 'x' };

  it('reads Laravel’s resource paginator', () => {
    const body = {
      data: [REPORT],
      links: {
        first: 'https://x/?page=1',
        last: 'https://x/?page=5',
        prev: 'https://x/?page=1',
        next: 'https://x/?page=3',
      },
      meta,
    };
    expect(parseReportPage(body)).toEqual({
      ok: true,
      value: {
        items: [NORMALISED],
        page: 2,
        perPage: 10,
        total: 43,
        lastPage: 5,
        hasNext: true,
        hasPrevious: true,
        from: 11,
        to: 20,
        appliedSort: null,
      },
    });
  });

  it('reads the last page: no next link', () => {
    const body = {
      data: [],
      links: { prev: 'https://x/?page=4', next: null },
      meta: { ...meta, current_page: 5, from: null, to: null },
    };
    const parsed = parseReportPage(body);
    expect(parsed.ok && parsed.value).toMatchObject({
      page: 5,
      hasNext: false,
      hasPrevious: true,
      from: null,
      to: null,
    });
  });

  it('reads the plain paginator (numbers beside data, links an array) with per_page as a string', () => {
    const body = {
      current_page: 1,
      data: [REPORT],
      first_page_url: 'https://x/?page=1',
      from: 1,
      last_page: 1,
      links: [{ url: null, label: 'Previous', active: false }],
      next_page_url: null,
      per_page: '25',
      prev_page_url: null,
      to: 1,
      total: 1,
      status: 200,
    };
    expect(parseReportPage(body)).toEqual({
      ok: true,
      value: {
        items: [NORMALISED],
        page: 1,
        perPage: 25,
        total: 1,
        lastPage: 1,
        hasNext: false,
        hasPrevious: false,
        from: 1,
        to: 1,
        appliedSort: null,
      },
    });
  });

  it('reads the simple paginator: no total, no last page, next link decides', () => {
    const body = {
      data: [REPORT, { ...REPORT, id: 43 }],
      links: { first: 'https://x/?page=1', prev: null, next: 'https://x/?page=2' },
      meta: { current_page: 1, per_page: 2, from: 1, to: 2, path: 'https://x/' },
    };
    const parsed = parseReportPage(body);
    expect(parsed.ok && { ...parsed.value, items: parsed.value.items.length }).toEqual({
      items: 2,
      page: 1,
      perPage: 2,
      total: null,
      lastPage: null,
      hasNext: true,
      hasPrevious: false,
      from: 1,
      to: 2,
      appliedSort: null,
    });
  });

  it('reads a bare array', () => {
    expect(parseReportPage([REPORT])).toEqual({
      ok: true,
      value: {
        items: [NORMALISED],
        page: 1,
        perPage: null,
        total: null,
        lastPage: null,
        hasNext: false,
        hasPrevious: false,
        from: null,
        to: null,
        appliedSort: null,
      },
    });
  });

  it('names the item and field that was wrong', () => {
    const body = { data: [REPORT, { ...REPORT, result: 'meh' }], meta };
    expect(problemOf(parseReportPage(body))).toBe('data.1.result: Invalid input');
    expect(problemOf(parseReportPage([{ ...REPORT, id: -1 }]))).toBe(
      '0.id: Too small: expected number to be >=0',
    );
  });

  it('rejects bad page numbers and a body that is no list', () => {
    expect(problemOf(parseReportPage({ data: [], meta: { current_page: 'two' } }))).toBe(
      'meta.current_page: Invalid string: must match pattern /^\\d+$/',
    );
    expect(problemOf(parseReportPage({ data: [], meta: { current_page: 0 } }))).toBe(
      'meta.current_page: Too small: expected number to be >=1',
    );
    expect(problemOf(parseReportPage({ message: 'hello' }))).toBe(
      'data: Invalid input: expected array, received undefined',
    );
    expect(problemOf(parseReportPage(null))).toBe(
      '(response): Invalid input: expected object, received null',
    );
  });

  it('lists at most three issues', () => {
    const bad = { ...REPORT, result: 101 };
    const issue = (index: number) => `${index}.result: Too big: expected number to be <=100`;
    expect(problemOf(parseReportPage([bad, bad, bad, bad, bad]))).toBe(
      `${issue(0)}; ${issue(1)}; ${issue(2)}; and 2 more`,
    );
  });
});

describe('parseProjectPage', () => {
  it('reads the name from "project" or "name", the count, and keeps every field', () => {
    const body = {
      data: [
        {
          project: 'Client A / Landing pages',
          created_at: '2025-01-02T03:04:05Z',
          reports_count: 12,
          owner: 7,
        },
        { name: '50% ?#日本', created_at: null, reports_count: '3' },
        { project: 'Bare' },
      ],
      meta: { current_page: 1, last_page: 1, per_page: 10, total: 3, from: 1, to: 3 },
      links: { next: null, prev: null },
    };
    expect(parseProjectPage(body)).toEqual({
      ok: true,
      value: {
        items: [
          {
            name: 'Client A / Landing pages',
            createdAt: '2025-01-02T03:04:05Z',
            reportsCount: 12,
            averageScore: null,
            averageResult: null,
            fields: {
              project: 'Client A / Landing pages',
              created_at: '2025-01-02T03:04:05Z',
              reports_count: 12,
              owner: 7,
            },
          },
          {
            name: '50% ?#日本',
            createdAt: null,
            reportsCount: 3,
            averageScore: null,
            averageResult: null,
            fields: { name: '50% ?#日本', created_at: null, reports_count: '3' },
          },
          {
            name: 'Bare',
            createdAt: null,
            reportsCount: null,
            averageScore: null,
            averageResult: null,
            fields: { project: 'Bare' },
          },
        ],
        page: 1,
        perPage: 10,
        total: 3,
        lastPage: 1,
        hasNext: false,
        hasPrevious: false,
        from: 1,
        to: 3,
        appliedSort: null,
      },
    });
  });

  it('reads phpRank’s project: `reports` is the count, `result` the sum of the scores (often a string)', () => {
    const parsed = parseProjectPage({
      data: [
        { project: 'example.com', reports: 12, result: '874', created_at: '2026-01-02T03:04:05.000000Z' },
        { project: 'shop.example', reports: '4', result: 100 },
        { project: 'empty.example', reports: 0, result: '0' },
        { project: 'odd.example', reports: 2, result: 'lots' },
      ],
      status: 200,
    });
    const items = parsed.ok ? parsed.value.items : [];
    expect(items.map((p) => [p.name, p.reportsCount, p.averageScore, p.averageResult])).toEqual([
      ['example.com', 12, 874 / 12, 'decent'],
      ['shop.example', 4, 25, 'bad'],
      ['empty.example', 0, null, null],
      ['odd.example', 2, null, null],
    ]);
  });

  it('rejects a project without a name', () => {
    expect(problemOf(parseProjectPage([{ created_at: null }]))).toBe('0.project: Invalid input');
  });
});

describe('write answers', () => {
  it('tells whether an answer carries the report, and finds a bare id', () => {
    expect(containsReport({ data: REPORT })).toBe(true);
    expect(containsReport(REPORT)).toBe(true);
    expect(containsReport({ message: 'Updated.' })).toBe(false);
    expect(reportIdIn({ id: 7, status: 201 })).toBe(7);
    expect(reportIdIn({ data: { id: 'x9' } })).toBe('x9');
    expect(reportIdIn({ message: 'ok' })).toBeUndefined();
  });
});

describe('error bodies', () => {
  it('reads Laravel’s {message, errors} and renames fields', () => {
    const body = {
      message: 'The per page field is invalid. (and 1 more error)',
      errors: { per_page: ['The selected per page is invalid.'], url: 'The url field is required.' },
    };
    expect(serverError(body).message).toBe('The per page field is invalid. (and 1 more error)');
    expect(serverError(body).fieldErrors).toEqual({
      perPage: ['The selected per page is invalid.'],
      url: ['The url field is required.'],
    });
  });

  it('reads phpRank’s {message: {field: [messages]}, status}: the field errors are the message', () => {
    const body = {
      message: { url: ['You created too many reports.'], password: 'The password field is required.' },
      status: 422,
    };
    expect(serverError(body).message).toBe('You created too many reports.');
    expect(serverError(body).fieldErrors).toEqual({
      url: ['You created too many reports.'],
      password: ['The password field is required.'],
    });
  });

  it('copes with bodies that are not Laravel’s', () => {
    expect(serverError({ message: { url: 5 } }).message).toBeUndefined();
    expect(serverError({ message: {} }).message).toBeUndefined();
    expect(serverError('nope').message).toBeUndefined();
    expect(serverError({ message: 5 }).message).toBeUndefined();
    expect(serverError({ errors: 'bad' }).fieldErrors).toEqual({});
    expect(serverError(undefined).fieldErrors).toEqual({});
  });
});

describe('input schemas', () => {
  function errorsOf(
    schema: { safeParse(v: unknown): { success: boolean; error?: unknown } },
    value: unknown,
  ) {
    const parsed = schema.safeParse(value);
    if (parsed.success) throw new Error('expected invalid input');
    return inputFieldErrors(parsed.error as never);
  }

  it('accepts every allowed list value', () => {
    for (const perPage of [10, 25, 50, 100]) {
      expect(reportListQuerySchema.safeParse({ perPage }).success).toBe(true);
    }
    expect(
      reportListQuerySchema.safeParse({
        search: 'a',
        searchBy: 'url',
        project: 'p',
        result: 'decent',
        sortBy: 'generated_at',
        sort: 'asc',
        page: 3,
      }).success,
    ).toBe(true);
    expect(
      projectListQuerySchema.safeParse({ searchBy: 'project', sortBy: 'project', sort: 'desc' }).success,
    ).toBe(true);
  });

  it('rejects values the API does not allow, field by field', () => {
    expect(
      errorsOf(reportListQuerySchema, { perPage: 20, page: 0, sortBy: 'created_at', result: 'great' }),
    ).toEqual({
      perPage: ['Invalid option: expected one of 10|25|50|100'],
      page: ['Too small: expected number to be >=1'],
      sortBy: ['Invalid option: expected one of "id"|"generated_at"|"url"|"result"'],
      result: ['Invalid option: expected one of "good"|"decent"|"bad"'],
    });
    expect(errorsOf(reportListQuerySchema, { page: 1.5 })).toEqual({
      page: ['Invalid input: expected int, received number'],
    });
    expect(errorsOf(projectListQuerySchema, { sortBy: 'id', sort: 'up', searchBy: 'url' })).toEqual({
      sortBy: ['Invalid option: expected one of "created_at"|"project"'],
      sort: ['Invalid option: expected one of "asc"|"desc"'],
      searchBy: ['Invalid input: expected "project"'],
    });
  });

  it('checks the page URL and privacy of a new report', () => {
    expect(createReportInputSchema.parse({ url: '  https://example.com/a  ' })).toEqual({
      url: 'https://example.com/a',
    });
    expect(errorsOf(createReportInputSchema, { url: '' })).toEqual({
      url: ['Enter the address of the page.'],
    });
    expect(errorsOf(createReportInputSchema, { url: 'chrome://extensions', privacy: 3 })).toEqual({
      url: ['Enter a web address that starts with http:// or https://.'],
      privacy: ['Invalid option: expected one of 0|1|2'],
    });
    expect(errorsOf(updateReportInputSchema, { privacy: '1', regenerate: 'yes' })).toEqual({
      privacy: ['Invalid option: expected one of 0|1|2'],
      regenerate: ['Invalid input: expected boolean, received string'],
    });
  });

  it('refuses ids and names that cannot be a path segment', () => {
    expect(reportIdSchema.safeParse({ id: 5 }).success).toBe(true);
    expect(reportIdSchema.safeParse({ id: 'abc' }).success).toBe(true);
    expect(errorsOf(reportIdSchema, { id: '..' })).toEqual({
      id: ['The report id cannot be used in an address.'],
    });
    expect(errorsOf(reportIdSchema, { id: 1.5 })).toEqual({
      id: ['Invalid input'],
    });
    expect(errorsOf(projectNameSchema, { name: '  ' })).toEqual({ name: ['The project name is empty.'] });
    expect(errorsOf(projectNameSchema, { name: '.' })).toEqual({
      name: ['The project name cannot be used in an address.'],
    });
  });
});
