// @vitest-environment node
// The phprank dialect unless said otherwise: authentication, CORS and routing are the same in both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReferenceApi } from '../../../reference-api/index';
import { call, start, startApiMd, type ErrorBody, type PhpRankError } from './harness';

let api: ReferenceApi;
beforeAll(async () => {
  api = await start({ seed: true, apiKey: 'sekret-key' });
});
afterAll(() => api.close());

const ENDPOINTS: [string, string][] = [
  ['GET', '/api/v1/reports'],
  ['POST', '/api/v1/reports'],
  ['GET', '/api/v1/reports/1'],
  ['PUT', '/api/v1/reports/1'],
  ['PATCH', '/api/v1/reports/1'],
  ['DELETE', '/api/v1/reports/1'],
  ['GET', '/api/v1/projects'],
  ['DELETE', '/api/v1/projects/Staging'],
];

describe('authentication', () => {
  it.each(ENDPOINTS)('%s %s answers 401 JSON without a key', async (method, path) => {
    const answer = await call<ErrorBody>(api, method, path, { key: null });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('content-type')).toContain('application/json');
    expect(answer.body).toEqual({ message: 'Unauthenticated.' });
  });

  it.each(ENDPOINTS)('%s %s answers 401 with a wrong key', async (method, path) => {
    const answer = await call<ErrorBody>(api, method, path, { key: 'demo-key' });
    expect(answer.status).toBe(401);
  });

  it('redirects to an HTML login page, like Laravel, when the request does not ask for JSON', async () => {
    const answer = await fetch(`${api.url}/api/v1/reports`, {
      redirect: 'manual',
      headers: { Accept: 'text/html' },
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/login');
  });

  it('rejects another scheme and an empty bearer token', async () => {
    for (const authorization of ['Basic c2VrcmV0LWtleQ==', 'Bearer ', 'sekret-key']) {
      const answer = await call(api, 'GET', '/api/v1/reports', {
        key: null,
        headers: { Authorization: authorization },
      });
      expect(answer.status).toBe(401);
    }
  });

  it('accepts the configured key, with the scheme in any case', async () => {
    expect((await call(api, 'GET', '/api/v1/reports')).status).toBe(200);
    const lower = await call(api, 'GET', '/api/v1/reports', {
      key: null,
      headers: { Authorization: 'bearer sekret-key' },
    });
    expect(lower.status).toBe(200);
    expect(api.apiKey).toBe('sekret-key');
  });

  it('defaults to the key demo-key', async () => {
    const other = await start();
    try {
      expect(other.apiKey).toBe('demo-key');
      expect((await call(other, 'GET', '/api/v1/projects')).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('CORS', () => {
  it('answers a preflight with 204 and the allowed methods and headers', async () => {
    const before = api.requests.length;
    const response = await fetch(`${api.url}/api/v1/reports/1`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'chrome-extension://abcdefghijklmnop',
        'Access-Control-Request-Method': 'DELETE',
        'Access-Control-Request-Headers': 'authorization, content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const methods = response.headers.get('access-control-allow-methods') ?? '';
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) expect(methods).toContain(method);
    const headers = (response.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const header of ['authorization', 'content-type', 'accept']) expect(headers).toContain(header);
    // Preflights never reach the log or the auth check.
    expect(api.requests.length).toBe(before);
  });

  it('allows any origin on answers, errors included', async () => {
    const ok = await call(api, 'GET', '/api/v1/reports', { headers: { Origin: 'https://example.com' } });
    expect(ok.headers.get('access-control-allow-origin')).toBe('*');
    const denied = await call(api, 'GET', '/api/v1/reports', {
      key: null,
      headers: { Origin: 'https://x.test' },
    });
    expect(denied.status).toBe(401);
    expect(denied.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('routing', () => {
  it("answers an unknown /api/v1 path with phpRank's JSON 404", async () => {
    for (const path of ['/api/v1/nothing-here', '/api/v1/reports/1/pdf', '/api/v1/']) {
      const answer = await call<PhpRankError>(api, 'GET', path);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: 'Resource not found.', status: 404 });
    }
  });

  it("answers with Laravel's route message in the api-md dialect", async () => {
    const apiMd = await startApiMd();
    try {
      const answer = await call<ErrorBody>(apiMd, 'GET', '/api/v1/nothing-here');
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe('The route api/v1/nothing-here could not be found.');
      const wrongMethod = await call<ErrorBody>(apiMd, 'PUT', '/api/v1/reports');
      expect(wrongMethod.status).toBe(405);
      expect(wrongMethod.body.message).toContain('The PUT method is not supported for route api/v1/reports.');
      // No /account in API.md.
      expect((await call(apiMd, 'GET', '/api/v1/account')).status).toBe(404);
    } finally {
      await apiMd.close();
    }
  });

  it('answers a known path with an unsupported method with 405 and Allow', async () => {
    const answer = await call<ErrorBody>(api, 'PUT', '/api/v1/reports');
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET, HEAD, POST');
    expect(answer.body).toEqual({
      message: 'The PUT method is not supported for this route. Supported methods: GET, HEAD, POST.',
    });
    expect((await call(api, 'POST', '/api/v1/projects/example.com')).status).toBe(405);
    expect((await call(api, 'DELETE', '/api/v1/account')).status).toBe(405);
  });

  it('serves a plain web page at the root, outside the API', async () => {
    const response = await fetch(`${api.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toContain('<title>Page Reports reference API</title>');
  });

  it('binds to 127.0.0.1', () => {
    expect(api.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });
});
