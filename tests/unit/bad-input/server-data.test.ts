// @vitest-environment node
// What servers send that is unusual or wrong, through the API client: missing optional fields and null
// dates become "not known" (null), ids as strings stay ids, unknown result values become an "unexpected
// response" that names the field and what was wrong, and text with markup is kept exactly as sent.
import { describe, expect, it } from 'vitest';
import { createApiClient } from '@/entrypoints/background/service/client';
import type { Result } from '@/lib/api/errors';

const BASE = 'https://reports.example.com';
const API = `${BASE}/api/v1`;

/** A client whose server answers `body` to every request; the URLs asked are recorded. */
function serverSending(body: unknown) {
  const urls: string[] = [];
  const client = createApiClient({
    baseUrl: BASE,
    apiKey: 'key-1234abcd',
    fetch: (async (url: RequestInfo | URL) => {
      urls.push(String(url));
      return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
    }) as typeof fetch,
  });
  return { client, urls };
}

function dataOf<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected data, got ${JSON.stringify(result.error)}`);
  return result.data;
}

describe('missing optional fields and null dates are "not known"', () => {
  it('a report with only an id and a url', async () => {
    const { client } = serverSending({ data: { id: 7, url: 'example.com/a' } });
    expect(dataOf(await client.getReport(7))).toEqual({
      id: 7,
      url: 'example.com/a',
      pageUrl: 'https://example.com/a',
      serviceUrl: `${BASE}/reports/7`,
      project: null,
      result: null,
      score: null,
      checks: null,
      privacy: null,
      hasPassword: null,
      generatedAt: null,
      createdAt: null,
      updatedAt: null,
      fields: { id: 7, url: 'example.com/a' },
    });
  });

  it.each([null, ''])('dates sent as %j', async (date) => {
    const { client } = serverSending({
      id: 7,
      url: 'example.com/a',
      project: null,
      result: null,
      privacy: null,
      password: null,
      results: null,
      generated_at: date,
      created_at: date,
      updated_at: date,
    });
    expect(dataOf(await client.getReport(7))).toMatchObject({
      project: null,
      result: null,
      privacy: null,
      hasPassword: null,
      checks: null,
      generatedAt: null,
      createdAt: null,
      updatedAt: null,
    });
  });

  it('a list without meta, and projects with only a name', async () => {
    const reports = serverSending({ data: [{ id: 1, url: 'a.example' }] });
    expect(dataOf(await reports.client.listReports({}))).toMatchObject({
      items: [{ id: 1 }],
      page: 1,
      total: null,
      lastPage: null,
      perPage: null,
    });
    const projects = serverSending([{ project: 'a.example' }, { name: 'b.example' }]);
    expect(dataOf(await projects.client.listProjects({})).items).toEqual([
      expect.objectContaining({ name: 'a.example', createdAt: null, reportsCount: null, averageScore: null }),
      expect.objectContaining({ name: 'b.example', createdAt: null, reportsCount: null, averageScore: null }),
    ]);
  });
});

describe('unknown result values are an unexpected response that says what was wrong (zod’s words)', () => {
  it.each([
    ['excellent', 'Invalid input'],
    ['GOOD', 'Invalid input'],
    [101, 'Too big: expected number to be <=100'],
    [-1, 'Too small: expected number to be >=0'],
    [true, 'Invalid input'],
    [{ score: 80 }, 'Invalid input'],
    ['80%', 'Invalid input'],
  ])('result %j', async (result, described) => {
    const { client } = serverSending({ data: { id: 7, url: 'example.com/a', result } });
    const answer = await client.getReport(7);
    expect(answer).toMatchObject({ ok: false, error: { kind: 'unexpected' } });
    if (!answer.ok) expect(answer.error.detail).toBe(`data.result: ${described}`);
  });

  it('in a list, names the item', async () => {
    const { client } = serverSending({
      data: [
        { id: 1, url: 'a' },
        { id: 2, url: 'b', result: 'unknown' },
      ],
    });
    const answer = await client.listReports({});
    expect(answer).toMatchObject({ ok: false, error: { kind: 'unexpected', detail: /^data\.1\.result: / } });
  });

  it('a date or privacy it cannot read, too', async () => {
    for (const [field, value] of [
      ['generated_at', 'yesterday'],
      ['created_at', 1_700_000_000],
      ['privacy', 3],
      ['privacy', 'public'],
    ] as const) {
      const { client } = serverSending({ id: 7, url: 'example.com/a', [field]: value });
      const answer = await client.getReport(7);
      expect(answer).toMatchObject({
        ok: false,
        error: { kind: 'unexpected', detail: new RegExp(`^${field}: `) },
      });
    }
  });
});

describe('ids as strings', () => {
  it.each([
    ['42', `${API}/reports/42`, `${BASE}/reports/42`],
    ['a1b2-c3', `${API}/reports/a1b2-c3`, `${BASE}/reports/a1b2-c3`],
    ['9007199254740993', `${API}/reports/9007199254740993`, `${BASE}/reports/9007199254740993`],
    // An id that looks like a path stays one segment, in requests and in the link to the service.
    ['../../admin', `${API}/reports/..%2F..%2Fadmin`, `${BASE}/reports/..%2F..%2Fadmin`],
    ['1?delete=all#x', `${API}/reports/1%3Fdelete%3Dall%23x`, `${BASE}/reports/1%3Fdelete%3Dall%23x`],
  ])('%j is kept as sent, and asked for as one segment', async (id, asked, serviceUrl) => {
    const { client, urls } = serverSending({ data: { id, url: 'example.com/a' } });
    const report = dataOf(await client.getReport(id));
    expect(report.id).toBe(id);
    expect(report.serviceUrl).toBe(serviceUrl);
    expect(urls).toEqual([asked]);
  });

  it.each([[''], [-1], [1.5], [null], [{}]])('id %j is an unexpected response', async (id) => {
    const { client } = serverSending({ data: { id, url: 'example.com/a' } });
    expect(await client.getReport(1)).toMatchObject({
      ok: false,
      error: { kind: 'unexpected', detail: /^data\.id: / },
    });
  });
});

describe('text with markup is data: kept exactly as sent', () => {
  it('in every text field and every unknown field', async () => {
    const html = '<img src=x onerror=alert(1)>';
    const sent = { id: html, url: html, project: html, note: html, [html]: html, nested: { html } };
    const { client } = serverSending({ data: sent });
    const report = dataOf(await client.getReport(html));
    expect(report).toMatchObject({ id: html, url: html, project: html, fields: sent });
    // Not a web address, so nothing to link to.
    expect(report.pageUrl).toBeNull();
  });
});
