// @vitest-environment node
// The phprank dialect's switches (release, numeric strings, redirects, plan limit, analysis delay),
// its standing rate limit, and GET /account.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  PhpRankPaginated,
  PhpRankProject,
  PhpRankReport,
  ReferenceApi,
} from '../../../reference-api/index';
import { call, manualClock, start, type ErrorBody, type PhpRankInvalid } from './harness';

type One = { data: PhpRankReport; status: number };

let api: ReferenceApi;
let clock: ReturnType<typeof manualClock>;

beforeEach(async () => {
  clock = manualClock();
  api = await start({ now: clock.now });
  api.store.create({ url: 'https://www.example.com/', privacy: 0 });
  api.store.create({ url: 'https://example.com/pricing', privacy: 0 });
});
afterEach(() => api.close());

const create = (url: string, target = api) => call<One>(target, 'POST', '/api/v1/reports', { form: { url } });
const show = (id: number, target = api) => call<One>(target, 'GET', `/api/v1/reports/${id}`);
const projects = (target = api) => call<PhpRankPaginated<PhpRankProject>>(target, 'GET', '/api/v1/projects');

/** POST JSON to an HTTP control. */
const control = (name: string, body?: unknown) =>
  fetch(`${api.url}/__control/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('release 1.1.0', () => {
  it('answers every result as null, generated_at set, everything else as 1.5.0', async () => {
    const old = await start({ release: '1.1.0', seed: true });
    try {
      const created = await create('https://a.example/', old);
      expect(created.status).toBe(201);
      expect(created.body.data.result).toBeNull();
      expect(created.body.data.generated_at).toBe(created.body.data.created_at);
      expect(Object.keys(created.body.data.results)).toHaveLength(33);
      expect((await show(created.body.data.id, old)).body.data.result).toBeNull();
      const listed = await call<PhpRankPaginated<PhpRankReport>>(old, 'GET', '/api/v1/reports?per_page=100');
      expect(listed.body.data.every((report) => report.result === null)).toBe(true);
      // As a NULL column: in no band, sums to NULL.
      expect(
        (await call<PhpRankPaginated<PhpRankReport>>(old, 'GET', '/api/v1/reports?result=bad')).body.meta
          .total,
      ).toBe(0);
      expect((await projects(old)).body.data.every((project) => project.result === null)).toBe(true);
    } finally {
      await old.close();
    }
  });

  it('is switched by setRelease() and POST /__control/set-release', async () => {
    api.controls.setRelease('1.1.0');
    expect((await show(1)).body.data.result).toBeNull();
    expect((await control('set-release', { release: '1.5.0' })).status).toBe(200);
    expect(typeof (await show(1)).body.data.result).toBe('number');
    await control('set-release', { release: '1.1.0' });
    expect((await show(1)).body.data.result).toBeNull();
    expect((await control('set-release', { release: '2.0.0' })).status).toBe(400);
  });
});

describe('numericStrings', () => {
  it('sends scores and counts read from the database as strings', async () => {
    api.controls.setNumericStrings(true);
    const report = (await show(1)).body.data;
    expect(report.result).toBe(String(api.store.report(1)?.result));
    expect(report.result).toMatch(/^\d+$/);
    const project = (await projects()).body.data[0];
    expect(project).toMatchObject({ project: 'example.com', reports: '2' });
    expect(project?.result).toMatch(/^\d+$/);
    // The score just computed is PHP's own float, not a database string.
    expect(typeof (await create('https://a.example/')).body.data.result).toBe('number');
    // Ids stay numbers.
    expect(report.id).toBe(1);
  });

  it('is an option and an HTTP control', async () => {
    const strings = await start({ numericStrings: true });
    try {
      strings.store.create({ url: 'https://a.example/', privacy: 0 });
      expect(typeof (await show(1, strings)).body.data.result).toBe('string');
    } finally {
      await strings.close();
    }
    await control('set-numeric-strings', { enabled: true });
    expect(typeof (await show(1)).body.data.result).toBe('string');
    await control('set-numeric-strings', { enabled: false });
    expect(typeof (await show(1)).body.data.result).toBe('number');
  });

  it('gives project sums as strings in any case', async () => {
    const project = (await projects()).body.data[0];
    expect(project?.reports).toBe(2);
    const sum = [1, 2].reduce((total, id) => total + (api.store.report(id)?.result as number), 0);
    expect(project?.result).toBe(String(sum));
  });
});

describe('HTTP controls', () => {
  it('set a redirect, a plan limit and the analysis delay', async () => {
    await control('set-redirect', { from: 'https://old.example/', to: 'https://www.new.example/here' });
    expect((await create('https://old.example')).body.data.url).toBe('new.example/here');
    await control('set-redirect', { from: 'https://old.example/', to: null });
    expect((await create('https://old.example')).body.data.url).toBe('old.example');

    // Four reports now.
    await control('set-plan-limit', { limit: 4 });
    const refused = await call<PhpRankInvalid>(api, 'POST', '/api/v1/reports', {
      form: { url: 'https://a.example/' },
    });
    expect(refused.body.message).toEqual({ url: ['You created too many reports.'] });
    await control('set-plan-limit', { limit: null });

    await control('set-analysis-delay', { ms: 120 });
    const started = performance.now();
    expect((await create('https://a.example/')).status).toBe(201);
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
  });

  it('answer 400 to invalid values', async () => {
    for (const [name, body] of [
      ['set-redirect', { from: 'https://a.example/' }],
      ['set-plan-limit', { limit: -1 }],
      ['set-numeric-strings', { enabled: 'yes' }],
      ['set-analysis-delay', { ms: -5 }],
      ['set-release', {}],
    ] as const) {
      expect((await control(name, body)).status, name).toBe(400);
    }
  });

  it('reset() puts the service back to the start options', async () => {
    const configured = await start({
      release: '1.1.0',
      planLimit: 1,
      redirects: { 'https://a.example/': 'https://b.example/' },
    });
    try {
      configured.controls.setRelease('1.5.0');
      configured.controls.setPlanLimit(null);
      configured.controls.setRedirect('https://a.example/', null);
      configured.controls.setNumericStrings(true);
      configured.controls.reset();
      const first = await create('https://a.example/', configured);
      expect(first.body.data).toMatchObject({ url: 'b.example', result: null });
      expect((await create('https://c.example/', configured)).status).toBe(422);
      expect(configured.store.settings.numericStrings).toBe(false);
    } finally {
      await configured.close();
    }
  });

  it('finish-pending and store.finishPending() do nothing: nothing is ever pending', async () => {
    expect(await (await control('finish-pending')).json()).toEqual({ ok: true, finished: 0 });
    expect(api.store.finishPending()).toBe(0);
  });
});

describe('rate limit', () => {
  it('puts X-RateLimit headers on every answer, 401s and 404s too', async () => {
    const first = await call(api, 'GET', '/api/v1/reports');
    expect(first.headers.get('x-ratelimit-limit')).toBe('100000');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('99999');
    for (const answer of [
      await call(api, 'GET', '/api/v1/reports', { key: null }),
      await call(api, 'GET', '/api/v1/reports/999'),
      await call(api, 'POST', '/api/v1/reports', { form: {} }),
    ]) {
      expect(answer.headers.get('x-ratelimit-limit')).toBe('100000');
    }
    expect((await call(api, 'GET', '/api/v1/account')).headers.get('x-ratelimit-remaining')).toBe('99995');
  });

  it('answers 429 past rateLimitPerMinute with Retry-After and X-RateLimit-Reset, until the minute ends', async () => {
    const limited = await start({ rateLimitPerMinute: 2, now: clock.now });
    try {
      expect((await call(limited, 'GET', '/api/v1/reports')).headers.get('x-ratelimit-remaining')).toBe('1');
      expect((await call(limited, 'GET', '/api/v1/reports')).status).toBe(200);
      clock.advance(20_000);
      const refused = await call<ErrorBody>(limited, 'GET', '/api/v1/reports');
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ message: 'Too Many Attempts.' });
      expect(refused.headers.get('retry-after')).toBe('40');
      expect(refused.headers.get('x-ratelimit-limit')).toBe('2');
      expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(refused.headers.get('x-ratelimit-reset')).toBe(String(Math.ceil(clock.now() / 1000) + 40));
      clock.advance(40_000);
      expect((await call(limited, 'GET', '/api/v1/reports')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('setRateLimit() overrides it; setRateLimit(null) goes back to it; null turns it off', async () => {
    api.controls.setRateLimit(1, 10);
    expect((await call(api, 'GET', '/api/v1/reports')).headers.get('x-ratelimit-limit')).toBe('1');
    expect((await call(api, 'GET', '/api/v1/reports')).status).toBe(429);
    api.controls.setRateLimit(null);
    expect((await call(api, 'GET', '/api/v1/reports')).headers.get('x-ratelimit-limit')).toBe('100000');

    const unlimited = await start({ rateLimitPerMinute: null });
    try {
      expect((await call(unlimited, 'GET', '/api/v1/reports')).headers.get('x-ratelimit-limit')).toBeNull();
    } finally {
      await unlimited.close();
    }
  });
});

describe('GET /api/v1/account', () => {
  it('answers the account with its plan, and status', async () => {
    const answer = await call(api, 'GET', '/api/v1/account');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      data: {
        id: 1,
        name: 'Demo User',
        email: 'demo@example.com',
        avatar_url: expect.stringMatching(/^https:\/\//),
        locale: 'en',
        timezone: 'UTC',
        plan: { id: 2, name: 'Pro', features: expect.objectContaining({ reports: -1, api: true }) },
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/),
      },
      status: 200,
    });
    api.controls.setPlanLimit(25);
    expect(await call(api, 'GET', '/api/v1/account')).toMatchObject({
      body: { data: { plan: { features: { reports: 25 } } } },
    });
  });

  it('needs the key', async () => {
    expect((await call(api, 'GET', '/api/v1/account', { key: null })).status).toBe(401);
  });
});
