// A project's aggregate from the rows the background keeps: the ranking of failed tests (pages, then
// importance, name, key), unknown tests, reports without results counted apart, spread and average; and
// one test's pages.
import { describe, expect, it } from 'vitest';
import { summarizeChecks } from '@/lib/api/report-checks';
import type { Report } from '@/lib/api/types';
import { aggregateSite, pagesFailing, siteRowOf, type SiteRow, type SiteRowTest } from '@/lib/site-aggregate';
import { makeReport } from '../options/fakes';

const facts = { total: null, cut: false, readAt: 7 };

/** A report of the project with these phpRank results (each test failing with its error keys). */
function reportWith(id: number, score: number | null, failing: Record<string, object>): Report {
  const results = Object.fromEntries(
    Object.entries(failing).map(([key, errors]) => [key, { passed: false, errors }]),
  );
  // One passed test, so a page that fails nothing still has results.
  results.charset = { passed: true, errors: {} };
  return makeReport(id, {
    score,
    result: null,
    checks: summarizeChecks(results),
    url: `site.example/page-${id}`,
  });
}

const test = (key: string, name: string, importance: SiteRowTest['importance']): SiteRowTest => ({
  key,
  name,
  importance,
  category: 'seo',
});

/** A row as the background keeps it, failing `failed`. */
function row(id: number, failed: SiteRowTest[] | null, score: number | null = 60): SiteRow {
  return {
    id,
    url: `site.example/${id}`,
    pageUrl: `https://site.example/${id}`,
    serviceUrl: `https://reports.example/reports/${id}`,
    score,
    result: null,
    generatedAt: '2024-05-02T10:00:00Z',
    failed,
  };
}

describe('a site’s ranking', () => {
  it('ranks failed tests by the pages they affect, with each test’s name, importance and category', () => {
    const rows = [
      reportWith(1, 40, { meta_description: { missing: null }, title: { missing: null } }),
      reportWith(2, 55, { meta_description: { missing: null } }),
      reportWith(3, 90, { meta_description: { missing: null }, defer_javascript: { missing: [] } }),
      reportWith(4, 85, { defer_javascript: { missing: [] } }),
    ].map(siteRowOf);
    const summary = aggregateSite('Client A', rows, facts);
    expect(summary.tests).toEqual([
      {
        key: 'meta_description',
        name: 'Meta description missing',
        importance: 'high',
        category: 'seo',
        pages: 3,
      },
      {
        key: 'defer_javascript',
        name: 'Scripts not deferred',
        importance: 'low',
        category: 'performance',
        pages: 2,
      },
      { key: 'title', name: 'Title missing', importance: 'high', category: 'seo', pages: 1 },
    ]);
    expect(summary).toMatchObject({ project: 'Client A', pages: 4, withoutResults: 0, readAt: 7 });
  });

  it('breaks ties by importance (high, medium, low), then by name, then by key', () => {
    const tests = [
      test('zz_low', 'A low one', 'low'),
      test('b_high', 'Beta', 'high'),
      test('a_high', 'Alpha', 'high'),
      test('m_medium', 'Alpha', 'medium'),
      test('y_same', 'Same name', 'low'),
      test('x_same', 'Same name', 'low'),
    ];
    const summary = aggregateSite('P', [row(1, tests), row(2, tests)], facts);
    expect(summary.tests.map((entry) => entry.key)).toEqual([
      'a_high',
      'b_high',
      'm_medium',
      'zz_low',
      'x_same',
      'y_same',
    ]);
  });

  it('takes a test’s highest importance seen, and its generic name when pages fail it for different errors', () => {
    const summary = aggregateSite(
      'P',
      [
        siteRowOf(reportWith(1, 50, { meta_description: { missing: null } })),
        siteRowOf(reportWith(2, 50, { meta_description: { length: { max: 160 } } })),
        row(3, [test('custom', 'custom', 'low')]),
        row(4, [test('custom', 'custom', 'medium')]),
      ],
      facts,
    );
    expect(summary.tests).toEqual([
      expect.objectContaining({ key: 'meta_description', name: 'Meta description has a problem', pages: 2 }),
      expect.objectContaining({ key: 'custom', importance: 'medium', pages: 2 }),
    ]);
  });

  it('names an unknown test by its key as sent, under Other', () => {
    const rows = [1, 2].map((id) => siteRowOf(reportWith(id, 70, { amp_validation: { failed: null } })));
    expect(aggregateSite('P', rows, facts).tests).toEqual([
      { key: 'amp_validation', name: 'amp_validation', importance: 'low', category: 'other', pages: 2 },
    ]);
  });

  it('counts a test listed twice for one page once', () => {
    const twice = [test('title', 'Title missing', 'high'), test('title', 'Title missing', 'high')];
    expect(aggregateSite('P', [row(1, twice)], facts).tests).toEqual([
      expect.objectContaining({ key: 'title', pages: 1 }),
    ]);
  });
});

describe('a site’s numbers', () => {
  it('counts reports without results apart: not in the spread, the average or the tests', () => {
    const rows = [
      row(1, [test('title', 'Title missing', 'high')], 90),
      row(2, [], 60),
      row(3, [test('title', 'Title missing', 'high')], 30),
      row(4, null, null),
      siteRowOf(makeReport(5, { checks: null, score: 10, result: 'bad' })),
    ];
    const summary = aggregateSite('P', rows, facts);
    expect(summary).toMatchObject({
      pages: 5,
      withoutResults: 2,
      averageScore: 60,
      averageResult: 'decent',
      spread: { good: 1, decent: 1, bad: 1 },
      tests: [expect.objectContaining({ key: 'title', pages: 2 })],
    });
  });

  it('takes the service’s band where it gives one, and has no average when nothing is scored', () => {
    const unscored = { ...row(1, []), score: null, result: 'good' as const };
    const summary = aggregateSite('P', [unscored, row(2, [], null)], facts);
    expect(summary).toMatchObject({
      averageScore: null,
      averageResult: null,
      spread: { good: 1, decent: 0, bad: 0 },
    });
  });

  it('says the read’s total and whether it was cut', () => {
    const summary = aggregateSite('P', [row(1, [])], { total: 2500, cut: true, readAt: 9 });
    expect(summary).toMatchObject({ pages: 1, total: 2500, cut: true, readAt: 9 });
  });

  it('is empty for a project without reports', () => {
    expect(aggregateSite('P', [], facts)).toEqual({
      project: 'P',
      pages: 0,
      withoutResults: 0,
      averageScore: null,
      averageResult: null,
      spread: { good: 0, decent: 0, bad: 0 },
      tests: [],
      total: null,
      cut: false,
      readAt: 7,
    });
  });
});

describe('one test’s pages', () => {
  it('lists the pages failing it, lowest score first (unscored last), then by address, without their tests', () => {
    const title = [test('title', 'Title missing', 'high')];
    const rows = [
      { ...row(1, title, 70), url: 'site.example/b' },
      { ...row(2, title, 40), url: 'site.example/z' },
      { ...row(3, title, null), url: 'site.example/a' },
      { ...row(4, title, 70), url: 'site.example/a' },
      row(5, [test('favicon', 'Favicon missing', 'medium')], 10),
      row(6, null, 5),
    ];
    const pages = pagesFailing(rows, 'title');
    expect(pages.map((page) => page.id)).toEqual([2, 4, 1, 3]);
    expect(pages[0]).toEqual({
      id: 2,
      url: 'site.example/z',
      pageUrl: 'https://site.example/2',
      serviceUrl: 'https://reports.example/reports/2',
      score: 40,
      result: null,
      generatedAt: '2024-05-02T10:00:00Z',
    });
    expect(pagesFailing(rows, 'nothing_fails_this')).toEqual([]);
  });
});
