import { describe, expect, it } from 'vitest';
import type { Report } from '@/lib/api/types';
import { listItem, listPage } from '@/entrypoints/background/list-items';

const report: Report = {
  id: 7,
  url: 'example.com/pricing',
  pageUrl: 'https://example.com/pricing',
  serviceUrl: null,
  project: 'example.com',
  result: 'good',
  score: 86,
  checks: { counts: { high: 0, medium: 1, low: 0, passed: 9 }, failures: [], top: [] },
  privacy: 0,
  hasPassword: false,
  generatedAt: '2026-01-02T03:04:05Z',
  createdAt: '2026-01-02T03:04:05Z',
  updatedAt: '2026-01-02T03:04:05Z',
  fields: { id: 7, url: 'example.com/pricing', results: { title: { passed: true } }, privacy: 0 },
};

describe('list items', () => {
  it('leave out the raw results and keep everything else', () => {
    const item = listItem(report);
    expect(item.fields).toEqual({ id: 7, url: 'example.com/pricing', privacy: 0 });
    expect({ ...item, fields: null }).toEqual({ ...report, fields: null });
    expect(report.fields).toHaveProperty('results');
  });

  it('pass on a page without raw results as it is, and failures untouched', () => {
    const plain = { ...report, fields: { id: 7 } };
    expect(listItem(plain)).toBe(plain);
    const failure = { ok: false as const, error: { kind: 'network' as const, message: 'x' } };
    expect(listPage(failure)).toBe(failure);
    const page = {
      items: [report],
      page: 1,
      perPage: 10,
      total: 1,
      lastPage: 1,
      hasNext: false,
      hasPrevious: false,
      from: 1,
      to: 1,
      appliedSort: null,
    };
    const answer = listPage({ ok: true, data: page });
    expect(answer.ok && answer.data.items[0]?.fields).toEqual({
      id: 7,
      url: 'example.com/pricing',
      privacy: 0,
    });
    expect(answer.ok && { ...answer.data, items: [] }).toEqual({ ...page, items: [] });
  });
});
