// The export's list read: each report reduced to the file's columns, its tests counted from the raw
// `results` (as the client parsed them), the throttle's headers passed on, and nothing else sent.
import { describe, expect, it } from 'vitest';
import { exportPage, exportRow } from '@/entrypoints/background/export-rows';
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
  it('keep the columns and the counts of failed (by importance) and passed tests', () => {
    expect(exportRow(parsed())).toEqual({
      id: 4211,
      url: 'example.com/pricing',
      project: 'example.com',
      result: 'decent',
      score: 73,
      privacy: 2,
      createdAt: '2026-11-19T08:00:00.000000Z',
      generatedAt: '2026-11-20T09:14:03.000000Z',
      counts: { high: 1, medium: 1, low: 1, passed: 2 },
    });
  });

  it('have no counts for a report without results, and carry no password, raw field or test name', () => {
    const { results: _results, ...withoutResults } = RAW;
    expect(exportRow(parsed(withoutResults)).counts).toBeNull();
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
