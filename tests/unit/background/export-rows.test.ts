// The export's list read: each report reduced to the file's columns, its tests counted from the raw
// `results` (as the client parsed them), the throttle's headers passed on, and nothing else sent.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { exportPage, exportRow } from '@/lib/export/export-row';
import { createServices } from '@/entrypoints/background/service';
import { writeConnections } from '@/entrypoints/background/settings/storage';
import type { HistoryIndex } from '@/lib/history';
import { parseReport } from '@/entrypoints/background/service/responses';
import type { Page, Report } from '@/lib/api/types';

const RAW = {
  id: 4211,
  url: 'example.com/pricing',
  project: 'example.com',
  result: 73,
  results: {
    title: { passed: true, importance: 'high', value: 'Pricing – Example' },
    meta_description: { passed: false, importance: 'high', value: null, errors: { missing: null } },
    favicon: { passed: false, importance: 'medium', value: null, errors: { missing: null } },
    defer_javascript: { passed: false, importance: 'low', value: null, errors: { missing: [] } },
    seo_friendly_url: { passed: true, importance: 'high', value: 'https://www.example.com/pricing' },
  },
  privacy: 2,
  // A server that sends the report's password back (phpRank sends only true/false): never passed on.
  password: 'report-password-1',
  generated_at: '2026-11-20T09:14:03.000000Z',
  created_at: '2026-11-19T08:00:00.000000Z',
  updated_at: '2026-11-20T09:14:03.000000Z',
};

function parsed(raw: Record<string, unknown> = RAW): Report {
  const result = parseReport({ data: raw, status: 200 });
  if (!result.ok) throw new Error(result.problem);
  return result.value;
}

function pageOf(items: Report[]): Page<Report> {
  return {
    items,
    page: 2,
    perPage: 100,
    total: 250,
    lastPage: 3,
    hasNext: true,
    hasPrevious: true,
    from: 101,
    to: 200,
    appliedSort: { sortBy: 'id', sort: 'desc' },
  };
}

describe('export rows', () => {
  it('keep the columns, the counts of failed (by importance) and passed tests, and the failed tests’ names', () => {
    expect(exportRow(parsed())).toEqual({
      id: 4211,
      url: 'example.com/pricing',
      pageUrl: 'https://www.example.com/pricing',
      serviceUrl: null,
      project: 'example.com',
      result: 'decent',
      score: 73,
      previousScore: null,
      change: null,
      privacy: 2,
      createdAt: '2026-11-19T08:00:00.000000Z',
      generatedAt: '2026-11-20T09:14:03.000000Z',
      counts: { high: 1, medium: 1, low: 1, passed: 2 },
      failed: {
        high: ['Meta description missing'],
        medium: ['No favicon'],
        low: ['Scripts not deferred'],
      },
    });
  });

  it('have no counts or names for a report without results, and carry no password, raw field or test key', () => {
    const { results: _results, ...withoutResults } = RAW;
    expect(exportRow(parsed(withoutResults)).counts).toBeNull();
    expect(exportRow(parsed(withoutResults)).failed).toBeNull();
    const text = JSON.stringify(exportRow(parsed()));
    expect(text).not.toContain('report-password-1');
    expect(text).not.toContain('meta_description');
    expect(text).not.toContain('Pricing – Example');
  });

  it('make a page with where it is in the list, and pass the throttle’s headers on', () => {
    const answer = exportPage({
      ok: true,
      data: pageOf([parsed(), parsed({ ...RAW, id: 4212 })]),
      rateLimit: { limit: 60, remaining: 3 },
    });
    expect(answer).toEqual({
      ok: true,
      data: {
        rows: [exportRow(parsed()), exportRow(parsed({ ...RAW, id: 4212 }))],
        page: 2,
        lastPage: 3,
        total: 250,
        hasNext: true,
      },
      rateLimit: { limit: 60, remaining: 3 },
    });
    expect(exportPage({ ok: true, data: pageOf([]) })).not.toHaveProperty('rateLimit');
    const failure = { ok: false as const, error: { kind: 'server' as const, message: 'x' } };
    expect(exportPage(failure)).toBe(failure);
  });
});

/** An index whose report 4211 was scored 64 on 10 Nov, then 73 in the analysis listed. */
const HISTORY: HistoryIndex = {
  '4211': {
    last: { generatedAt: '2026-11-20T09:14:03.000000Z', score: 73 },
    previous: { generatedAt: '2026-11-10T09:00:00.000000Z', score: 64 },
    count: 2,
    bytes: 600,
    touched: 0,
  },
};

describe('the previous score and the change', () => {
  it('come from the history index, and stay empty for a report it does not hold', () => {
    const answer = exportPage({ ok: true, data: pageOf([parsed(), parsed({ ...RAW, id: 4212 })]) }, HISTORY);
    if (!answer.ok) throw new Error('the page failed');
    expect(answer.data.rows.map(({ id, previousScore, change }) => ({ id, previousScore, change }))).toEqual([
      { id: 4211, previousScore: 64, change: 9 },
      { id: 4212, previousScore: null, change: null },
    ]);
  });

  describe('in the handler', () => {
    beforeEach(() => {
      fakeBrowser.reset();
    });

    it('are read from the history of the connection that answered, not the active one', async () => {
      const settings = { id: 'b', label: 'B', baseUrl: 'https://b.example', apiKey: 'key-of-b-0000' };
      await writeConnections({ active: 'b', list: [settings] });
      await fakeBrowser.storage.session.set({ activeConnection: 'a' });
      await fakeBrowser.storage.local.set({
        'a:historyIndex': {
          '4211': { ...HISTORY['4211'], previous: { ...HISTORY['4211']!.previous, score: 20 } },
        },
        'b:historyIndex': HISTORY,
      });
      const listReports = vi.fn(async () => ({ ok: true as const, data: pageOf([parsed()]) }));
      const service = createServices(
        async () => {},
        () => ({ listReports }) as never,
      )({
        id: 'b',
        account: 'b',
      });
      const answer = await service.exportPage({});
      expect(answer).toMatchObject({
        ok: true,
        data: { rows: [{ id: 4211, previousScore: 64, change: 9 }] },
      });
    });
  });
});
