// @vitest-environment node
// Project names with characters that mean something in a URL: deleteProject sends each as one encoded
// path segment (never a path, query or fragment of its own), and refuses the names no URL can carry.
import { describe, expect, it } from 'vitest';
import { createApiClient } from '@/entrypoints/background/service/client';

const API = 'https://reports.example.com/sub/api/v1';

function recordingClient() {
  const calls: { url: string; method: string }[] = [];
  const client = createApiClient({
    baseUrl: 'https://reports.example.com/sub',
    apiKey: 'key-1234abcd',
    fetch: (async (url: RequestInfo | URL, init: RequestInit = {}) => {
      calls.push({ url: String(url), method: init.method ?? 'GET' });
      // A project delete is confirmed with the projects list: an empty one says it is gone.
      if ((init.method ?? 'GET') === 'GET') {
        return new Response(JSON.stringify({ data: [] }), {
          headers: { 'Content-Type': 'application/json' },
        });
      }
      return new Response(null, { status: 204 });
    }) as typeof fetch,
  });
  return { client, calls };
}

describe('deleteProject encodes the name as one path segment', () => {
  it.each([
    ['Client A', 'Client%20A'],
    ['  padded  ', '%20%20padded%20%20'],
    ['Client A / Landing pages', 'Client%20A%20%2F%20Landing%20pages'],
    ['a/b/../../reports', 'a%2Fb%2F..%2F..%2Freports'],
    ['..%2F..%2Freports', '..%252F..%252Freports'],
    ['100%', '100%25'],
    ['100%25', '100%2525'],
    ['what?', 'what%3F'],
    ['a?b=c&d', 'a%3Fb%3Dc%26d'],
    ['#1', '%231'],
    ['a#b?c', 'a%23b%3Fc'],
    ['back\\slash', 'back%5Cslash'],
    ['😀 emoji', '%F0%9F%98%80%20emoji'],
    ['👩‍👩‍👧', '%F0%9F%91%A9%E2%80%8D%F0%9F%91%A9%E2%80%8D%F0%9F%91%A7'],
    ['שלום עולם', '%D7%A9%D7%9C%D7%95%D7%9D%20%D7%A2%D7%95%D7%9C%D7%9D'],
    ['مرحبا/عالم', '%D9%85%D8%B1%D8%AD%D8%A8%D8%A7%2F%D8%B9%D8%A7%D9%84%D9%85'],
    // A right-to-left override: shown reversed, sent as itself.
    ['\u202egnp.exe', '%E2%80%AEgnp.exe'],
    ['...', '...'],
    ['.hidden', '.hidden'],
    ['line\nbreak', 'line%0Abreak'],
  ])('%j -> /projects/%s', async (name, segment) => {
    const { client, calls } = recordingClient();
    expect(await client.deleteProject(name)).toEqual({ ok: true, data: null });
    expect(calls[0]).toEqual({ url: `${API}/projects/${segment}`, method: 'DELETE' });
    expect(
      calls.slice(1).every((call) => call.method === 'GET' && call.url.startsWith(`${API}/projects?`)),
    ).toBe(true);
    // The server reads the name back whole.
    expect(decodeURIComponent(new URL(calls[0]!.url).pathname.split('/').pop()!)).toBe(name);
  });

  it.each([
    ['', /empty/],
    ['   ', /empty/],
    ['.', /cannot be used in an address/],
    ['..', /cannot be used in an address/],
  ])('refuses %j before anything is sent', async (name, message) => {
    const { client, calls } = recordingClient();
    const result = await client.deleteProject(name);
    expect(calls).toEqual([]);
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'invalid_input', fieldErrors: { name: [message] } },
    });
  });

  it('never throws for a name that is not well-formed text (a lone surrogate from JSON)', async () => {
    const { client, calls } = recordingClient();
    const result = await client.deleteProject(JSON.parse('"bad \\ud800 name"') as string);
    expect(result.ok).toBe(false);
    expect(calls).toEqual([]);
  });
});

describe('listReports filters by any project name as a query value', () => {
  it.each(['Client A / Landing pages', 'a&project=other', '100% #1?', 'שלום עולם', '😀'])(
    '%j',
    async (project) => {
      const calls: string[] = [];
      const client = createApiClient({
        baseUrl: 'https://reports.example.com/sub',
        apiKey: 'key-1234abcd',
        fetch: (async (url: RequestInfo | URL) => {
          calls.push(String(url));
          return new Response(JSON.stringify({ data: [] }), {
            headers: { 'Content-Type': 'application/json' },
          });
        }) as typeof fetch,
      });
      expect((await client.listReports({ project })).ok).toBe(true);
      const sent = new URL(calls[0]!);
      expect(sent.pathname).toBe('/sub/api/v1/reports');
      expect(sent.hash).toBe('');
      expect([...sent.searchParams]).toEqual([['project', project]]);
    },
  );
});
