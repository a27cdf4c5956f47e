// @vitest-environment node
// How much the client reads and sends: answers capped at MAX_RESPONSE_BYTES (streamed, never read
// whole), a 414 explained, and request addresses too long for a server refused before they are sent.
import { describe, expect, it } from 'vitest';
import { createApiClient } from '@/entrypoints/background/service/client';
import { errorAction } from '@/lib/api/errors';
import type { Result } from '@/lib/api/errors';
import { MAX_RESPONSE_BYTES, request, type HttpSettings } from '@/entrypoints/background/service/http';
import { t } from '@/lib/i18n';
import { REQUEST_URL_TOO_LONG } from '@/lib/page-url';
import { fakeFetch, fakeSleep, json, REPORT, type Answer } from './fake-fetch';

const BASE = 'https://reports.example.com';
const CHUNK_BYTES = 64 * 1024;

function client(...script: Answer[]) {
  const network = fakeFetch(...script);
  const api = createApiClient({
    baseUrl: BASE,
    apiKey: 'key-1234abcd',
    fetch: network.fetch,
    sleep: fakeSleep().sleep,
    timeoutMs: 5000,
  });
  return { api, calls: network.calls };
}

function errorOf<T>(result: Result<T>) {
  if (result.ok) throw new Error(`expected an error, got ${JSON.stringify(result.data)}`);
  return result.error;
}

/**
 * A body of `totalBytes` spaces (valid JSON whitespace around nothing else), made on demand from one
 * reused chunk, so a test of gigabytes allocates kilobytes. `pulled` counts the bytes handed out.
 */
function endlessBody(totalBytes: number, prefix = '') {
  const chunk = new TextEncoder().encode(' '.repeat(CHUNK_BYTES));
  const state = { pulled: 0, cancelled: false };
  let sentPrefix = prefix === '';
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (!sentPrefix) {
          sentPrefix = true;
          const bytes = new TextEncoder().encode(prefix);
          state.pulled += bytes.byteLength;
          controller.enqueue(bytes);
          return;
        }
        const left = totalBytes - state.pulled;
        if (left <= 0) {
          controller.close();
          return;
        }
        const next = left >= chunk.byteLength ? chunk : chunk.subarray(0, left);
        state.pulled += next.byteLength;
        controller.enqueue(next);
      },
      cancel() {
        state.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, state };
}

function streamed(body: ReadableStream<Uint8Array>, status = 200, headers: Record<string, string> = {}) {
  return new Response(body, { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

describe('answers larger than Page Reports reads', () => {
  it('stops reading a streamed answer past 8 MB and says the answer was too large', async () => {
    const body = endlessBody(4 * 1024 * 1024 * 1024); // 4 GB, never made whole
    const { api, calls } = client(streamed(body.stream));
    const error = errorOf(await api.listReports({ perPage: 100 }));
    expect(error).toMatchObject({ kind: 'unexpected', message: t('errorTooLarge'), status: 200 });
    expect(error.message).toMatch(
      /^The service’s answer is larger than 8 MB, more than Page Reports reads\./,
    );
    expect(body.state.pulled).toBeLessThanOrEqual(MAX_RESPONSE_BYTES + CHUNK_BYTES);
    expect(body.state.pulled).toBeGreaterThan(MAX_RESPONSE_BYTES);
    expect(body.state.cancelled).toBe(true);
    // The same request would bring the same answer: not asked again.
    expect(calls).toHaveLength(1);
  });

  it('believes a Content-Length over the cap and reads nothing', async () => {
    const body = endlessBody(4 * 1024 * 1024 * 1024);
    const { api } = client(streamed(body.stream, 200, { 'Content-Length': String(9 * 1024 * 1024) }));
    expect(errorOf(await api.getReport(42))).toMatchObject({
      kind: 'unexpected',
      message: t('errorTooLarge'),
    });
    expect(body.state.pulled).toBe(0);
  });

  it('reads an answer up to the cap, in chunks, with characters split between chunks kept whole', async () => {
    // A report whose results hold 7.5 MB, and a "é" (two bytes) cut in half by the chunk boundary.
    const padding = 7.5 * 1024 * 1024;
    const head = new TextEncoder().encode(
      `{"data":${JSON.stringify({ ...REPORT, url: 'https://example.com/caf' })}`,
    );
    const text = new TextDecoder().decode(head).replace('/caf"', '/café"');
    const bytes = new TextEncoder().encode(text);
    const split = bytes.indexOf(0xc3) + 1;
    const tail = new TextEncoder().encode(`,"pad":"${'x'.repeat(padding)}"}`);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.subarray(0, split));
        controller.enqueue(bytes.subarray(split));
        controller.enqueue(tail);
        controller.close();
      },
    });
    const { api } = client(streamed(stream));
    const answer = await api.getReport(42);
    expect(answer.ok && answer.data.url).toBe('https://example.com/café');
  });

  it('a create answered with more than the cap happened: no Retry that could make a second report', async () => {
    const body = endlessBody(64 * 1024 * 1024);
    const { api, calls } = client(streamed(body.stream, 201));
    const error = errorOf(await api.createReport({ url: 'https://example.com/' }));
    expect(error).toMatchObject({ kind: 'unexpected', retrySafe: false });
    // What went wrong, and that the report may exist all the same.
    expect(error.message).toBe(`${t('errorTooLarge')} The service may have created the report all the same.`);
    expect(errorAction(error)).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('an error status with a huge body is still that error, its body unread past the cap', async () => {
    const body = endlessBody(64 * 1024 * 1024);
    const { api } = client(streamed(body.stream, 500, { 'Content-Type': 'text/html' }));
    const { api: again } = client(streamed(endlessBody(64 * 1024 * 1024).stream, 401));
    expect(errorOf(await api.createReport({ url: 'https://example.com/' })).kind).toBe('server');
    expect(body.state.pulled).toBeLessThanOrEqual(MAX_RESPONSE_BYTES + CHUNK_BYTES);
    expect(errorOf(await again.listReports({})).kind).toBe('unauthorized');
  });
});

describe('request addresses too long for a server', () => {
  it('a 414 is explained in a sentence, and not offered again', async () => {
    const { api, calls } = client(json({ message: 'Request-URI Too Long' }, 414), json({}, 414));
    const error = errorOf(await api.listReports({ search: 'example.com/pricing' }));
    expect(error).toMatchObject({ kind: 'invalid_input', status: 414, message: t('errorUriTooLong') });
    expect(error.message).toMatch(/^The address of this request is too long for the service/);
    expect(errorAction(error)).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('an address longer than servers accept is refused before it is sent, the key with it', async () => {
    const network = fakeFetch();
    const settings: HttpSettings = {
      baseUrl: `${BASE}/${'p'.repeat(6000)}`,
      apiKey: 'key-1234abcd',
      fetch: network.fetch,
      timeoutMs: 1000,
      analysisTimeoutMs: 1000,
      sleep: async () => {},
    };
    const query = new URLSearchParams({ search: 'a'.repeat(2048) });
    const answer = await request(settings, { method: 'GET', path: '/reports', query });
    expect(errorOf(answer)).toMatchObject({ kind: 'invalid_input', message: REQUEST_URL_TOO_LONG });
    expect(network.calls).toEqual([]);
  });
});
