// @vitest-environment node
// What is refused or cleaned before the client sends it (the router's one check of each payload,
// lib/messaging/inputs.ts): a page address never carries `user:password@` or a `#fragment` and is at
// most 2,048 characters; a search fits in a request's address.
import { describe, expect, it } from 'vitest';
import { createApiClient } from '@/entrypoints/background/service/client';
import {
  createReportInputSchema,
  inputFieldErrors,
  projectListQuerySchema,
  reportListQuerySchema,
} from '@/lib/messaging/inputs';
import { pageUrlTooLong } from '@/lib/page-url';
import { fakeFetch, json, REPORT, type Answer } from './fake-fetch';

function client(...script: Answer[]) {
  const network = fakeFetch(...script);
  const api = createApiClient({
    baseUrl: 'https://reports.example.com',
    apiKey: 'key-1234abcd',
    fetch: network.fetch,
  });
  return { api, calls: network.calls };
}

type Schema = {
  safeParse(
    value: unknown,
  ): { success: true; data: unknown } | { success: false; error: Parameters<typeof inputFieldErrors>[0] };
};

/** The payload as the router hands it on. */
function routed<T>(schema: Schema, value: T): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(JSON.stringify(inputFieldErrors(parsed.error)));
  return parsed.data as T;
}

/** The sentences the router answers next to each field instead. */
function refusal(schema: Schema, value: unknown): Record<string, string[]> {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error('expected the payload to be refused');
  return inputFieldErrors(parsed.error);
}

const created = () => json({ data: REPORT, status: 201 }, 201);
const emptyPage = () => json({ data: [], meta: { current_page: 1, last_page: 1, per_page: 10, total: 0 } });

describe('createReport: the page address sent', () => {
  it.each([
    [
      'credentials and a fragment',
      'https://user:secret@example.com/a?b=1#section',
      'https://example.com/a?b=1',
    ],
    ['a user name only', 'http://user@127.0.0.1:8080/article#top', 'http://127.0.0.1:8080/article'],
    ['an empty fragment', 'https://example.com/a#', 'https://example.com/a'],
    ['a query, which stays', 'https://example.com/a?q=%23x&page=2', 'https://example.com/a?q=%23x&page=2'],
  ])('never carries user:password@ or the #fragment (%s)', async (_name, url, sent) => {
    const { api, calls } = client(created());
    expect((await api.createReport(routed(createReportInputSchema, { url, privacy: 1 }))).ok).toBe(true);
    const body = new URLSearchParams(calls[0]?.body ?? '');
    expect(body.get('url')).toBe(sent);
    expect(body.get('url')).not.toMatch(/secret|user|#/);
  });

  it('refuses an address longer than the 2,048 characters the service accepts, sending nothing', async () => {
    const url = `https://example.com/${'a'.repeat(2100)}`;
    expect(refusal(createReportInputSchema, { url })).toEqual({ url: [pageUrlTooLong()] });
  });

  it('measures the address it would send: a long fragment is dropped, not counted', async () => {
    const { api, calls } = client(created());
    const page = `https://example.com/${'a'.repeat(2000)}`;
    const input = routed(createReportInputSchema, { url: `${page}#${'f'.repeat(3000)}` });
    expect((await api.createReport(input)).ok).toBe(true);
    expect(new URLSearchParams(calls[0]?.body ?? '').get('url')).toBe(page);
  });
});

describe('searches that fit in the address of a request', () => {
  it('sends a search as long as the longest address the service keeps', async () => {
    const { api, calls } = client(emptyPage());
    const search = `example.com/${'a'.repeat(2036)}`;
    expect((await api.listReports({ search, searchBy: 'url' })).ok).toBe(true);
    expect(new URL(calls[0]!.url).searchParams.get('search')).toBe(search);
  });

  it.each([
    ['longer than 2,048 characters', 'a'.repeat(2049), /longer than 2,048 characters/],
    ['of letters that take too much room once encoded', 'é'.repeat(1001), /too long to send/],
  ])('refuses a search %s, next to the field, sending nothing', async (_name, search, message) => {
    expect(refusal(reportListQuerySchema, { search }).search?.[0]).toMatch(message);
    expect(refusal(projectListQuerySchema, { search }).search?.[0]).toMatch(message);
  });
});
