// @vitest-environment node
// Properties of the URLs the API client sends (entrypoints/background/service/client.ts): a project name or report id is one
// path segment that decodes back to itself, dot-segments are refused before anything is sent, and a
// list query becomes the API's parameters with empty values left out.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '@/entrypoints/background/service/client';
import { PER_PAGE_VALUES, PROJECT_SORT_KEYS, REPORT_RESULTS, REPORT_SORT_KEYS } from '@/lib/api/types';
import type { ProjectListQuery, ReportListQuery } from '@/lib/messaging/inputs';
import { RUNS, anyText } from './arbitraries';

const BASE = 'https://reports.example.com/sub';
const API = `${BASE}/api/v1`;

const EMPTY_PAGE = { data: [], meta: { current_page: 1, last_page: 1, per_page: 10, total: 0 } };

/** A client whose fetch records each URL and answers `body` (204 when none). */
function recordingClient(body?: unknown) {
  const calls: { url: string; method: string }[] = [];
  const client = createApiClient({
    baseUrl: BASE,
    apiKey: 'key-1234abcd',
    fetch: (async (input: RequestInfo | URL, init: RequestInit = {}) => {
      calls.push({ url: String(input), method: init.method ?? 'GET' });
      // A project delete is confirmed with the projects list: an empty one says it is gone.
      const answer = String(input).includes('/projects?') ? { data: [] } : body;
      return answer === undefined
        ? new Response(null, { status: 204 })
        : new Response(JSON.stringify(answer), { headers: { 'Content-Type': 'application/json' } });
    }) as typeof fetch,
  });
  return { client, calls };
}

/** The one segment after `${API}/${collection}/`, decoded; fails when there are more. */
function lastSegment(url: string, collection: string): string {
  const prefix = `${API}/${collection}/`;
  expect(url.startsWith(prefix)).toBe(true);
  const parsed = new URL(url);
  expect(parsed.search + parsed.hash).toBe('');
  const segment = url.slice(prefix.length);
  expect(segment).not.toContain('/');
  return decodeURIComponent(segment);
}

// Names made of the characters that change a URL's meaning, plus any well-formed text.
const namePiece = fc.constantFrom(
  '/',
  '\\',
  '%',
  '%2F',
  '%25',
  '?',
  '#',
  '&',
  '=',
  '+',
  ' ',
  '.',
  '..',
  ';',
  ':',
  '@',
  'a',
  'Client A',
  '😀',
  '👩‍👩‍👧',
  'שלום',
  'مرحبا',
  '\u202e',
  'café',
  '\t',
  '\n',
);
const wellFormedName = fc.oneof(
  fc.array(namePiece, { minLength: 1, maxLength: 5 }).map((parts) => parts.join('')),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
  fc.constantFrom('.', '..', ' ', ''),
);

/** What reportIdSchema / projectNameSchema refuse: blank, and the dot-segments "." and "..". */
const refusedSegment = (text: string) => text.trim() === '' || text === '.' || text === '..';

describe('deleteProject: the name is one path segment', () => {
  it('decodes back to the name, or is refused before anything is sent', async () => {
    await fc.assert(
      fc.asyncProperty(wellFormedName, async (name) => {
        const { client, calls } = recordingClient();
        const result = await client.deleteProject(name);
        if (refusedSegment(name)) {
          expect(calls).toEqual([]);
          expect(result).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
          return;
        }
        expect(result.ok).toBe(true);
        expect(calls.map((call) => call.method)).toEqual(['DELETE']);
        expect(lastSegment(calls[0]!.url, 'projects')).toBe(name);
      }),
      RUNS,
    );
  });

  it('never throws and never leaves `${base}/api/v1/projects/`, for any text (lone surrogates too)', async () => {
    await fc.assert(
      fc.asyncProperty(anyText, async (name) => {
        const { client, calls } = recordingClient();
        const result = await client.deleteProject(name);
        expect(typeof result.ok).toBe('boolean');
        for (const call of calls) expect(call.url.startsWith(`${API}/projects`)).toBe(true);
      }),
      RUNS,
    );
  });
});

describe('report ids are one path segment', () => {
  const id = fc.oneof(fc.nat(), fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), wellFormedName);

  it('getReport and deleteReport ask for exactly that id', async () => {
    await fc.assert(
      fc.asyncProperty(id, async (reportId) => {
        const { client, calls } = recordingClient({ id: reportId, url: 'example.com' });
        await client.getReport(reportId);
        await client.deleteReport(reportId);
        if (typeof reportId === 'string' && refusedSegment(reportId)) {
          expect(calls).toEqual([]);
          return;
        }
        expect(calls.map((call) => call.method)).toEqual(['GET', 'DELETE']);
        for (const call of calls) expect(lastSegment(call.url, 'reports')).toBe(String(reportId));
      }),
      RUNS,
    );
  });
});

// ---------------------------------------------------------------------------------------------------
// Query building

const API_NAMES: Record<string, string> = {
  search: 'search',
  searchBy: 'search_by',
  project: 'project',
  result: 'result',
  sortBy: 'sort_by',
  sort: 'sort',
  perPage: 'per_page',
  page: 'page',
};

const text = fc.oneof(anyText, fc.constantFrom('', ' ', '  padded  ', '\n', 'a&b=c', 'ü ?#/'));
const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
const common = {
  search: optional(text),
  sort: optional(fc.constantFrom('asc' as const, 'desc' as const)),
  perPage: optional(fc.constantFrom(...PER_PAGE_VALUES)),
  page: optional(fc.integer({ min: 1, max: 1_000_000 })),
};

const reportQuery: fc.Arbitrary<ReportListQuery> = fc.record({
  ...common,
  searchBy: optional(fc.constant('url' as const)),
  project: optional(text),
  result: optional(fc.constantFrom(...REPORT_RESULTS)),
  sortBy: optional(fc.constantFrom(...REPORT_SORT_KEYS)),
});

const projectQuery: fc.Arbitrary<ProjectListQuery> = fc.record({
  ...common,
  searchBy: optional(fc.constant('project' as const)),
  sortBy: optional(fc.constantFrom(...PROJECT_SORT_KEYS)),
});

/** The parameters the API should get: its names, text trimmed, empty values left out. */
function expectedParams(query: object): [string, string][] {
  return Object.entries(query)
    .map(([field, value]): [string, string] => [
      API_NAMES[field]!,
      String(typeof value === 'string' ? value.trim() : value),
    ])
    .filter(([, value]) => value !== '' && value !== 'undefined')
    .sort();
}

function sentParams(url: string): [string, string][] {
  return [...new URL(url).searchParams].sort();
}

describe('list queries become the API’s parameters', () => {
  it('listReports: API names, trimmed text, empty values left out, nothing else', async () => {
    await fc.assert(
      fc.asyncProperty(reportQuery, async (query) => {
        const { client, calls } = recordingClient(EMPTY_PAGE);
        expect((await client.listReports(query)).ok).toBe(true);
        expect(calls).toHaveLength(1);
        expect(calls[0]!.url.split('?')[0]).toBe(`${API}/reports`);
        // URLSearchParams turns a lone surrogate into U+FFFD; compare what a server would read.
        expect(sentParams(calls[0]!.url)).toEqual(
          sentParams(`${API}/reports?${new URLSearchParams(expectedParams(query))}`),
        );
      }),
      RUNS,
    );
  });

  it('listProjects: the same rules', async () => {
    await fc.assert(
      fc.asyncProperty(projectQuery, async (query) => {
        const { client, calls } = recordingClient(EMPTY_PAGE);
        expect((await client.listProjects(query)).ok).toBe(true);
        expect(calls[0]!.url.split('?')[0]).toBe(`${API}/projects`);
        expect(sentParams(calls[0]!.url)).toEqual(
          sentParams(`${API}/projects?${new URLSearchParams(expectedParams(query))}`),
        );
      }),
      RUNS,
    );
  });

  it('a query with a value of the wrong kind is refused before anything is sent, never thrown', async () => {
    const field = fc.constantFrom(...Object.keys(API_NAMES));
    const wrong = fc.dictionary(
      field,
      fc.oneof(fc.anything(), fc.constantFrom(0, 7, -1, 1.5, 'up', 'DESC', null)),
      {
        minKeys: 1,
        maxKeys: 3,
      },
    );
    await fc.assert(
      fc.asyncProperty(wrong, async (query) => {
        const { client, calls } = recordingClient(EMPTY_PAGE);
        const result = await client.listReports(query as ReportListQuery);
        if (result.ok) {
          expect(calls).toHaveLength(1);
          for (const [name] of new URL(calls[0]!.url).searchParams)
            expect(Object.values(API_NAMES)).toContain(name);
        } else {
          expect(calls).toEqual([]);
          expect(result.error.kind).toBe('invalid_input');
          expect(Object.keys(result.error.fieldErrors ?? {}).length).toBeGreaterThan(0);
        }
      }),
      RUNS,
    );
  });
});
