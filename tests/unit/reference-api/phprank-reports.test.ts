// @vitest-environment node
// The phprank dialect's reports: create, show, update, delete (shared/SERVICE.md).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scoreOf, type PhpRankReport, type ReferenceApi } from '../../../reference-api/index';
import { call, manualClock, start, type PhpRankError, type PhpRankInvalid } from './harness';

type One = { data: PhpRankReport; status: number };

let api: ReferenceApi;
let clock: ReturnType<typeof manualClock>;

beforeEach(async () => {
  clock = manualClock();
  api = await start({ now: clock.now });
});
afterEach(() => api.close());

const create = (form: Record<string, string>, target = api) =>
  call<One>(target, 'POST', '/api/v1/reports', { form });
const invalid = (form: Record<string, string>) =>
  call<PhpRankInvalid>(api, 'POST', '/api/v1/reports', { form });
const show = (id: number | string) => call<One>(api, 'GET', `/api/v1/reports/${id}`);
const update = (id: number | string, form: Record<string, string>, method = 'PATCH') =>
  call<One>(api, method, `/api/v1/reports/${id}`, { form });

describe('POST /api/v1/reports', () => {
  it('answers 201 with the report already scored, the unrounded score and status', async () => {
    const { status, body } = await create({ url: 'https://www.example.com/pricing?x=1', privacy: '1' });
    expect(status).toBe(201);
    expect(body.status).toBe(201);
    expect(body.data).toEqual({
      id: 1,
      url: 'example.com/pricing?x=1',
      project: 'example.com',
      result: scoreOf(body.data.results),
      results: expect.any(Object),
      privacy: '1',
      password: false,
      generated_at: '2025-01-15T12:00:00.000000Z',
      created_at: '2025-01-15T12:00:00.000000Z',
      updated_at: '2025-01-15T12:00:00.000000Z',
    });
    expect(body.data.results.seo_friendly_url?.value).toBe('https://www.example.com/pricing?x=1');
  });

  it('answers the float, and reads back the rounded integer', async () => {
    const floats: number[] = [];
    for (let i = 0; i < 6; i++) {
      const { body } = await create({ url: `https://a.example/page-${i}` });
      const score = body.data.result as number;
      floats.push(score);
      expect((await show(body.data.id)).body.data.result).toBe(Math.round(score));
      expect(api.store.report(body.data.id)?.result).toBe(Math.round(score));
    }
    expect(floats.some((score) => !Number.isInteger(score))).toBe(true);
    for (const score of floats) expect(score).toBeGreaterThanOrEqual(0);
    for (const score of floats) expect(score).toBeLessThanOrEqual(100);
  });

  it.each([
    ['https://www.example.com/', 'example.com', 'example.com'],
    ['https://www.example.com', 'example.com', 'example.com'],
    ['http://example.com/pricing/', 'example.com/pricing/', 'example.com'],
    ['https://WWW.Example.com/a?b=1#c', 'Example.com/a?b=1#c', 'Example.com'],
    ['https://www2.example.com/', 'www2.example.com', 'www2.example.com'],
    ['https://blog.www.example.com/x', 'blog.www.example.com/x', 'blog.www.example.com'],
    ['http://localhost:3000/', 'localhost:3000', 'localhost'],
    ['http://127.0.0.1:8080/a', '127.0.0.1:8080/a', '127.0.0.1'],
    ['https://café.example.jp/menü', 'café.example.jp/menü', 'café.example.jp'],
    ['https://xn--caf-dma.example/', 'xn--caf-dma.example', 'xn--caf-dma.example'],
    ['https://www.example.com/?q=1', 'example.com/?q=1', 'example.com'],
  ])('stores %s as url %s in project %s', async (address, url, project) => {
    const { status, body } = await create({ url: address });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({ url, project });
    expect(body.data.results.seo_friendly_url?.value).toBe(address);
  });

  it('makes a new report for every POST, even of the same address', async () => {
    const first = await create({ url: 'https://a.example/' });
    const second = await create({ url: 'https://a.example/' });
    expect(second.body.data.id).toBe(first.body.data.id + 1);
    expect(api.store.reports()).toHaveLength(2);
  });

  it('echoes privacy as sent, keeps the number, and defaults to 0', async () => {
    const sent = await create({ url: 'https://a.example/', privacy: '1' });
    expect(sent.body.data.privacy).toBe('1');
    expect((await show(sent.body.data.id)).body.data.privacy).toBe(1);
    expect((await create({ url: 'https://a.example/' })).body.data.privacy).toBe(0);
  });

  it('keeps a password (as a hash), answering only that one is set', async () => {
    const { body } = await create({ url: 'https://a.example/', privacy: '2', password: ' s3cret ' });
    expect(body.data).toMatchObject({ privacy: '2', password: true });
    expect(JSON.stringify(body)).not.toContain('s3cret');
    expect(api.store.passwordMatches(body.data.id, ' s3cret ')).toBe(true);
  });

  it('takes the analysis delay before it answers', async () => {
    const slow = await start({ analysisDelayMs: 150 });
    try {
      const started = performance.now();
      const { status } = await create({ url: 'https://a.example/' }, slow);
      expect(status).toBe(201);
      expect(performance.now() - started).toBeGreaterThanOrEqual(140);
      // Validation errors do not wait.
      const quick = performance.now();
      expect((await call(slow, 'POST', '/api/v1/reports', { form: {} })).status).toBe(422);
      expect(performance.now() - quick).toBeLessThan(140);
    } finally {
      await slow.close();
    }
  });

  it.each([
    [{}, { url: ['The url field is required.'] }],
    [{ url: '   ' }, { url: ['The url field is required.'] }],
    [{ url: 'not a url' }, { url: ['The url must be a valid URL.'] }],
    [{ url: 'chrome://extensions' }, { url: ['The url must be a valid URL.'] }],
    [
      { url: `https://a.example/${'x'.repeat(2048)}` },
      { url: ['The url must not be greater than 2048 characters.'] },
    ],
    [{ url: 'https://a.example/', privacy: '3' }, { privacy: ['The selected privacy is invalid.'] }],
    [
      { url: 'https://a.example/', privacy: 'public' },
      { privacy: ['The privacy must be an integer.', 'The selected privacy is invalid.'] },
    ],
    [
      { url: 'https://a.example/', privacy: '2' },
      { password: ['The password field is required when privacy is 2.'] },
    ],
    [
      { url: 'https://a.example/', privacy: '2', password: '' },
      { password: ['The password field is required when privacy is 2.'] },
    ],
    [
      { url: 'https://a.example/', privacy: '2', password: 'p'.repeat(129) },
      { password: ['The password must not be greater than 128 characters.'] },
    ],
    [
      { privacy: '9' },
      { url: ['The url field is required.'], privacy: ['The selected privacy is invalid.'] },
    ],
  ])('rejects %j with 422 { message: {field: [...]}, status }', async (form, message) => {
    const { status, body } = await invalid(form as Record<string, string>);
    expect(status).toBe(422);
    expect(body).toEqual({ message, status: 422 });
    expect(api.store.reports()).toHaveLength(0);
  });

  it('accepts a password of 128 characters', async () => {
    const { status } = await create({ url: 'https://a.example/', privacy: '2', password: 'p'.repeat(128) });
    expect(status).toBe(201);
  });

  it('fails like cURL for a host that does not resolve (.invalid)', async () => {
    const { status, body } = await invalid({ url: 'https://nowhere.invalid/page' });
    expect(status).toBe(422);
    expect(body).toEqual({
      message: {
        url: [
          'cURL error 6: Could not resolve host: nowhere.invalid (see https://curl.haxx.se/libcurl/c/libcurl-errors.html)',
        ],
      },
      status: 422,
    });
    expect(api.store.reports()).toHaveLength(0);
  });

  it('stops at the plan limit', async () => {
    api.controls.setPlanLimit(2);
    expect((await create({ url: 'https://a.example/1' })).status).toBe(201);
    expect((await create({ url: 'https://a.example/2' })).status).toBe(201);
    const refused = await invalid({ url: 'https://a.example/3' });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ message: { url: ['You created too many reports.'] }, status: 422 });
    // Deleting one makes room again.
    await call(api, 'DELETE', '/api/v1/reports/1');
    expect((await create({ url: 'https://a.example/3' })).status).toBe(201);
    api.controls.setPlanLimit(null);
    expect((await create({ url: 'https://a.example/4' })).status).toBe(201);
  });

  it('stores the address reached after redirects (option and control)', async () => {
    const redirecting = await start({ redirects: { 'http://shop.example': 'https://www.shop.example/' } });
    try {
      const { body } = await create({ url: 'http://shop.example/' }, redirecting);
      expect(body.data).toMatchObject({ url: 'shop.example', project: 'shop.example' });
      expect(body.data.results.seo_friendly_url?.value).toBe('https://www.shop.example/');
      expect(body.data.results.https_encryption?.value).toBe('https');
    } finally {
      await redirecting.close();
    }

    api.controls.setRedirect('https://a.example/old', 'https://b.example/new?ref=old');
    const moved = await create({ url: 'https://a.example/old' });
    expect(moved.body.data).toMatchObject({ url: 'b.example/new?ref=old', project: 'b.example' });
    expect(moved.body.data.results.seo_friendly_url?.value).toBe('https://b.example/new?ref=old');
    api.controls.setRedirect('https://a.example/old', null);
    expect((await create({ url: 'https://a.example/old' })).body.data.url).toBe('a.example/old');
  });

  it('follows chains of redirects, up to 10', async () => {
    for (let i = 0; i < 10; i++)
      api.controls.setRedirect(`https://hop.example/${i}`, `https://hop.example/${i + 1}`);
    expect((await create({ url: 'https://hop.example/0' })).body.data.url).toBe('hop.example/10');
    api.controls.setRedirect('https://hop.example/10', 'https://hop.example/11');
    const tooMany = await invalid({ url: 'https://hop.example/0' });
    expect(tooMany.body.message).toEqual({ url: ['Will not follow more than 10 redirects'] });
    api.controls.setRedirect('https://hop.example/1', 'https://gone.invalid/');
    expect((await invalid({ url: 'https://hop.example/0' })).body.message.url?.[0]).toContain(
      'Could not resolve host: gone.invalid',
    );
  });
});

describe('GET /api/v1/reports/:id', () => {
  it('answers { data, status: 200 }, with the integer score', async () => {
    const { body } = await create({ url: 'https://a.example/' });
    const found = await show(body.data.id);
    expect(found.status).toBe(200);
    expect(found.body).toEqual({
      data: { ...body.data, privacy: 0, result: Math.round(body.data.result as number) },
      status: 200,
    });
  });

  it('answers 404 { message: "Resource not found.", status } for unknown ids', async () => {
    for (const id of ['999', 'abc', '1.5', '-1']) {
      const missing = await call<PhpRankError>(api, 'GET', `/api/v1/reports/${id}`);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: 'Resource not found.', status: 404 });
    }
  });
});

describe('PUT/PATCH /api/v1/reports/:id', () => {
  async function existing(form: Record<string, string> = {}) {
    const { body } = await create({ url: 'https://a.example/', ...form });
    clock.advance(5000);
    return body.data;
  }

  it.each(['PUT', 'PATCH'])('%s changes the privacy, echoing it as sent', async (method) => {
    const report = await existing();
    const answer = await update(report.id, { privacy: '1' }, method);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      data: {
        ...report,
        privacy: '1',
        result: Math.round(report.result as number),
        updated_at: '2025-01-15T12:00:05.000000Z',
      },
      status: 200,
    });
    expect((await show(report.id)).body.data.privacy).toBe(1);
  });

  it('answers 403 for a report that does not exist, before any validation', async () => {
    for (const id of ['42', 'abc']) {
      const answer = await call<PhpRankError>(api, 'PATCH', `/api/v1/reports/${id}`, {
        form: { privacy: '7' },
      });
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ message: 'This action is unauthorized.', status: 403 });
    }
  });

  it('sets privacy and password only when sent: leaving privacy 2 keeps the password', async () => {
    const report = await existing({ privacy: '2', password: 'old' });
    const open = await update(report.id, { privacy: '0' });
    expect(open.body.data).toMatchObject({ privacy: '0', password: true });
    expect(api.store.passwordMatches(report.id, 'old')).toBe(true);

    const changed = await update(report.id, { password: 'new' });
    expect(changed.body.data).toMatchObject({ privacy: 0, password: true });
    expect(api.store.passwordMatches(report.id, 'new')).toBe(true);
  });

  it('needs a password with privacy 2, as a create does', async () => {
    const report = await existing({ privacy: '2', password: 'old' });
    const answer = await call<PhpRankInvalid>(api, 'PATCH', `/api/v1/reports/${report.id}`, {
      form: { privacy: '2' },
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      message: { password: ['The password field is required when privacy is 2.'] },
      status: 422,
    });
  });

  it('rejects an invalid privacy or results value', async () => {
    const report = await existing();
    const answer = await call<PhpRankInvalid>(api, 'PATCH', `/api/v1/reports/${report.id}`, {
      form: { privacy: '5', results: 'yes' },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toEqual({
      privacy: ['The selected privacy is invalid.'],
      results: ['The selected results is invalid.'],
    });
  });

  it('analyses the page again with results=1: a new unrounded score, dated now', async () => {
    const report = await existing();
    clock.advance(60_000);
    const answer = await update(report.id, { results: '1' });
    expect(answer.status).toBe(200);
    const again = answer.body.data;
    expect(again.result).toBe(scoreOf(again.results));
    expect(again.generated_at).toBe('2025-01-15T12:01:05.000000Z');
    expect(again.updated_at).toBe('2025-01-15T12:01:05.000000Z');
    expect(again.created_at).toBe(report.created_at);
    expect(again.url).toBe(report.url);
    // Another run of the same page: different measurements.
    expect(again.results).not.toEqual(report.results);
    expect((await show(report.id)).body.data.result).toBe(Math.round(again.result as number));
  });

  it('leaves the results alone with results=0', async () => {
    const report = await existing();
    const answer = await update(report.id, { results: '0' });
    expect(answer.body.data.results).toEqual(report.results);
    expect(answer.body.data.generated_at).toBe(report.generated_at);
  });

  it('answers 422 on results when the page cannot be fetched any more, and changes nothing', async () => {
    const report = await existing({ privacy: '1' });
    api.controls.setRedirect('https://a.example/', 'https://a.invalid/');
    const answer = await call<PhpRankInvalid>(api, 'PATCH', `/api/v1/reports/${report.id}`, {
      form: { results: '1', privacy: '0' },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.message.results?.[0]).toMatch(/^cURL error 6: Could not resolve host: a\.invalid/);
    expect(api.store.report(report.id)).toMatchObject({ privacy: 1, generated_at: report.generated_at });
  });

  it('takes the analysis delay for results=1 only', async () => {
    api.controls.setAnalysisDelay(150);
    const report = api.store.create({ url: 'https://a.example/', privacy: 0 });
    let started = performance.now();
    await update(report.id, { privacy: '1' });
    expect(performance.now() - started).toBeLessThan(140);
    started = performance.now();
    await update(report.id, { results: '1' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });
});

describe('DELETE /api/v1/reports/:id', () => {
  it('answers 200 { id, object: "report", deleted, status }, then 404', async () => {
    const { body } = await create({ url: 'https://a.example/' });
    const answer = await call(api, 'DELETE', `/api/v1/reports/${body.data.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ id: body.data.id, object: 'report', deleted: true, status: 200 });
    const again = await call(api, 'DELETE', `/api/v1/reports/${body.data.id}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: 'Resource not found.', status: 404 });
    expect((await show(body.data.id)).status).toBe(404);
  });
});

describe('store helpers', () => {
  it('create() gives a scored, cleaned report at once, without the analysis delay', async () => {
    const slow = await start({ analysisDelayMs: 60_000, now: clock.now });
    try {
      const report = slow.store.create({ url: 'https://www.example.com/', privacy: 2, password: 'pw' });
      expect(report).toMatchObject({ id: 1, url: 'example.com', project: 'example.com', password: true });
      expect(report.result).toBe(scoreOf((report as PhpRankReport).results));
      expect(slow.store.reports()).toHaveLength(1);
      expect(slow.store.finishPending()).toBe(0);
      // A project given to create() is ignored: projects are hosts.
      expect(slow.store.create({ url: 'https://b.example/x', privacy: 0, project: 'Mine' }).project).toBe(
        'b.example',
      );
    } finally {
      await slow.close();
    }
  });

  it('create() throws for a host that does not resolve', () => {
    expect(() => api.store.create({ url: 'https://x.invalid/', privacy: 0 })).toThrow(
      /Could not resolve host/,
    );
  });
});
