// @vitest-environment node
// The phprank dialect's `results` and score (notes/results-shape.md), on the demo data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bandOf, POINTS, scoreOf, type PhpRankReport, type ReferenceApi } from '../../../reference-api/index';
import { manualClock, start } from './harness';

/** phpRank 1.5.0's tests in its order, with their importance. */
const TESTS_1_5_0: [string, 'high' | 'medium' | 'low'][] = [
  ['title', 'high'],
  ['meta_description', 'high'],
  ['headings', 'high'],
  ['content_keywords', 'high'],
  ['image_keywords', 'high'],
  ['seo_friendly_url', 'high'],
  ['404_page', 'high'],
  ['robots', 'high'],
  ['noindex', 'high'],
  ['in_page_links', 'medium'],
  ['language', 'medium'],
  ['favicon', 'medium'],
  ['text_compression', 'high'],
  ['load_time', 'high'],
  ['page_size', 'high'],
  ['http_requests', 'high'],
  ['image_format', 'medium'],
  ['defer_javascript', 'low'],
  ['dom_size', 'low'],
  ['https_encryption', 'high'],
  ['mixed_content', 'high'],
  ['server_signature', 'medium'],
  ['unsafe_cross_origin_links', 'medium'],
  ['plaintext_email', 'low'],
  ['structured_data', 'medium'],
  ['meta_viewport', 'medium'],
  ['charset', 'medium'],
  ['sitemap', 'low'],
  ['social', 'low'],
  ['content_length', 'low'],
  ['text_html_ratio', 'low'],
  ['inline_css', 'low'],
  ['deprecated_html_tags', 'low'],
];

const ERROR_KEYS = [
  'missing',
  'length',
  'too_many',
  'duplicate',
  'bad_format',
  'too_slow',
  'too_large',
  'too_few',
  'too_small',
  'failed',
  'bad_tags',
];

let api: ReferenceApi;
let reports: PhpRankReport[];

beforeAll(async () => {
  api = await start({ seed: true, now: manualClock().now });
  reports = api.store.reports() as PhpRankReport[];
});
afterAll(() => api.close());

describe('results', () => {
  it('has every test of phpRank 1.5.0, in its order, with its importance', () => {
    for (const report of reports) {
      expect(Object.keys(report.results)).toEqual(TESTS_1_5_0.map(([name]) => name));
      for (const [name, importance] of TESTS_1_5_0) expect(report.results[name]?.importance).toBe(importance);
    }
  });

  it('gives each test {passed, importance, value, errors?}, errors only when failed', () => {
    for (const report of reports) {
      for (const test of Object.values(report.results)) {
        expect(typeof test.passed).toBe('boolean');
        expect(test).toHaveProperty('value');
        if (test.passed) {
          expect(Object.keys(test).sort()).toEqual(['importance', 'passed', 'value']);
        } else {
          expect(Object.keys(test).sort()).toEqual(['errors', 'importance', 'passed', 'value']);
          expect(Object.keys(test.errors ?? {}).length).toBeGreaterThan(0);
          for (const key of Object.keys(test.errors ?? {})) expect(ERROR_KEYS).toContain(key);
        }
      }
    }
  });

  it('has the full address with its scheme in seo_friendly_url', () => {
    for (const report of reports) {
      const address = report.results.seo_friendly_url?.value as string;
      expect(address).toMatch(/^https?:\/\//);
      expect(address.replace(/^https?:\/\/(www\.)?/, '').replace(/^([^/?#]*)\/$/, '$1')).toBe(report.url);
      expect(report.results.https_encryption?.value).toBe(address.startsWith('https:') ? 'https' : 'http');
    }
  });

  it('has plausible values', () => {
    const values = (name: string) => reports.map((report) => report.results[name]);
    for (const test of values('load_time')) {
      expect(typeof test?.value).toBe('number');
      expect(test?.passed).toBe((test?.value as number) <= 2);
    }
    for (const test of values('page_size')) expect(test?.passed).toBe((test?.value as number) <= 330000);
    for (const test of values('dom_size')) expect(test?.passed).toBe((test?.value as number) <= 1500);
    for (const test of values('http_requests')) {
      const lists = test?.value as Record<string, string[]>;
      expect(Object.keys(lists)).toEqual(['JavaScripts', 'CSS', 'Images', 'Audios', 'Videos', 'Iframes']);
      const total = Object.values(lists).flat().length;
      expect(test?.passed).toBe(total <= 50);
    }
    for (const test of values('in_page_links')) {
      const links = test?.value as { Internals: unknown[]; Externals: unknown[] };
      expect(test?.passed).toBe(links.Internals.length + links.Externals.length <= 150);
    }
    for (const test of values('title')) {
      if (test?.passed) expect((test.value as string).length).toBeLessThanOrEqual(60);
      else expect(test?.errors).toSatisfy((errors) => 'missing' in errors || 'length' in errors);
    }
    const languages = new Set(values('language').map((test) => test?.value));
    expect(languages).toContain('en');
    expect(languages).toContain('ja');
  });

  it('fails and passes every test somewhere in the demo data', () => {
    for (const [name] of TESTS_1_5_0) {
      const outcomes = new Set(reports.map((report) => report.results[name]?.passed));
      expect(outcomes, name).toContain(false);
      expect(outcomes, name).toContain(true);
    }
  });
});

describe('score', () => {
  it('is passed points ÷ possible points × 100 (high 10, medium 5, low 0), rounded when read back', () => {
    expect(POINTS).toEqual({ high: 10, medium: 5, low: 0 });
    for (const report of reports) {
      let passed = 0;
      let possible = 0;
      for (const test of Object.values(report.results)) {
        possible += POINTS[test.importance];
        if (test.passed) passed += POINTS[test.importance];
      }
      expect(report.result).toBe(Math.round((passed / possible) * 100));
      expect(scoreOf(report.results)).toBe((passed / possible) * 100);
    }
  });

  it('bands: good above 79, decent 49 to 79, bad below 49', () => {
    expect([100, 80, 79.5].map(bandOf)).toEqual(['good', 'good', 'good']);
    expect([79, 60, 49].map(bandOf)).toEqual(['decent', 'decent', 'decent']);
    expect([48.9, 48, 0].map(bandOf)).toEqual(['bad', 'bad', 'bad']);
  });

  it('covers every band in the demo data, some reports with several high-importance failures', () => {
    const bands = reports.map((report) => bandOf(report.result as number));
    for (const band of ['good', 'decent', 'bad'] as const) {
      expect(bands.filter((b) => b === band).length).toBeGreaterThanOrEqual(15);
    }
    const highFailures = reports.map(
      (report) =>
        Object.values(report.results).filter((test) => !test.passed && test.importance === 'high').length,
    );
    expect(highFailures.filter((count) => count >= 4).length).toBeGreaterThanOrEqual(10);
    expect(Math.min(...highFailures)).toBeLessThanOrEqual(1);
  });

  it('is deterministic per report, address and run', async () => {
    const other = await start({ seed: true, now: manualClock().now });
    try {
      expect(other.store.reports()).toEqual(reports);
      const a = other.store.create({ url: 'https://same.example/', privacy: 0 });
      const b = api.store.create({ url: 'https://same.example/', privacy: 0 });
      expect(a.id).toBe(b.id);
      expect(a.results).toEqual(b.results);
      // Another id: another page.
      expect(api.store.create({ url: 'https://same.example/', privacy: 0 }).results).not.toEqual(b.results);
    } finally {
      await other.close();
    }
  });
});
