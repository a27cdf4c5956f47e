// @vitest-environment node
// The test controls, the same in both dialects (phprank-controls.test.ts has phprank's own).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Dialect, ReferenceApi, RecordedRequest } from '../../../reference-api/index';
import { call, manualClock, start, type ErrorBody } from './harness';

describe.each<Dialect>(['api-md', 'phprank'])('%s', (dialect) => {
  let api: ReferenceApi;
  let clock: ReturnType<typeof manualClock>;

  beforeEach(async () => {
    clock = manualClock();
    api = await start({ dialect, seed: true, now: clock.now, rateLimitPerMinute: null });
  });
  afterEach(() => api.close());

  const reports = () => call<unknown>(api, 'GET', '/api/v1/reports');

  /** POST JSON to an HTTP control. */
  const control = (name: string, body?: unknown) =>
    fetch(`${api.url}/__control/${name}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  describe('request log', () => {
    it('records method, raw path, query, body as sent and lower-case headers, in order', async () => {
      await call(api, 'GET', '/api/v1/reports?search=caf%C3%A9&project=C%2B%2B%20guides');
      await call(api, 'POST', '/api/v1/reports', {
        form: { url: ' https://a.example/ ', privacy: '2', password: 'pw' },
      });
      await call(api, 'DELETE', '/api/v1/projects/Client%20A%20%2F%20Landing%20pages', { key: null });

      expect(api.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
        'GET /api/v1/reports',
        'POST /api/v1/reports',
        'DELETE /api/v1/projects/Client%20A%20%2F%20Landing%20pages',
      ]);
      const [get, post, del] = api.requests as [RecordedRequest, RecordedRequest, RecordedRequest];
      expect(get.query).toEqual({ search: 'café', project: 'C++ guides' });
      expect(get.body).toBeNull();
      expect(get.headers.authorization).toBe('Bearer demo-key');
      expect(get.headers.accept).toBe('application/json');
      expect(post.body).toEqual({ url: ' https://a.example/ ', privacy: '2', password: 'pw' });
      expect(post.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(del.headers.authorization).toBeUndefined();
      expect(api.requests.map((request) => request.status)).toEqual([200, 201, 401]);
    });

    it('is the same array as controls.requests and is served at GET /__control/requests', async () => {
      await reports();
      expect(api.requests).toBe(api.controls.requests);
      const logged = (await (await fetch(`${api.url}/__control/requests`)).json()) as RecordedRequest[];
      expect(logged).toEqual(api.requests);
      // Control calls are not API requests.
      expect(api.requests).toHaveLength(1);
    });
  });

  describe('setLatency', () => {
    it('delays every /api answer', async () => {
      api.controls.setLatency(150);
      const started = performance.now();
      expect((await reports()).status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    });
  });

  describe('forceStatus', () => {
    it('answers the next N requests with the status, then goes back to normal', async () => {
      api.controls.forceStatus(500, 2);
      const first = await call<ErrorBody>(api, 'GET', '/api/v1/reports');
      expect(first.status).toBe(500);
      expect(first.body).toEqual({ message: 'Server Error' });
      expect((await reports()).status).toBe(500);
      expect((await reports()).status).toBe(200);
    });

    it('comes before auth and never reaches the handler', async () => {
      api.controls.forceStatus(503, 1);
      const before = api.store.reports().length;
      const answer = await call(api, 'POST', '/api/v1/reports', {
        form: { url: 'https://a.example/' },
        key: null,
      });
      expect(answer.status).toBe(503);
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
      expect(api.store.reports()).toHaveLength(before);
    });

    it('adds Retry-After to a 429', async () => {
      api.controls.forceStatus(429, 1);
      const answer = await call<ErrorBody>(api, 'GET', '/api/v1/reports');
      expect(answer.status).toBe(429);
      expect(answer.headers.get('retry-after')).toBe('1');
      expect(answer.body.message).toBe('Too Many Attempts.');
    });

    it('sends a given body and headers; a string body as HTML', async () => {
      api.controls.forceStatus(403, 1, { message: 'Your plan has no API access.' }, { 'X-Extra': 'yes' });
      const forbidden = await call<ErrorBody>(api, 'GET', '/api/v1/reports');
      expect(forbidden.body).toEqual({ message: 'Your plan has no API access.' });
      expect(forbidden.headers.get('x-extra')).toBe('yes');

      api.controls.forceStatus(502, 1, '<h1>Bad gateway</h1>');
      const gateway = await call<string>(api, 'GET', '/api/v1/reports');
      expect(gateway.status).toBe(502);
      expect(gateway.headers.get('content-type')).toContain('text/html');
      expect(gateway.body).toBe('<h1>Bad gateway</h1>');
    });
  });

  describe('malformedNext', () => {
    it('answers 200 with an HTML login page', async () => {
      api.controls.malformedNext(1);
      const response = await fetch(`${api.url}/api/v1/reports`, {
        headers: { Authorization: 'Bearer demo-key' },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      const text = await response.text();
      expect(text).toContain('<form');
      expect(() => JSON.parse(text)).toThrow();
      expect((await reports()).status).toBe(200);
    });

    it('can send JSON cut short, or JSON of the wrong shape', async () => {
      api.controls.malformedNext(1, 'broken-json');
      const broken = await fetch(`${api.url}/api/v1/reports`, {
        headers: { Authorization: 'Bearer demo-key' },
      });
      expect(broken.headers.get('content-type')).toBe('application/json');
      await expect(broken.json()).rejects.toThrow();

      api.controls.malformedNext(1, 'wrong-shape');
      const wrong = await call<Record<string, unknown>>(api, 'GET', '/api/v1/reports/1');
      expect(wrong.status).toBe(200);
      expect(wrong.body.items).toBeDefined();
    });
  });

  describe('dropNext', () => {
    it('closes the connection without an answer', async () => {
      api.controls.dropNext(1);
      await expect(
        fetch(`${api.url}/api/v1/reports`, { headers: { Authorization: 'Bearer demo-key' } }),
      ).rejects.toThrow();
      expect((await reports()).status).toBe(200);
    });
  });

  describe('setRateLimit', () => {
    it('answers 429 with Retry-After and X-RateLimit headers past the limit, until the window ends', async () => {
      api.controls.setRateLimit(2, 60);
      const first = await reports();
      expect(first.headers.get('x-ratelimit-limit')).toBe('2');
      expect(first.headers.get('x-ratelimit-remaining')).toBe('1');
      expect((await reports()).headers.get('x-ratelimit-remaining')).toBe('0');

      clock.advance(15_000);
      const limited = await call<ErrorBody>(api, 'GET', '/api/v1/reports');
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ message: 'Too Many Attempts.' });
      expect(limited.headers.get('retry-after')).toBe('45');
      expect(limited.headers.get('x-ratelimit-limit')).toBe('2');
      expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');

      clock.advance(45_000);
      expect((await reports()).status).toBe(200);
    });

    it('is turned off with null when there is no standing limit', async () => {
      api.controls.setRateLimit(0, 60);
      expect((await reports()).status).toBe(429);
      api.controls.setRateLimit(null);
      const answer = await reports();
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-ratelimit-limit')).toBeNull();
    });
  });

  describe('reset', () => {
    it('turns every switch off and empties the log in place', async () => {
      const log = api.requests;
      await reports();
      api.controls.setLatency(5000);
      api.controls.forceStatus(500, 10);
      api.controls.malformedNext(10);
      api.controls.dropNext(10);
      api.controls.setRateLimit(0, 60);
      api.controls.reset();
      expect(log).toHaveLength(0);
      const answer = await reports();
      expect(answer.status).toBe(200);
      expect(log).toHaveLength(1);
    });
  });

  describe('HTTP controls at /__control', () => {
    it('drive the same switches', async () => {
      expect((await control('force-status', { status: 500, count: 1 })).status).toBe(200);
      expect((await reports()).status).toBe(500);

      await control('malformed-next', { count: 1 });
      expect((await call(api, 'GET', '/api/v1/reports')).headers.get('content-type')).toContain('text/html');

      await control('drop-next', {});
      await expect(fetch(`${api.url}/api/v1/reports`)).rejects.toThrow();

      await control('set-rate-limit', { maxPerWindow: 0, windowSeconds: 30 });
      expect((await reports()).headers.get('retry-after')).toBe('30');
      await control('set-rate-limit', { maxPerWindow: null });
      expect((await reports()).status).toBe(200);

      await control('set-latency', { ms: 120 });
      const started = performance.now();
      await reports();
      expect(performance.now() - started).toBeGreaterThanOrEqual(110);

      await control('reset');
      expect(api.requests).toHaveLength(0);
    });

    // Only api-md has pending reports.
    // Only the API.md dialect has pending reports (phpRank creates synchronously).
    if (dialect === 'api-md') {
      it('reset data and finish pending reports', async () => {
        const pending = () => api.store.reports().filter((report) => report.result === null).length;
        expect(pending()).toBeGreaterThan(0);
        expect(await (await control('finish-pending')).json()).toMatchObject({ ok: true });
        expect(pending()).toBe(0);

        await control('reset-data', { seed: false });
        expect(api.store.reports()).toEqual([]);
        await control('reset-data');
        expect(api.store.reports().length).toBeGreaterThanOrEqual(120);
      });
    }

    it('answer 400 to an invalid switch', async () => {
      for (const [name, body] of [
        ['force-status', { status: 42 }],
        ['set-latency', { ms: 'slow' }],
        ['malformed-next', { kind: 'xml' }],
        ['set-rate-limit', {}],
      ] as const) {
        const response = await control(name, body);
        expect(response.status).toBe(400);
        expect(((await response.json()) as ErrorBody).message).toBeTruthy();
      }
      const notJson = await fetch(`${api.url}/__control/set-latency`, { method: 'POST', body: '{nope' });
      expect(notJson.status).toBe(400);
    });

    it('are absent unless enabled, and never under /api', async () => {
      const plain = await start({ dialect, testControls: false });
      try {
        expect((await control('reset')).status).toBe(200);
        const response = await fetch(`${plain.url}/__control/reset`, { method: 'POST' });
        expect(response.status).toBe(404);
        // The programmatic switches still work.
        plain.controls.forceStatus(500, 1);
        expect((await call(plain, 'GET', '/api/v1/reports')).status).toBe(500);
      } finally {
        await plain.close();
      }
      expect((await call(api, 'POST', '/api/v1/__control/reset')).status).toBe(404);
      expect((await call(api, 'POST', '/api/__control/reset', { key: null })).status).toBe(401);
    });
  });
});

describe('a forced status for some requests only', () => {
  it('answers only the requests it names; the others pass through', async () => {
    const api = await start({ dialect: 'phprank' });
    try {
      api.controls.forceStatus(403, 1, undefined, undefined, {
        method: 'DELETE',
        pathPrefix: '/api/v1/reports/',
      });
      expect((await call(api, 'GET', '/api/v1/reports')).status).toBe(200);
      const { id } = api.store.create({ url: 'https://example.com/', privacy: 0 });
      expect((await call(api, 'DELETE', `/api/v1/reports/${id}`)).status).toBe(403);
      expect(api.store.report(id)).toBeDefined();
      expect((await call(api, 'DELETE', `/api/v1/reports/${id}`)).status).toBe(200);
    } finally {
      await api.close();
    }
  });
});

describe('a malformed body or a dropped connection for some requests only', () => {
  it('spares the requests it does not name, then meets the first one it does', async () => {
    const api = await start({ dialect: 'phprank' });
    try {
      const { id } = api.store.create({ url: 'https://example.com/', privacy: 0 });
      api.controls.malformedNext(1, 'wrong-shape', { method: 'PATCH' });
      api.controls.dropNext(1, { method: 'DELETE' });
      expect((await call(api, 'GET', '/api/v1/reports')).status).toBe(200);
      const patched = await call<Record<string, unknown>>(api, 'PATCH', `/api/v1/reports/${id}`, {
        form: { privacy: '1' },
      });
      expect(patched.body.items).toBe('not what the client expects');
      await expect(
        fetch(`${api.url}/api/v1/reports/${id}`, {
          method: 'DELETE',
          headers: { Authorization: `Bearer ${api.apiKey}` },
        }),
      ).rejects.toThrow();
      expect((await call(api, 'GET', `/api/v1/reports/${id}`)).status).toBe(200);
    } finally {
      await api.close();
    }
  });
});

describe('holdAnswers', () => {
  it('holds the requests that arrive after it until released; reset releases them too', async () => {
    const api = await start({ dialect: 'phprank' });
    try {
      const release = api.controls.holdAnswers();
      let answered = false;
      const held = call(api, 'GET', '/api/v1/reports').then((answer) => {
        answered = true;
        return answer;
      });
      await vi.waitFor(() => expect(api.requests).toHaveLength(1));
      // A request outside /api goes to the server and back meanwhile: the held one still waits.
      await (await fetch(`${api.url}/elsewhere`)).text();
      expect(answered).toBe(false);
      expect(api.requests[0]?.status).toBeUndefined();
      release();
      expect((await held).status).toBe(200);

      api.controls.holdAnswers();
      const second = call(api, 'GET', '/api/v1/reports');
      await vi.waitFor(() => expect(api.requests).toHaveLength(2));
      api.controls.reset();
      expect((await second).status).toBe(200);
    } finally {
      await api.close();
    }
  });
});
