// @vitest-environment node
// The api-md dialect's reports: create, show, update, delete.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiMdReport as Report, ReferenceApi } from '../../../reference-api/index';
import { call, manualClock, startApiMd as start, type ErrorBody } from './harness';

type One = { data: Report };

let api: ReferenceApi;
let clock: ReturnType<typeof manualClock>;

beforeEach(async () => {
  clock = manualClock();
  api = await start({ now: clock.now, generationDelayMs: 1000 });
});
afterEach(() => api.close());

const create = (form: Record<string, string>) =>
  call<One & ErrorBody>(api, 'POST', '/api/v1/reports', { form });

describe('POST /api/v1/reports', () => {
  it('creates a pending report and answers 201 { data }', async () => {
    const { status, body } = await create({ url: 'https://shop.example/pricing' });
    expect(status).toBe(201);
    expect(body.data).toEqual({
      id: 1,
      url: 'https://shop.example/pricing',
      project: 'shop.example',
      result: null,
      privacy: 0,
      password: false,
      results: null,
      generated_at: null,
      created_at: '2025-01-15T12:00:00.000000Z',
      updated_at: '2025-01-15T12:00:00.000000Z',
    });
    expect(api.store.reports()).toHaveLength(1);
  });

  it('accepts a JSON body too', async () => {
    const answer = await call<One>(api, 'POST', '/api/v1/reports', {
      json: { url: 'http://a.example/', privacy: 1 },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({ url: 'http://a.example/', privacy: 1 });
  });

  it('keeps a password for privacy 2 but only says that one is set', async () => {
    const { status, body } = await create({ url: 'https://a.example/', privacy: '2', password: ' s3cret ' });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({ privacy: 2, password: true });
    expect(JSON.stringify(body)).not.toContain('s3cret');
    // Passwords are not trimmed.
    expect(api.store.passwordMatches(body.data.id, ' s3cret ')).toBe(true);
    expect(api.store.passwordMatches(body.data.id, 's3cret')).toBe(false);
  });

  it('ignores a password without privacy 2', async () => {
    const { body } = await create({ url: 'https://a.example/', privacy: '1', password: 'x' });
    expect(body.data).toMatchObject({ privacy: 1, password: false });
  });

  it('accepts a project (an addition to API.md, for tests)', async () => {
    const { body } = await create({ url: 'https://a.example/', project: 'Client A / Landing pages' });
    expect(body.data.project).toBe('Client A / Landing pages');
  });

  it.each([
    [{}, { url: ['The url field is required.'] }],
    [{ url: '   ' }, { url: ['The url field is required.'] }],
    [{ url: 'not a url' }, { url: ['The url field must be a valid URL.'] }],
    [{ url: 'ftp://files.example/a' }, { url: ['The url field must be a valid URL.'] }],
    [{ url: 'javascript:alert(1)' }, { url: ['The url field must be a valid URL.'] }],
    [{ url: 'chrome://extensions' }, { url: ['The url field must be a valid URL.'] }],
    [{ url: 'https://a.example/', privacy: '3' }, { privacy: ['The selected privacy is invalid.'] }],
    [
      { url: 'https://a.example/', privacy: 'public' },
      { privacy: ['The privacy field must be an integer.'] },
    ],
    [
      { url: 'https://a.example/', privacy: '2' },
      { password: ['The password field is required when privacy is 2.'] },
    ],
    [
      { url: 'https://a.example/', privacy: '2', password: '' },
      { password: ['The password field is required when privacy is 2.'] },
    ],
  ])('rejects %j with 422', async (form, errors) => {
    const { status, body } = await create(form as Record<string, string>);
    expect(status).toBe(422);
    expect(body.errors).toEqual(errors);
    expect(body.message).toBe(Object.values(errors)[0]?.[0]);
    expect(api.store.reports()).toHaveLength(0);
  });

  it('summarizes several errors', async () => {
    const { body } = await create({ privacy: '9' });
    expect(body.message).toBe('The url field is required. (and 1 more error)');
  });
});

describe('generation lifecycle', () => {
  it('gives a result once the generation delay has passed', async () => {
    const { body } = await create({ url: 'https://a.example/' });
    const id = body.data.id;
    clock.advance(999);
    expect((await call<One>(api, 'GET', `/api/v1/reports/${id}`)).body.data.result).toBeNull();
    clock.advance(1);
    const done = (await call<One>(api, 'GET', `/api/v1/reports/${id}`)).body.data;
    expect(['good', 'decent', 'bad']).toContain(done.result);
    expect(done.generated_at).toBe('2025-01-15T12:00:01.000000Z');
    expect(done.results).toMatchObject({ score: expect.any(Number), checks: expect.any(Object) });
  });

  it('is deterministic for the same report', async () => {
    const first = await start({ now: clock.now, generationDelayMs: 0 });
    const second = await start({ now: clock.now, generationDelayMs: 0 });
    try {
      const a = await call<One>(first, 'POST', '/api/v1/reports', { form: { url: 'https://same.example/' } });
      const b = await call<One>(second, 'POST', '/api/v1/reports', {
        form: { url: 'https://same.example/' },
      });
      expect(first.store.report(a.body.data.id)).toEqual(second.store.report(b.body.data.id));
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('goes by Date.now when given no clock', async () => {
    // Only Date is faked (before start, which takes Date.now): the server's own timers stay real.
    vi.useFakeTimers({ toFake: ['Date'] });
    const real = await start({ generationDelayMs: 60 });
    try {
      const { body } = await call<One>(real, 'POST', '/api/v1/reports', {
        form: { url: 'https://a.example/' },
      });
      expect(body.data.result).toBeNull();
      vi.setSystemTime(Date.now() + 59);
      const early = await call<One>(real, 'GET', `/api/v1/reports/${body.data.id}`);
      expect(early.body.data.result).toBeNull();
      vi.setSystemTime(Date.now() + 1);
      const later = await call<One>(real, 'GET', `/api/v1/reports/${body.data.id}`);
      expect(later.body.data.result).not.toBeNull();
    } finally {
      vi.useRealTimers();
      await real.close();
    }
  });
});

describe('GET /api/v1/reports/:id', () => {
  it('answers { data } for a known id and 404 for unknown ones', async () => {
    const { body } = await create({ url: 'https://a.example/' });
    const found = await call<One>(api, 'GET', `/api/v1/reports/${body.data.id}`);
    expect(found.status).toBe(200);
    expect(found.body.data.id).toBe(body.data.id);
    for (const id of ['999', 'abc', '1.5', '-1']) {
      const missing = await call<ErrorBody>(api, 'GET', `/api/v1/reports/${id}`);
      expect(missing.status).toBe(404);
      expect(missing.body.message).toContain('No query results');
    }
  });
});

describe('PUT/PATCH /api/v1/reports/:id', () => {
  async function pending(form: Record<string, string> = {}) {
    const { body } = await create({ url: 'https://a.example/', ...form });
    clock.advance(1000);
    return body.data.id;
  }

  it.each(['PUT', 'PATCH'])('%s changes the privacy and answers { data }', async (method) => {
    const id = await pending();
    clock.advance(5000);
    const answer = await call<One>(api, method, `/api/v1/reports/${id}`, { form: { privacy: '1' } });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ id, privacy: 1, password: false });
    expect(answer.body.data.updated_at).toBe('2025-01-15T12:00:06.000000Z');
  });

  it('needs a password to switch to privacy 2, unless one is already set', async () => {
    const id = await pending();
    const missing = await call<ErrorBody>(api, 'PATCH', `/api/v1/reports/${id}`, { form: { privacy: '2' } });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ password: ['The password field is required when privacy is 2.'] });

    const set = await call<One>(api, 'PATCH', `/api/v1/reports/${id}`, {
      form: { privacy: '2', password: 'one' },
    });
    expect(set.body.data).toMatchObject({ privacy: 2, password: true });

    const again = await call<One>(api, 'PATCH', `/api/v1/reports/${id}`, { form: { privacy: '2' } });
    expect(again.status).toBe(200);
    expect(api.store.passwordMatches(id, 'one')).toBe(true);
  });

  it('changes the password while privacy stays 2', async () => {
    const id = await pending({ privacy: '2', password: 'old' });
    await call(api, 'PUT', `/api/v1/reports/${id}`, { form: { password: 'new' } });
    expect(api.store.passwordMatches(id, 'new')).toBe(true);
  });

  it('forgets the password when leaving privacy 2, and ignores one sent without it', async () => {
    const id = await pending({ privacy: '2', password: 'old' });
    const open = await call<One>(api, 'PATCH', `/api/v1/reports/${id}`, { form: { privacy: '0' } });
    expect(open.body.data).toMatchObject({ privacy: 0, password: false });
    const ignored = await call<One>(api, 'PATCH', `/api/v1/reports/${id}`, { form: { password: 'x' } });
    expect(ignored.body.data.password).toBe(false);
  });

  it('rejects an invalid privacy or results value', async () => {
    const id = await pending();
    const answer = await call<ErrorBody>(api, 'PATCH', `/api/v1/reports/${id}`, {
      form: { privacy: '5', results: '7' },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({
      privacy: ['The selected privacy is invalid.'],
      results: ['The selected results is invalid.'],
    });
  });

  it('regenerates with results=1: pending again, then a new generated_at', async () => {
    const id = await pending();
    const before = api.store.report(id);
    expect(before?.result).not.toBeNull();
    clock.advance(60_000);

    const answer = await call<One>(api, 'PATCH', `/api/v1/reports/${id}`, { form: { results: '1' } });
    expect(answer.body.data).toMatchObject({ result: null, results: null, generated_at: null });
    clock.advance(1000);
    const after = (await call<One>(api, 'GET', `/api/v1/reports/${id}`)).body.data;
    expect(after.result).not.toBeNull();
    expect(after.generated_at).toBe('2025-01-15T12:01:02.000000Z');
    expect(after.generated_at).not.toBe(before?.generated_at);
  });

  it('leaves the result alone with results=0', async () => {
    const id = await pending();
    const before = api.store.report(id);
    const answer = await call<One>(api, 'PATCH', `/api/v1/reports/${id}`, { form: { results: '0' } });
    expect(answer.body.data.result).toBe(before?.result);
    expect(answer.body.data.generated_at).toBe(before?.generated_at);
  });

  it('answers 404 for an unknown report', async () => {
    expect((await call(api, 'PATCH', '/api/v1/reports/42', { form: { privacy: '1' } })).status).toBe(404);
  });
});

describe('DELETE /api/v1/reports/:id', () => {
  it('answers 204 with no body, then 404', async () => {
    const { body } = await create({ url: 'https://a.example/' });
    const answer = await call(api, 'DELETE', `/api/v1/reports/${body.data.id}`);
    expect(answer.status).toBe(204);
    expect(answer.body).toBe('');
    expect((await call(api, 'GET', `/api/v1/reports/${body.data.id}`)).status).toBe(404);
    expect((await call(api, 'DELETE', `/api/v1/reports/${body.data.id}`)).status).toBe(404);
  });

  it('does not reuse ids', async () => {
    const first = await create({ url: 'https://a.example/' });
    await call(api, 'DELETE', `/api/v1/reports/${first.body.data.id}`);
    const second = await create({ url: 'https://a.example/' });
    expect(second.body.data.id).toBe(first.body.data.id + 1);
  });
});
