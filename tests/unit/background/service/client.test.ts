// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClientConfig } from '@/entrypoints/background/service/client';
import { errorAction } from '@/lib/api/errors';
import type { Result } from '@/lib/api/errors';
import {
  createReportInputSchema,
  inputFieldErrors,
  projectListQuerySchema,
  projectNameSchema,
  reportIdSchema,
  reportListQuerySchema,
  updateReportInputSchema,
} from '@/lib/messaging/inputs';
import type { Page, Report } from '@/lib/api/types';
import { useTestLanguage } from '../../fake-i18n';
import {
  NORMALISED,
  REPORT,
  empty,
  fakeFetch,
  fakeSleep,
  hang,
  hangForever,
  html,
  json,
  type Answer,
  type RecordedCall,
} from './fake-fetch';

const BASE = 'https://reports.example.com/sub';
/** NORMALISED as the client hands it over: with its page on the service. */
const FROM_CLIENT = { ...NORMALISED, serviceUrl: `${BASE}/reports/42` };
const API = `${BASE}/api/v1`;
const KEY = 'key-1234abcd';

const LARAVEL_PAGE = {
  data: [REPORT],
  links: { first: `${API}/reports?page=1`, last: `${API}/reports?page=1`, prev: null, next: null },
  meta: { current_page: 1, last_page: 1, per_page: 10, total: 1, from: 1, to: 1, path: `${API}/reports` },
};

// Every request made in any test, to check afterwards that none left the configured base URL.
let allCalls: RecordedCall[] = [];

function setup(script: Answer[], config: Partial<ApiClientConfig> = {}) {
  const fake = fakeFetch(...script);
  const sleeper = fakeSleep();
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
  const client = createApiClient({
    baseUrl: BASE,
    apiKey: KEY,
    fetch: fake.fetch,
    sleep: sleeper.sleep,
    timeoutMs: 1000,
    ...config,
  });
  allCalls = fake.calls;
  return { client, calls: fake.calls, waits: sleeper.waits };
}

function errorOf<T>(result: Result<T>) {
  if (result.ok) throw new Error(`expected an error, got ${JSON.stringify(result.data)}`);
  return result.error;
}

afterEach(() => {
  for (const call of allCalls) {
    expect(call.url.startsWith(`${API}/`)).toBe(true);
    expect(new URL(call.url).origin).toBe('https://reports.example.com');
  }
  allCalls = [];
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function expectCommonRequest(call: RecordedCall) {
  expect(call.headers.get('authorization')).toBe(`Bearer ${KEY}`);
  expect(call.headers.get('accept')).toBe('application/json');
  expect(call.init.credentials).toBe('omit');
  expect(call.init.redirect).toBe('manual');
  expect(call.init.signal).toBeInstanceOf(AbortSignal);
}

// -------------------------------------------------------------------------------------------------

describe('endpoints: method, URL, headers, body', () => {
  it('listReports sends every query parameter under its API name', async () => {
    const { client, calls } = setup([json(LARAVEL_PAGE)]);
    const result = await client.listReports({
      search: 'pricing page',
      searchBy: 'url',
      project: 'Client A / Landing pages',
      result: 'good',
      sortBy: 'generated_at',
      sort: 'asc',
      perPage: 25,
      page: 2,
    });
    expect(result).toEqual({
      ok: true,
      data: {
        items: [FROM_CLIENT],
        page: 1,
        perPage: 10,
        total: 1,
        lastPage: 1,
        hasNext: false,
        hasPrevious: false,
        from: 1,
        to: 1,
        appliedSort: null,
      },
    });
    expect(calls).toHaveLength(1);
    const [call] = calls as [RecordedCall];
    expect(call.method).toBe('GET');
    expect(call.url).toBe(
      `${API}/reports?search=pricing+page&search_by=url&project=Client+A+%2F+Landing+pages&result=good` +
        '&sort_by=generated_at&sort=asc&per_page=25&page=2',
    );
    expectCommonRequest(call);
    expect(call.headers.get('content-type')).toBeNull();
    expect(call.body).toBeNull();
  });

  it('listReports leaves out empty and undefined parameters', async () => {
    const { client, calls } = setup([json([])]);
    await client.listReports({ search: '', project: '   ', result: undefined });
    expect(calls[0]?.url).toBe(`${API}/reports`);
  });

  it('listReports sends a unicode project filter encoded', async () => {
    const { client, calls } = setup([json([])]);
    await client.listReports({ project: '50% ?#日本' });
    expect(calls[0]?.url).toBe(`${API}/reports?project=50%25+%3F%23%E6%97%A5%E6%9C%AC`);
  });

  it('getReport reads one report by encoded id', async () => {
    const { client, calls } = setup([json({ data: REPORT }), json(REPORT)]);
    expect(await client.getReport(42)).toEqual({ ok: true, data: FROM_CLIENT });
    expect(await client.getReport('a/b?c#d')).toEqual({ ok: true, data: FROM_CLIENT });
    expect(calls.map((c) => [c.method, c.url])).toEqual([
      ['GET', `${API}/reports/42`],
      ['GET', `${API}/reports/a%2Fb%3Fc%23d`],
    ]);
    expectCommonRequest(calls[0] as RecordedCall);
  });

  it('createReport posts a form body with the password only for privacy 2 (answer 201)', async () => {
    const { client, calls } = setup([json({ data: { ...REPORT, privacy: 2, password: true } }, 201)]);
    const result = await client.createReport({
      url: 'https://example.com/pricing?a=1&b=2',
      privacy: 2,
      password: 'p@ss word&=',
    });
    expect(result.ok && result.data.hasPassword).toBe(true);
    const [call] = calls as [RecordedCall];
    expect(call.method).toBe('POST');
    expect(call.url).toBe(`${API}/reports`);
    expect(call.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(call.body).toBe(
      'url=https%3A%2F%2Fexample.com%2Fpricing%3Fa%3D1%26b%3D2&privacy=2&password=p%40ss+word%26%3D',
    );
    expectCommonRequest(call);
  });

  it('createReport never sends a password without privacy 2', async () => {
    const { client, calls } = setup([json(REPORT, 201), json(REPORT, 201)]);
    await client.createReport({ url: 'https://example.com/pricing', privacy: 1, password: 'secret' });
    await client.createReport(
      createReportInputSchema.parse({ url: ' https://example.com/pricing ', password: 'secret' }),
    );
    expect(calls.map((c) => c.body)).toEqual([
      'url=https%3A%2F%2Fexample.com%2Fpricing&privacy=1',
      'url=https%3A%2F%2Fexample.com%2Fpricing',
    ]);
  });

  it('createReport reads the report back when the answer has only its id', async () => {
    const { client, calls } = setup([json({ id: 42, status: 201 }, 201), json({ data: REPORT })]);
    expect(await client.createReport({ url: 'https://example.com/pricing' })).toEqual({
      ok: true,
      data: FROM_CLIENT,
    });
    expect(calls.map((c) => [c.method, c.url])).toEqual([
      ['POST', `${API}/reports`],
      ['GET', `${API}/reports/42`],
    ]);
  });

  it('createReport answered with nothing says the report was probably created, and offers no Retry', async () => {
    const { client, calls } = setup([empty(201)]);
    const error = errorOf(await client.createReport({ url: 'https://example.com/' }));
    expect(error).toEqual({
      kind: 'unexpected',
      message: 'The service answered, but not with the new report: it was probably created.',
      detail: 'Expected the new report or its id.',
      retrySafe: false,
    });
    expect(errorAction(error)).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('createReport that times out may have created the report: no Retry, check the list first', async () => {
    const { client, calls, waits } = setup([hang(), json({ data: REPORT }, 201)], {
      analysisTimeoutMs: 20,
    });
    const error = errorOf(await client.createReport({ url: 'https://example.com/' }));
    expect(error).toEqual({
      kind: 'timeout',
      message: 'The service took too long to answer: it may have created the report all the same.',
      detail: 'No answer within 0.02 seconds.',
      retrySafe: false,
    });
    expect(errorAction(error)).toBeNull();
    expect(calls).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('create and regenerate wait for the analysis (a long timeout); reads keep the short one', async () => {
    const late =
      (response: Response): Answer =>
      () =>
        new Promise((resolve) => setTimeout(() => resolve(response), 60));
    const { client, calls } = setup(
      [
        late(json({ data: REPORT, status: 201 }, 201)),
        late(json({ data: REPORT })),
        late(json({ data: REPORT })),
      ],
      { timeoutMs: 30, analysisTimeoutMs: 2000 },
    );
    expect((await client.createReport({ url: 'https://example.com/' })).ok).toBe(true);
    expect((await client.updateReport(42, { regenerate: true })).ok).toBe(true);
    expect(errorOf(await client.getReport(42)).kind).toBe('timeout');
    expect(calls.map((c) => c.method)).toEqual(['POST', 'PATCH', 'GET']);
  });

  it('createReport whose report cannot be read back says it was created, and offers no Retry', async () => {
    const { client, calls } = setup([json({ id: 42 }, 201), json({ message: 'Server Error' }, 500)]);
    const error = errorOf(await client.createReport({ url: 'https://example.com/pricing' }));
    expect(error).toMatchObject({
      kind: 'server',
      message: 'The report was created, but Page Reports could not read it back.',
      retrySafe: false,
    });
    expect(errorAction(error)).toBeNull();
    expect(calls.map((c) => c.method)).toEqual(['POST', 'GET']);
  });

  it('createReport answered with a report the schemas reject offers no Retry (it exists)', async () => {
    const { client } = setup([json({ data: { ...REPORT, result: 'excellent' } }, 201)]);
    const error = errorOf(await client.createReport({ url: 'https://example.com/pricing' }));
    expect(error).toMatchObject({ kind: 'unexpected', retrySafe: false });
    expect(errorAction(error)).toBeNull();
  });

  it('updateReport PATCHes privacy, password and results=1', async () => {
    const { client, calls } = setup([json({ data: { ...REPORT, privacy: 2, password: true }, status: 200 })]);
    const result = await client.updateReport(42, { privacy: 2, password: 'n3w', regenerate: true });
    expect(result.ok && [result.data.privacy, result.data.hasPassword]).toEqual([2, true]);
    const [call] = calls as [RecordedCall];
    expect(call.method).toBe('PATCH');
    expect(call.url).toBe(`${API}/reports/42`);
    expect(call.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(call.body).toBe('privacy=2&password=n3w&results=1');
    expectCommonRequest(call);
  });

  it('updateReport with regenerate only sends results=1; privacy 0 drops the password', async () => {
    const { client, calls } = setup([json(REPORT), json(REPORT)]);
    await client.updateReport('abc', { regenerate: true });
    await client.updateReport(42, { privacy: 0, password: 'old', regenerate: false });
    expect(calls.map((c) => [c.url, c.body])).toEqual([
      [`${API}/reports/abc`, 'results=1'],
      [`${API}/reports/42`, 'privacy=0'],
    ]);
  });

  it('updateReport reads the report back after a 204', async () => {
    const { client, calls } = setup([empty(204), json({ data: REPORT })]);
    expect(await client.updateReport(42, { privacy: 0 })).toEqual({ ok: true, data: FROM_CLIENT });
    expect(calls.map((c) => [c.method, c.url])).toEqual([
      ['PATCH', `${API}/reports/42`],
      ['GET', `${API}/reports/42`],
    ]);
  });

  it('updateReport with nothing to change sends nothing', async () => {
    const { client, calls } = setup([]);
    expect(errorOf(await client.updateReport(42, {}))).toEqual({
      kind: 'invalid_input',
      message: 'Nothing to change: choose a privacy setting or ask for new results.',
      fieldErrors: {},
    });
    expect(errorOf(await client.updateReport(42, { password: 'x' })).fieldErrors).toEqual({
      password: ['A password needs the privacy set to Password.'],
    });
    expect(calls).toHaveLength(0);
  });

  it('deleteReport accepts 204, 200 with a body, 200 with text', async () => {
    const { client, calls } = setup([
      empty(204),
      json({ id: 42, object: 'report', deleted: true, status: 200 }),
      new Response('Deleted', { status: 200, headers: { 'Content-Type': 'text/plain' } }),
      json(null),
    ]);
    for (let i = 0; i < 4; i++) expect(await client.deleteReport(42)).toEqual({ ok: true, data: null });
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual(
      Array.from({ length: 4 }, () => ['DELETE', `${API}/reports/42`, null]),
    );
    expectCommonRequest(calls[0] as RecordedCall);
  });

  it('deleteReport answered by a web page is not taken as success', async () => {
    const { client } = setup([html('<!doctype html><title>Home</title>')]);
    expect(errorOf(await client.deleteReport(42)).kind).toBe('unexpected');
  });

  it('listProjects sends its query parameters', async () => {
    const { client, calls } = setup([json({ data: [{ project: 'Docs', created_at: null }], status: 200 })]);
    const result = await client.listProjects({
      search: 'Client A',
      searchBy: 'project',
      sortBy: 'project',
      sort: 'asc',
      perPage: 100,
      page: 3,
    });
    expect(result.ok && result.data.items).toEqual([
      {
        name: 'Docs',
        createdAt: null,
        reportsCount: null,
        averageScore: null,
        averageResult: null,
        fields: { project: 'Docs', created_at: null },
      },
    ]);
    const [call] = calls as [RecordedCall];
    expect(call.method).toBe('GET');
    expect(call.url).toBe(
      `${API}/projects?search=Client+A&search_by=project&sort_by=project&sort=asc&per_page=100&page=3`,
    );
    expectCommonRequest(call);
  });

  it('deleteProject encodes odd names as one path segment', async () => {
    // Each delete is followed by a look at the list (see "deletes: only the service's own ...").
    const noProjects = () => json({ data: [], status: 200 });
    const { client, calls } = setup([
      empty(204),
      noProjects(),
      empty(204),
      noProjects(),
      json({ deleted: true }),
      noProjects(),
    ]);
    await client.deleteProject('Client A / Landing pages');
    await client.deleteProject('50% ?#日本');
    await client.deleteProject('https://evil.example/x');
    const deletes = calls.filter((c) => c.method === 'DELETE');
    expect(deletes.map((c) => [c.method, c.url])).toEqual([
      ['DELETE', `${API}/projects/Client%20A%20%2F%20Landing%20pages`],
      ['DELETE', `${API}/projects/50%25%20%3F%23%E6%97%A5%E6%9C%AC`],
      ['DELETE', `${API}/projects/https%3A%2F%2Fevil.example%2Fx`],
    ]);
  });
});

// -------------------------------------------------------------------------------------------------

describe('tolerant parsing through the client', () => {
  it('reads a simple paginator, a bare array and string privacy/ids', async () => {
    const simple = {
      data: [{ ...REPORT, id: '42', privacy: '2', password: 'leak-me' }],
      links: { first: `${API}/reports?page=1`, prev: null, next: `${API}/reports?page=2` },
      meta: { current_page: 1, per_page: 10, from: 1, to: 1, path: `${API}/reports` },
    };
    const { client, calls } = setup([json(simple), json([REPORT])]);
    const first = (await client.listReports({})) as { ok: true; data: Page<Report> };
    expect(first.data).toMatchObject({ page: 1, perPage: 10, total: null, lastPage: null, hasNext: true });
    expect(first.data.items[0]).toMatchObject({ id: '42', privacy: 2, hasPassword: true });
    expect(JSON.stringify(first)).not.toContain('leak-me');
    const second = (await client.listReports({})) as { ok: true; data: Page<Report> };
    expect(second.data).toMatchObject({ items: [FROM_CLIENT], total: null, hasNext: false });
    // A next link is only noted, never followed.
    expect(calls).toHaveLength(2);
  });

  it('turns a shape the schemas reject into "unexpected" with the path', async () => {
    const { client } = setup([json({ data: [REPORT, { ...REPORT, result: 'excellent' }] })]);
    expect(errorOf(await client.listReports({}))).toEqual({
      kind: 'unexpected',
      message: 'The service answered in a way Page Reports does not understand.',
      detail: 'data.1.result: Invalid input',
    });
  });

  it('says so when a 200 is a web page, not JSON', async () => {
    const { client } = setup([html('<!DOCTYPE html><html><body>Welcome</body></html>')]);
    expect(errorOf(await client.listReports({}))).toEqual({
      kind: 'unexpected',
      message:
        'The server answered with a web page instead of the API’s data. Check the API base URL in Settings.',
      detail: 'The server answered HTML, not JSON — is this the API’s address?',
    });
  });

  it('says so when a 200 is broken JSON or empty', async () => {
    const { client } = setup([
      new Response('{"data": [', { status: 200, headers: { 'Content-Type': 'application/json' } }),
      empty(200),
    ]);
    const broken = errorOf(await client.listReports({}));
    expect(broken.kind).toBe('unexpected');
    expect(broken.detail).toMatch(/^The server’s answer is not valid JSON \(.+\)\.$/);
    expect(errorOf(await client.getReport(1))).toEqual({
      kind: 'unexpected',
      message: 'The service answered in a way Page Reports does not understand.',
      detail: 'The server’s answer was empty.',
    });
  });
});

// -------------------------------------------------------------------------------------------------

describe('errors', () => {
  it('401 -> unauthorized with the server’s message as detail', async () => {
    const { client } = setup([json({ message: 'Unauthenticated.' }, 401)]);
    expect(errorOf(await client.listReports({}))).toEqual({
      kind: 'unauthorized',
      message: 'The service rejected your API key. Check the key in Settings.',
      status: 401,
      detail: 'Unauthenticated.',
    });
  });

  it('403 -> forbidden with the server’s message as detail', async () => {
    const { client } = setup([json({ message: 'Your plan does not include API access.' }, 403)]);
    expect(errorOf(await client.createReport({ url: 'https://example.com/' }))).toEqual({
      kind: 'forbidden',
      message: 'Your account is not allowed to do this. Your plan may not include API access.',
      status: 403,
      detail: 'Your plan does not include API access.',
    });
  });

  it('403 on one report -> forbidden for that report, not a sentence about the plan', async () => {
    const { client } = setup([json({ message: 'This action is unauthorized.' }, 403)]);
    expect(errorOf(await client.getReport(7))).toEqual({
      kind: 'forbidden',
      message: 'Your account is not allowed to see or change this report.',
      status: 403,
      detail: 'This action is unauthorized.',
    });
  });

  it('404 on create -> no API at this address (a create cannot miss an item)', async () => {
    const { client } = setup([json({ message: 'Not found.' }, 404)]);
    expect(errorOf(await client.createReport({ url: 'https://example.com/' }))).toMatchObject({
      kind: 'not_found',
      message: 'No API was found at this address (HTTP 404). Check the API base URL in Settings.',
    });
  });

  it('404 web page on one project -> the address is wrong, not “the project is gone”', async () => {
    const { client } = setup([html('<html><body>Not Found</body></html>', 404)]);
    expect(errorOf(await client.deleteProject('Client A / Landing pages'))).toMatchObject({
      kind: 'unexpected',
      message: 'No API was found at this address (HTTP 404). Check the API base URL in Settings.',
    });
  });

  it('404 on one report -> not_found for that report', async () => {
    const { client } = setup([json({ message: 'Not found.' }, 404)]);
    expect(errorOf(await client.getReport(7))).toEqual({
      kind: 'not_found',
      message: 'That report no longer exists on the service.',
      status: 404,
      detail: 'Not found.',
    });
  });

  it('404 on a list (HTML page) -> no API at this address', async () => {
    const { client } = setup([html('<html><body>Not Found</body></html>', 404)]);
    expect(errorOf(await client.listProjects({}))).toEqual({
      kind: 'unexpected',
      message: 'No API was found at this address (HTTP 404). Check the API base URL in Settings.',
      status: 404,
      detail: 'The server answered with an HTML page, not JSON.',
    });
  });

  it('an empty 404 on a project delete is not the API’s answer: no API at this address', async () => {
    const { client } = setup([empty(404)]);
    expect(errorOf(await client.deleteProject('Docs'))).toEqual({
      kind: 'unexpected',
      message: 'No API was found at this address (HTTP 404). Check the API base URL in Settings.',
      status: 404,
      detail: 'The server answered HTTP 404 without the API’s JSON.',
    });
  });

  it('phpRank’s 422 {message: {url: [...]}}: the page-fetch failure and the plan limit said as such', async () => {
    const refused = (message: string) => json({ message: { url: [message] }, status: 422 }, 422);
    const { client } = setup([
      refused(
        'cURL error 6: Could not resolve host: nowhere.invalid (see https://curl.haxx.se/libcurl/c/libcurl-errors.html)',
      ),
      refused('You created too many reports.'),
      json(
        { message: { password: ['The password field is required when privacy is 2.'] }, status: 422 },
        422,
      ),
      json(
        { message: { results: ['cURL error 28: Operation timed out after 5001 milliseconds'] }, status: 422 },
        422,
      ),
    ]);
    const fetchFailure = errorOf(await client.createReport({ url: 'https://nowhere.invalid/' }));
    expect(fetchFailure).toMatchObject({
      kind: 'invalid_input',
      message: 'The service could not fetch this page: Could not resolve host: nowhere.invalid',
      fieldErrors: { url: [expect.stringContaining('cURL error 6')] },
    });
    const planLimit = errorOf(await client.createReport({ url: 'https://example.com/' }));
    expect(planLimit.message).toBe(
      'Your plan’s limit of reports is reached: the service says “You created too many reports.” Delete old reports on the service or upgrade your plan.',
    );
    const password = errorOf(
      await client.createReport({ url: 'https://example.com/', privacy: 2, password: 'x' }),
    );
    expect(password.fieldErrors).toEqual({ password: ['The password field is required when privacy is 2.'] });
    const regenerate = errorOf(await client.updateReport(7, { regenerate: true }));
    expect(regenerate.message).toBe(
      'The service could not analyse the page again: Operation timed out after 5001 milliseconds',
    );
  });

  it('phpRank’s 403 on updating a report that is gone: "no longer exists", not "no permission"', async () => {
    const { client } = setup([json({ message: 'This action is unauthorized.', status: 403 }, 403)]);
    expect(errorOf(await client.updateReport(4211, { privacy: 1 }))).toMatchObject({
      kind: 'not_found',
      status: 403,
      message: 'This report no longer exists on the service.',
    });
  });

  it('hands the throttle’s headers of a delete to the caller, for pacing', async () => {
    const { client } = setup([
      json({ id: 4211, object: 'report', deleted: true, status: 200 }, 200, {
        'X-RateLimit-Limit': '60',
        'X-RateLimit-Remaining': '3',
      }),
      empty(204),
    ]);
    expect(await client.deleteReport(4211)).toEqual({
      ok: true,
      data: null,
      rateLimit: { limit: 60, remaining: 3 },
    });
    expect(await client.deleteReport(4212)).toEqual({ ok: true, data: null });
  });

  it('hands the throttle’s headers of a list page to the caller too (the export paces its pages)', async () => {
    const { client } = setup([
      json(LARAVEL_PAGE, 200, { 'X-RateLimit-Limit': '60', 'X-RateLimit-Remaining': '4' }),
      json(LARAVEL_PAGE),
    ]);
    const limited = await client.listReports({ page: 1 });
    expect(limited.ok && limited.rateLimit).toEqual({ limit: 60, remaining: 4 });
    const plain = await client.listReports({ page: 2 });
    expect(plain.ok && 'rateLimit' in plain).toBe(false);
  });

  it('reads the account where the server has one, and null where it answers 404', async () => {
    const { client, calls } = setup([
      json({
        data: { id: 1, name: 'Ada', email: 'ada@example.com', plan: { id: 2, name: 'Pro', features: {} } },
        status: 200,
      }),
      json({ message: 'Resource not found.', status: 404 }, 404),
      json({ message: 'Unauthenticated.' }, 401),
    ]);
    expect(await client.getAccount()).toEqual({ ok: true, data: { name: 'Ada', plan: 'Pro' } });
    expect(calls[0]?.url).toBe(`${API}/account`);
    expect(await client.getAccount()).toEqual({ ok: true, data: null });
    expect(errorOf(await client.getAccount()).kind).toBe('unauthorized');
  });

  it('gives every report its page on the service', async () => {
    const { client } = setup([json({ data: { ...REPORT, id: 'a/b' } })]);
    const answer = await client.getReport('a/b');
    expect(answer.ok && answer.data.serviceUrl).toBe(`${BASE}/reports/a%2Fb`);
  });

  it('422 -> invalid_input with per-field messages under our field names', async () => {
    const { client } = setup([
      json(
        {
          message: 'The url field must be a valid URL.',
          errors: { url: ['The url field must be a valid URL.'] },
        },
        422,
      ),
      json({ message: 'Invalid.', errors: { per_page: ['The selected per page is invalid.'] } }, 422),
      json({ message: 'Invalid.', errors: { results: ['The results field must be 0 or 1.'] } }, 422),
      json({ message: 'Invalid.' }, 422),
    ]);
    expect(errorOf(await client.createReport({ url: 'https://example.com/' }))).toEqual({
      kind: 'invalid_input',
      message: 'The service refused this page: The url field must be a valid URL.',
      status: 422,
      detail: 'The url field must be a valid URL.',
      fieldErrors: { url: ['The url field must be a valid URL.'] },
    });
    expect(errorOf(await client.listReports({ perPage: 10 })).fieldErrors).toEqual({
      perPage: ['The selected per page is invalid.'],
    });
    expect(errorOf(await client.updateReport(1, { regenerate: true })).fieldErrors).toEqual({
      regenerate: ['The results field must be 0 or 1.'],
    });
    expect(errorOf(await client.createReport({ url: 'https://example.com/' })).fieldErrors).toEqual({});
  });

  it('429 -> rate_limited with Retry-After in seconds', async () => {
    const { client, calls } = setup([json({ message: 'Too Many Attempts.' }, 429, { 'Retry-After': '30' })]);
    expect(errorOf(await client.listReports({}))).toEqual({
      kind: 'rate_limited',
      message: 'Too many requests. Try again in 30 seconds.',
      status: 429,
      detail: 'Too Many Attempts.',
      retryAfterSeconds: 30,
    });
    expect(calls).toHaveLength(1);
  });

  it('5xx -> server, even with an HTML body', async () => {
    const { client } = setup([html('<h1>Server Error</h1>', 500)]);
    expect(errorOf(await client.getReport(1))).toEqual({
      kind: 'server',
      message: 'The service had a problem. Try again in a moment.',
      status: 500,
      detail: 'The server answered with an HTML page, not JSON.',
    });
  });

  it('a status outside the taxonomy -> unexpected with the status', async () => {
    const { client } = setup([json({ message: 'CSRF token mismatch.' }, 419)]);
    expect(errorOf(await client.deleteReport(1))).toEqual({
      kind: 'unexpected',
      message: 'The service answered in a way Page Reports does not understand.',
      status: 419,
      detail: 'HTTP 419: CSRF token mismatch.',
    });
  });

  it('a failed fetch (TypeError) -> network', async () => {
    // A read: a create's network error says more (see the last block).
    const failed = new TypeError('Failed to fetch');
    const { client } = setup([failed, failed, failed]);
    expect(errorOf(await client.getReport(1))).toEqual({
      kind: 'network',
      message: 'Could not reach the service. Check your connection and the API base URL.',
      detail: 'TypeError: Failed to fetch',
    });
  });

  it('a redirect -> unexpected (probably a login page), never followed', async () => {
    const { client, calls } = setup([
      new Response(null, { status: 302, headers: { Location: 'https://reports.example.com/login' } }),
    ]);
    expect(errorOf(await client.listReports({}))).toEqual({
      kind: 'unexpected',
      message:
        'The server redirected to another page (probably a login page) instead of answering. Check the API base URL in Settings.',
      status: 302,
      detail: 'HTTP 302 redirect to https://reports.example.com/login',
    });
    expect(calls).toHaveLength(1);
  });

  it('a browser’s opaque redirect -> the same error', async () => {
    const opaque = {
      type: 'opaqueredirect',
      status: 0,
      headers: new Headers(),
      text: async () => '',
    } as Response;
    const { client, calls } = setup([opaque]);
    const error = errorOf(await client.getReport(1));
    expect([error.kind, error.status, error.detail]).toEqual([
      'unexpected',
      undefined,
      'The server answered with a redirect.',
    ]);
    expect(calls).toHaveLength(1);
  });

  it('never throws, whatever fetch does', async () => {
    const { client } = setup([
      (async () => null) as unknown as Answer,
      (async () => 'nonsense') as unknown as Answer,
    ]);
    expect(errorOf(await client.listReports({})).kind).toBe('network');
    expect(errorOf(await client.deleteReport(1)).kind).toBe('network');
  });
});

// -------------------------------------------------------------------------------------------------

describe('retries', () => {
  it('retries a GET after 503, with jittered backoff, then succeeds', async () => {
    const { client, calls, waits } = setup([json({ message: 'Down' }, 503), json(LARAVEL_PAGE)]);
    const result = await client.listReports({});
    expect(result.ok).toBe(true);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.url).toBe(calls[0]?.url);
    expect(waits).toEqual([150]);
  });

  it('tries a GET 3 times at most by default', async () => {
    const { client, calls, waits } = setup([empty(503), empty(502), empty(504), json(REPORT)]);
    expect(errorOf(await client.getReport(1))).toMatchObject({ kind: 'server', status: 504 });
    expect(calls).toHaveLength(3);
    expect(waits).toEqual([150, 300]);
  });

  it('uses full jitter: the wait depends on random()', async () => {
    const { client, waits } = setup([empty(503), empty(503), empty(503)]);
    vi.spyOn(Math, 'random').mockReturnValue(0);
    await client.getReport(1);
    expect(waits).toEqual([0, 0]);
  });

  it('hands a 429 back at once to a paced caller, and still retries a 503 for it', async () => {
    const limited = setup([json({ message: 'Too Many Attempts.' }, 429, { 'Retry-After': '2' }), json([])]);
    expect(errorOf(await limited.client.listReports({ page: 3 }, { paced: true }))).toMatchObject({
      kind: 'rate_limited',
      retryAfterSeconds: 2,
    });
    expect([limited.calls.length, limited.waits.length]).toEqual([1, 0]);
    const busy = setup([empty(503), json(REPORT)]);
    expect(await busy.client.getReport(42, { paced: true })).toEqual({ ok: true, data: FROM_CLIENT });
    expect(busy.calls).toHaveLength(2);
  });

  it('retries a GET after a network error', async () => {
    const { client, calls } = setup([new TypeError('Failed to fetch'), json(REPORT)]);
    expect(await client.getReport(42)).toEqual({ ok: true, data: FROM_CLIENT });
    expect(calls).toHaveLength(2);
  });

  it('does not retry a GET after 500 or 4xx', async () => {
    const { client, calls } = setup([empty(500), json({}, 401), json({}, 422)]);
    await client.getReport(1);
    await client.getReport(1);
    await client.listReports({});
    expect(calls).toHaveLength(3);
  });

  it('waits the Retry-After of a 429 (up to 10 s) before retrying', async () => {
    const { client, calls, waits } = setup([
      json({}, 429, { 'Retry-After': '2' }),
      json({}, 429, { 'Retry-After': '10' }),
      json([REPORT]),
    ]);
    expect((await client.listReports({})).ok).toBe(true);
    expect(calls).toHaveLength(3);
    expect(waits).toEqual([2000, 10000]);
  });

  it('reads a Retry-After HTTP date', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-01T10:00:00Z'));
    const { client, waits } = setup([
      json({}, 429, { 'Retry-After': 'Sat, 01 Mar 2025 10:00:05 GMT' }),
      json([]),
    ]);
    expect((await client.listReports({})).ok).toBe(true);
    expect(waits).toEqual([5000]);
  });

  it('does not wait out a long Retry-After: reports it at once', async () => {
    const { client, calls, waits } = setup([json({}, 429, { 'Retry-After': '11' }), json([])]);
    expect(errorOf(await client.listReports({}))).toMatchObject({
      kind: 'rate_limited',
      retryAfterSeconds: 11,
    });
    expect(calls).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('reports the last Retry-After when attempts run out', async () => {
    const { client, waits } = setup([
      json({}, 429, { 'Retry-After': '1' }),
      json({}, 429, { 'Retry-After': '1' }),
      json({}, 429, { 'Retry-After': '3' }),
    ]);
    expect(errorOf(await client.getReport(1))).toMatchObject({
      kind: 'rate_limited',
      retryAfterSeconds: 3,
      message: 'Too many requests. Try again in 3 seconds.',
    });
    expect(waits).toEqual([1000, 1000]);
  });

  it('never retries writes', async () => {
    const { client, calls, waits } = setup([
      empty(503),
      new TypeError('Failed to fetch'),
      json({}, 429, { 'Retry-After': '1' }),
      empty(502),
    ]);
    expect(errorOf(await client.createReport({ url: 'https://example.com/' })).kind).toBe('server');
    expect(errorOf(await client.updateReport(1, { privacy: 1 })).kind).toBe('network');
    expect(errorOf(await client.deleteReport(1))).toMatchObject({
      kind: 'rate_limited',
      retryAfterSeconds: 1,
    });
    expect(errorOf(await client.deleteProject('Docs')).kind).toBe('server');
    expect(calls.map((c) => c.method)).toEqual(['POST', 'PATCH', 'DELETE', 'DELETE']);
    expect(waits).toEqual([]);
  });
});

// -------------------------------------------------------------------------------------------------

describe('timeouts', () => {
  it('aborts a slow request and does not retry it', async () => {
    const { client, calls, waits } = setup([hang(), json([])], { timeoutMs: 20 });
    expect(errorOf(await client.listReports({}))).toEqual({
      kind: 'timeout',
      message: 'The service took too long to answer. Try again.',
      detail: 'No answer within 0.02 seconds.',
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.init.signal?.aborted).toBe(true);
    expect(waits).toEqual([]);
  });

  it('times out even when the answer ignores the abort', async () => {
    const { client } = setup([hangForever()], { timeoutMs: 20 });
    expect(errorOf(await client.deleteReport(1)).kind).toBe('timeout');
  });

  it('gives each attempt 15 s by default', async () => {
    vi.useFakeTimers();
    const { client } = setup([hang()], { timeoutMs: undefined });
    let settled: Result<Report> | undefined;
    void client.getReport(1).then((result) => (settled = result));
    await vi.advanceTimersByTimeAsync(14_999);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled && errorOf(settled).kind).toBe('timeout');
  });
});

// -------------------------------------------------------------------------------------------------

describe('refused before anything is sent: the router’s one check (lib/messaging/inputs.ts)', () => {
  type Schema = {
    safeParse(
      value: unknown,
    ): { success: true } | { success: false; error: Parameters<typeof inputFieldErrors>[0] };
  };
  function refused(schema: Schema, value: unknown): Record<string, string[]> {
    const parsed = schema.safeParse(value);
    if (parsed.success) throw new Error(`accepted ${JSON.stringify(value)}`);
    return inputFieldErrors(parsed.error);
  }

  it('invalid list queries', () => {
    const bad = [
      refused(reportListQuerySchema, { perPage: 20 }),
      refused(reportListQuerySchema, { page: 0 }),
      refused(reportListQuerySchema, { page: 2.5 }),
      refused(reportListQuerySchema, { sortBy: 'created_at' }),
      refused(reportListQuerySchema, { sort: 'up' }),
      refused(reportListQuerySchema, { result: 'great' }),
      refused(reportListQuerySchema, { searchBy: 'project' }),
      refused(projectListQuerySchema, { sortBy: 'id' }),
      refused(projectListQuerySchema, { perPage: 1000 }),
    ];
    expect(bad.map((fieldErrors) => Object.keys(fieldErrors))).toEqual([
      ['perPage'],
      ['page'],
      ['page'],
      ['sortBy'],
      ['sort'],
      ['result'],
      ['searchBy'],
      ['sortBy'],
      ['perPage'],
    ]);
    expect(bad[0]).toEqual({ perPage: ['Invalid option: expected one of 10|25|50|100'] });
  });

  it('an invalid new report, id or project name', () => {
    expect(refused(createReportInputSchema, { url: '' })).toEqual({
      url: ['Enter the address of the page.'],
    });
    expect(refused(createReportInputSchema, { url: 'javascript:alert(1)' })).toEqual({
      url: ['Enter a web address that starts with http:// or https://.'],
    });
    expect(Object.keys(refused(createReportInputSchema, { url: 'https://a.example/', privacy: 5 }))).toEqual([
      'privacy',
    ]);
    expect(Object.keys(refused(updateReportInputSchema, { privacy: 7 }))).toEqual(['privacy']);
    expect(refused(reportIdSchema, { id: '..' })).toEqual({
      id: ['The report id cannot be used in an address.'],
    });
    expect(Object.keys(refused(reportIdSchema, { id: '' }))).toEqual(['id']);
    expect(refused(projectNameSchema, { name: '' })).toEqual({ name: ['The project name is empty.'] });
    expect(Object.keys(refused(projectNameSchema, { name: '..' }))).toEqual(['name']);
    expect(refused(projectNameSchema, { name: JSON.parse('"bad \\ud800 name"') as string })).toEqual({
      name: [expect.stringMatching(/cannot be sent/)],
    });
  });
});

// -------------------------------------------------------------------------------------------------

describe('the key stays with the configured origin', () => {
  it('refuses a base URL over plain http to another computer, and sends nothing', async () => {
    const fake = fakeFetch();
    const client = createApiClient({ baseUrl: 'http://reports.example.com', apiKey: KEY, fetch: fake.fetch });
    expect(errorOf(await client.listReports({}))).toEqual({
      kind: 'not_configured',
      message:
        'The API base URL in Settings is not valid. It must start with https:// (or http://localhost).',
    });
    expect(fake.calls).toHaveLength(0);
  });

  it('allows http://localhost for the local reference API', async () => {
    const fake = fakeFetch(json([]));
    const client = createApiClient({ baseUrl: 'http://localhost:8787', apiKey: KEY, fetch: fake.fetch });
    expect((await client.listProjects({})).ok).toBe(true);
    expect(fake.calls[0]?.url).toBe('http://localhost:8787/api/v1/projects');
  });

  it('refuses a key that cannot be sent as a header', async () => {
    const fake = fakeFetch();
    const client = createApiClient({ baseUrl: BASE, apiKey: 'abc\ndef', fetch: fake.fetch });
    expect(errorOf(await client.getReport(1)).kind).toBe('not_configured');
    expect(fake.calls).toHaveLength(0);
  });

  it('does not follow a redirect to another origin', async () => {
    const { client, calls } = setup([
      new Response(null, { status: 307, headers: { Location: 'https://evil.example/api/v1/reports' } }),
    ]);
    expect(errorOf(await client.listReports({})).kind).toBe('unexpected');
    expect(calls).toHaveLength(1);
  });

  it('does not follow pagination links, even to another origin', async () => {
    const body = { ...LARAVEL_PAGE, links: { next: 'https://evil.example/steal?page=2', prev: null } };
    const { client, calls } = setup([json(body)]);
    const result = await client.listReports({});
    expect(result.ok && result.data.hasNext).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it('uses the global fetch when none is given, called as a plain function', async () => {
    const globalFetch = vi.fn(async function (this: unknown, _input: unknown) {
      expect(this).toBeUndefined();
      return json([]);
    });
    vi.stubGlobal('fetch', globalFetch);
    const client = createApiClient({ baseUrl: BASE, apiKey: KEY });
    expect((await client.listReports({})).ok).toBe(true);
    expect(globalFetch).toHaveBeenCalledTimes(1);
    expect(globalFetch.mock.calls[0]?.[0]).toBe(`${API}/reports`);
  });
});

// -------------------------------------------------------------------------------------------------

describe('deletes: only the service’s own “not found” counts as gone', () => {
  const ODD = 'Client A / Landing pages';
  const NO_API = 'No API was found at this address (HTTP 404). Check the API base URL in Settings.';
  const PHPRANK_404 = () => json({ message: 'Resource not found.', status: 404 }, 404);
  const API_MD_404 = () => json({ message: 'No query results for model [App\\Models\\Report] 12' }, 404);

  it('a report: the service’s JSON 404 (either dialect) means it is already gone', async () => {
    const { client, calls } = setup([PHPRANK_404(), API_MD_404()]);
    expect(await client.deleteReport(12)).toEqual({ ok: true, data: null });
    expect(await client.deleteReport(12)).toEqual({ ok: true, data: null });
    expect(calls.map((c) => c.method)).toEqual(['DELETE', 'DELETE']);
  });

  it('a report: a web server’s 404 page, an empty or a non-JSON 404 is not “deleted”', async () => {
    const { client } = setup([
      html('<!doctype html><title>404 Not Found</title><h1>Not Found</h1>', 404),
      empty(404),
      new Response('Not Found', { status: 404, headers: { 'Content-Type': 'text/plain' } }),
    ]);
    for (let i = 0; i < 3; i++) {
      const error = errorOf(await client.deleteReport(12));
      expect(error).toMatchObject({ kind: 'unexpected', message: NO_API, status: 404 });
      expect(error.kind).not.toBe('not_found');
    }
  });

  it('a report whose id has a "/" is not taken as gone on a 404: the server may not have routed it', async () => {
    const { client, calls } = setup([PHPRANK_404()]);
    const error = errorOf(await client.deleteReport('a/b'));
    expect(error.kind).toBe('unexpected');
    expect(error.message).toContain('it may still exist');
    expect(calls[0]?.url).toBe(`${API}/reports/a%2Fb`);
  });

  it('a project: a 2xx is deleted; the throttle’s headers ride along', async () => {
    const { client, calls } = setup([
      json({ id: ODD, object: 'report', deleted: true, status: 200 }, 200, {
        'X-RateLimit-Limit': '60',
        'X-RateLimit-Remaining': '30',
      }),
    ]);
    expect(await client.deleteProject(ODD)).toEqual({
      ok: true,
      data: null,
      rateLimit: { limit: 60, remaining: 30 },
    });
    expect(calls.map((c) => [c.method, c.url])).toEqual([
      ['DELETE', `${API}/projects/Client%20A%20%2F%20Landing%20pages`],
    ]);
  });

  it('a project with a "/" the service answers 404: it may not have been reached, nothing deleted', async () => {
    const { client } = setup([PHPRANK_404()]);
    const error = errorOf(await client.deleteProject(ODD));
    expect(error).toMatchObject({ kind: 'invalid_input', status: 404, detail: 'Resource not found.' });
    expect(error.message).toBe(
      'The service cannot take a “/” in an address, so the request never reached “Client A / Landing pages”. Nothing was deleted. To remove the project, delete its reports in Reports, filtered by this project.',
    );
    // Trying again would meet the same refusal.
    expect(errorAction(error)).toBeNull();
  });

  it('a project the service says is not found is already gone', async () => {
    const { client } = setup([PHPRANK_404()]);
    expect(await client.deleteProject('docs.example')).toEqual({ ok: true, data: null });
  });

  it('a project: a web server’s 404 page is “no API here”', async () => {
    const { client } = setup([html('<html><body>Not Found</body></html>', 404)]);
    expect(errorOf(await client.deleteProject(ODD))).toMatchObject({ kind: 'unexpected', message: NO_API });
  });
});

describe('what a request may carry (bad input)', () => {
  it('never sends the page’s user name, password or fragment', async () => {
    const { client, calls } = setup([json({ data: { ...REPORT, url: 'example.com/account?x=1' } }, 201)]);
    await client.createReport(
      createReportInputSchema.parse({ url: 'https://user:p%40ss@example.com/account?x=1#top' }),
    );
    expect(new URLSearchParams(calls[0]!.body!).get('url')).toBe('https://example.com/account?x=1');
  });
});

/** A 200 whose connection is closed halfway through the body. */
function droppedMidAnswer(): Answer {
  return async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"data":{"id":42,"url":"https://exa'));
        controller.error(new TypeError('terminated'));
      },
    });
    return new Response(body, { status: 201, headers: { 'Content-Type': 'application/json' } });
  };
}

describe('a create or regenerate that may have happened is never offered again', () => {
  const notA4xx: [string, () => Answer][] = [
    ['500 with Laravel’s JSON', () => json({ message: 'Server Error' }, 500)],
    ['502 from a proxy (HTML)', () => html('<h1>502 Bad Gateway</h1>', 502)],
    ['503 with Retry-After', () => empty(503, { 'Retry-After': '1' })],
    ['504 from a proxy', () => empty(504)],
    ['a failed fetch (connection refused or reset)', () => new TypeError('Failed to fetch')],
    ['the connection dropped mid-answer', droppedMidAnswer],
    ['no answer in time', hang],
    ['a redirect', () => empty(302, { Location: 'https://reports.example.com/login' })],
    ['a 2xx that is broken JSON', () => new Response('{"data": {', { status: 201 })],
    ['a 2xx that is a web page', () => html('<html><body>Welcome</body></html>', 200)],
    ['a 2xx of the wrong shape', () => json({ data: { ...REPORT, result: 'excellent' } }, 201)],
    ['a 2xx with neither report nor id', () => json({ status: 201 }, 201)],
  ];

  it.each(notA4xx)('create after %s: “may have been created”, no Retry, one request', async (_, answer) => {
    const { client, calls, waits } = setup([answer(), json({ data: REPORT }, 201)], {
      analysisTimeoutMs: 20,
    });
    const error = errorOf(await client.createReport({ url: 'https://example.com/' }));
    expect(error.retrySafe).toBe(false);
    expect(errorAction(error)).toBeNull();
    expect(error.retryAfterSeconds).toBeUndefined();
    expect(error.message).toMatch(/may have created the report|probably created|may have been created/);
    expect(calls.map((c) => c.method)).toEqual(['POST']);
    expect(waits).toEqual([]);
  });

  it('says the status: “The service may have created the report before it failed (HTTP 502).”', async () => {
    const { client } = setup([html('<h1>502 Bad Gateway</h1>', 502), new TypeError('Failed to fetch')]);
    expect(errorOf(await client.createReport({ url: 'https://example.com/' }))).toMatchObject({
      kind: 'server',
      status: 502,
      message: 'The service may have created the report before it failed (HTTP 502).',
      retrySafe: false,
    });
    expect(errorOf(await client.createReport({ url: 'https://example.com/' }))).toMatchObject({
      kind: 'network',
      message:
        'The connection to the service was lost before it answered: it may have created the report all the same.',
      detail: 'TypeError: Failed to fetch',
      retrySafe: false,
    });
  });

  const refusals: [string, () => Answer, string][] = [
    ['400', () => json({ message: 'Bad request' }, 400), 'invalid_input'],
    ['401', () => json({ message: 'Unauthenticated.' }, 401), 'unauthorized'],
    ['403', () => json({ message: 'This action is unauthorized.' }, 403), 'forbidden'],
    ['404', () => json({ message: 'Resource not found.' }, 404), 'not_found'],
    ['405', () => json({ message: 'Method not allowed' }, 405), 'unexpected'],
    [
      '422',
      () => json({ message: { url: ['The url field is required.'] }, status: 422 }, 422),
      'invalid_input',
    ],
  ];

  it.each(refusals)(
    'create refused with %s: nothing was made, so nothing to look for',
    async (_, answer, kind) => {
      const { client } = setup([answer()]);
      const error = errorOf(await client.createReport({ url: 'https://example.com/' }));
      expect(error.kind).toBe(kind);
      expect(error.retrySafe).toBeUndefined();
      expect(error.message).not.toMatch(/may have|probably created/);
    },
  );

  it('a 429 is a refusal: Retry stays, after the wait the service asked for', async () => {
    const { client, calls, waits } = setup([
      json({ message: 'Too Many Attempts.' }, 429, { 'Retry-After': '7' }),
    ]);
    const error = errorOf(await client.createReport({ url: 'https://example.com/' }));
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterSeconds: 7 });
    expect(error.retrySafe).toBeUndefined();
    expect(errorAction(error)).toBe('retry');
    expect(calls).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it.each(notA4xx.filter(([name]) => !name.includes('neither')))(
    'regenerate after %s: “may have been regenerated”, no Retry, one request',
    async (_, answer) => {
      const { client, calls } = setup([answer()], { analysisTimeoutMs: 20 });
      const error = errorOf(await client.updateReport(42, { regenerate: true }));
      expect(error.retrySafe).toBe(false);
      expect(errorAction(error)).toBeNull();
      expect(error.message).toMatch(/may have regenerated|probably regenerated/);
      expect(calls.map((c) => c.method)).toEqual(['PATCH']);
    },
  );

  it('regenerate: says the status, and one answered with nothing that cannot be read back is not retried', async () => {
    const { client, calls } = setup([
      empty(503),
      empty(204),
      json({ message: 'Server Error' }, 500),
      json({ message: 'Server Error' }, 500),
      json({ message: 'Server Error' }, 500),
    ]);
    expect(errorOf(await client.updateReport(42, { regenerate: true }))).toMatchObject({
      kind: 'server',
      message: 'The service may have regenerated the report’s results before it failed (HTTP 503).',
      retrySafe: false,
    });
    expect(errorOf(await client.updateReport(42, { regenerate: true }))).toMatchObject({
      kind: 'server',
      message:
        'The service answered, but Page Reports could not read the report: its results were probably regenerated.',
      retrySafe: false,
    });
    expect(calls.map((c) => c.method)).toEqual(['PATCH', 'PATCH', 'GET']);
  });

  it('regenerate refused (403 gone, 422, 429): said as before, Retry where it helps', async () => {
    const { client } = setup([
      json({ message: 'This action is unauthorized.' }, 403),
      json({ message: { results: ['cURL error 28: Operation timed out'] }, status: 422 }, 422),
      json({ message: 'Too Many Attempts.' }, 429, { 'Retry-After': '2' }),
    ]);
    const gone = errorOf(await client.updateReport(42, { regenerate: true }));
    const invalid = errorOf(await client.updateReport(42, { regenerate: true }));
    const limited = errorOf(await client.updateReport(42, { regenerate: true }));
    expect(gone).toMatchObject({
      kind: 'not_found',
      message: 'This report no longer exists on the service.',
    });
    expect(invalid.message).toBe('The service could not analyse the page again: Operation timed out');
    expect(limited).toMatchObject({ kind: 'rate_limited', retryAfterSeconds: 2 });
    expect([gone.retrySafe, invalid.retrySafe, limited.retrySafe]).toEqual([undefined, undefined, undefined]);
  });

  it('a privacy change is the same write twice: after a 502 it can be retried', async () => {
    const { client } = setup([empty(502)]);
    const error = errorOf(await client.updateReport(42, { privacy: 1 }));
    expect(error).toMatchObject({ kind: 'server', status: 502 });
    expect(error.retrySafe).toBeUndefined();
    expect(errorAction(error)).toBe('retry');
  });
});

describe('a read that waits out a rate limit', () => {
  it('says so before waiting (429 with Retry-After), not for a plain backoff', async () => {
    const waits: number[] = [];
    const { client } = setup(
      [
        json({ message: 'Too Many Attempts.' }, 429, { 'Retry-After': '3' }),
        json({ message: 'Bad gateway' }, 502),
        json(LARAVEL_PAGE),
      ],
      { onRateLimitWait: (ms) => waits.push(ms) },
    );
    expect((await client.listReports({})).ok).toBe(true);
    expect(waits).toEqual([3000]);
  });
});

// -------------------------------------------------------------------------------------------------

describe('in German', () => {
  it('says what happened in German, the service’s own words as it wrote them', async () => {
    useTestLanguage('de');
    const { client } = setup(
      [
        hang(),
        json(
          { message: { url: ['cURL error 6: Could not resolve host: nowhere.invalid'] }, status: 422 },
          422,
        ),
      ],
      { analysisTimeoutMs: 20 },
    );
    expect(errorOf(await client.createReport({ url: 'https://example.com/' })).message).toBe(
      'Der Dienst hat zu lange nicht geantwortet: Möglicherweise hat er trotzdem den Bericht erstellt.',
    );
    expect(errorOf(await client.createReport({ url: 'https://nowhere.invalid/' })).message).toBe(
      'Der Dienst konnte diese Seite nicht abrufen: Could not resolve host: nowhere.invalid',
    );
  });

  it('recognises a browser’s hidden redirect (status 0) after a create, whatever the language', async () => {
    useTestLanguage('de');
    // What a browser gives for `redirect: 'manual'`: no status, no headers, no body.
    const opaque = { type: 'opaqueredirect', status: 0, headers: new Headers() } as unknown as Response;
    const { client } = setup([opaque]);
    expect(errorOf(await client.createReport({ url: 'https://example.com/' }))).toMatchObject({
      message:
        'Der Server hat weitergeleitet, statt zu antworten: Möglicherweise hat der Dienst trotzdem den Bericht erstellt. Prüfen Sie die API-Basis-URL in den Einstellungen.',
      retrySafe: false,
    });
  });
});
