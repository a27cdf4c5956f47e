// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  checkName,
  reachedAddress,
  summarizeChecks,
  topFailures,
  type ReportChecks,
} from '@/lib/api/report-checks';
import type { FailedCheck } from '@/lib/api/types';
import { useTestLanguage } from '../../fake-i18n';

// A phpRank 1.5.0 report: every test of the release, a mix of passed and failed, in the service's order.
const RESULTS = {
  title: { passed: true, importance: 'high', value: 'Pricing – Example' },
  meta_description: { passed: false, importance: 'high', value: null, errors: { missing: null } },
  headings: {
    passed: false,
    importance: 'high',
    value: { h1: ['Pricing', 'Plans'], h2: ['Monthly'] },
    errors: { too_many: null },
  },
  content_keywords: {
    passed: false,
    importance: 'high',
    value: ['price', 'plan'],
    errors: { missing: ['example', 'pricing'] },
  },
  image_keywords: {
    passed: false,
    importance: 'high',
    value: null,
    errors: {
      missing: ['https://example.com/a.png', 'https://example.com/b.png', 'https://example.com/c.png'],
    },
  },
  seo_friendly_url: { passed: true, importance: 'high', value: 'https://www.example.com/pricing' },
  '404_page': { passed: true, importance: 'high', value: 'https://example.com/404-test-abc' },
  robots: { passed: true, importance: 'high', value: null },
  noindex: { passed: true, importance: 'high', value: null },
  in_page_links: {
    passed: false,
    importance: 'medium',
    value: {
      Internals: Array.from({ length: 140 }, (_, i) => ({ url: `https://example.com/${i}`, text: `${i}` })),
      Externals: Array.from({ length: 72 }, (_, i) => ({ url: `https://other.com/${i}`, text: `${i}` })),
    },
    errors: { too_many: { max: 150 } },
  },
  language: { passed: true, importance: 'medium', value: 'en' },
  favicon: { passed: false, importance: 'medium', value: null, errors: { missing: null } },
  text_compression: { passed: true, importance: 'high', value: 41230 },
  load_time: { passed: false, importance: 'high', value: 2.8, errors: { too_slow: { max: 2 } } },
  page_size: { passed: false, importance: 'high', value: 412345, errors: { too_large: { max: 330000 } } },
  http_requests: {
    passed: false,
    importance: 'high',
    value: {
      JavaScripts: Array.from({ length: 30 }, (_, i) => `https://example.com/${i}.js`),
      CSS: ['https://example.com/a.css', 'https://example.com/b.css'],
      Images: Array.from({ length: 32 }, (_, i) => `https://example.com/${i}.png`),
      Audios: [],
      Videos: [],
      Iframes: [],
    },
    errors: { too_many: { max: 50 } },
  },
  image_format: {
    passed: false,
    importance: 'medium',
    value: null,
    errors: { bad_format: ['https://example.com/photo.bmp'] },
  },
  defer_javascript: {
    passed: false,
    importance: 'low',
    value: null,
    errors: { missing: ['https://example.com/app.js', 'https://example.com/vendor.js'] },
  },
  dom_size: { passed: false, importance: 'low', value: 2134, errors: { too_many: { max: 1500 } } },
  https_encryption: { passed: true, importance: 'high', value: 'https' },
  mixed_content: { passed: true, importance: 'high', value: null },
  server_signature: {
    passed: false,
    importance: 'medium',
    value: 'Apache/2.4.41 (Ubuntu)',
    errors: { failed: null },
  },
  unsafe_cross_origin_links: {
    passed: false,
    importance: 'medium',
    value: null,
    errors: { failed: ['https://other.com/a', 'https://other.com/b'] },
  },
  plaintext_email: {
    passed: false,
    importance: 'low',
    value: null,
    errors: { failed: ['info@example.com'] },
  },
  structured_data: { passed: true, importance: 'medium', value: { 'Open Graph': { 'og:title': 'Pricing' } } },
  meta_viewport: { passed: true, importance: 'medium', value: 'width=device-width, initial-scale=1' },
  charset: { passed: true, importance: 'medium', value: 'utf-8' },
  sitemap: { passed: false, importance: 'low', value: [], errors: { missing: null } },
  social: { passed: true, importance: 'low', value: { twitter: ['https://twitter.com/example'] } },
  content_length: { passed: false, importance: 'low', value: 312, errors: { too_few: { min: 500 } } },
  text_html_ratio: { passed: false, importance: 'low', value: 6.24, errors: { too_small: { min: 10 } } },
  inline_css: {
    passed: false,
    importance: 'low',
    value: null,
    errors: {
      failed: ['<div style="color:red">', '<p style="margin:0">', '<span style="x">', '<b style="">'],
    },
  },
  deprecated_html_tags: {
    passed: false,
    importance: 'low',
    value: null,
    errors: { bad_tags: { font: 3, center: 1 } },
  },
};

function checks(results: unknown): ReportChecks {
  const summary = summarizeChecks(results);
  if (!summary) throw new Error('expected a summary');
  return summary;
}

function byKey(summary: ReportChecks, key: string): FailedCheck {
  const check = summary.failures.find((failure) => failure.key === key);
  if (!check) throw new Error(`no failure ${key}`);
  return check;
}

/** One failed test, alone in a results object. */
function failure(key: string, entry: Record<string, unknown>): FailedCheck {
  const [check] = checks({ [key]: { passed: false, importance: 'high', ...entry } }).failures;
  if (!check) throw new Error('expected a failure');
  return check;
}

describe('summarizeChecks on a full report', () => {
  const summary = checks(RESULTS);

  it('counts failures by importance and passed tests', () => {
    expect(summary.counts).toEqual({ high: 7, medium: 5, low: 8, passed: 13 });
    expect(summary.failures).toHaveLength(20);
  });

  it('orders failures by category, then importance, then the service’s order', () => {
    expect(summary.failures.map((f) => f.key)).toEqual([
      'meta_description',
      'headings',
      'content_keywords',
      'image_keywords',
      'in_page_links',
      'favicon',
      'load_time',
      'page_size',
      'http_requests',
      'image_format',
      'defer_javascript',
      'dom_size',
      'server_signature',
      'unsafe_cross_origin_links',
      'plaintext_email',
      'sitemap',
      'content_length',
      'text_html_ratio',
      'inline_css',
      'deprecated_html_tags',
    ]);
  });

  it('names each failure plainly, with its category and importance', () => {
    expect(byKey(summary, 'meta_description')).toEqual({
      key: 'meta_description',
      name: 'Meta description missing',
      category: 'seo',
      importance: 'high',
      detail: null,
    });
    expect(byKey(summary, 'headings').name).toBe('Too many h1 headings');
    expect(byKey(summary, 'load_time')).toMatchObject({ name: 'Page loads slowly', category: 'performance' });
    expect(byKey(summary, 'plaintext_email')).toMatchObject({ category: 'security', importance: 'low' });
    expect(byKey(summary, 'sitemap')).toMatchObject({ name: 'No sitemap', category: 'miscellaneous' });
    for (const check of summary.failures) {
      expect(check.name).toMatch(/^[A-Z0-9][^]*[^.]$/);
      expect(check.name).not.toContain('has a problem');
    }
  });

  it('gives a short detail where the value helps', () => {
    const details = Object.fromEntries(summary.failures.map((f) => [f.key, f.detail]));
    expect(details).toEqual({
      meta_description: null,
      headings: null,
      content_keywords: 'example, pricing',
      image_keywords: '3 images',
      in_page_links: '212 links (limit 150 links)',
      favicon: null,
      load_time: '2.8 s (limit 2 s)',
      page_size: '412 KB (limit 330 KB)',
      http_requests: '64 requests (limit 50 requests)',
      image_format: '1 image',
      defer_javascript: '2 scripts',
      dom_size: '2,134 elements (limit 1,500 elements)',
      server_signature: 'Apache/2.4.41 (Ubuntu)',
      unsafe_cross_origin_links: '2 links',
      plaintext_email: '1 address',
      sitemap: null,
      content_length: '312 words (minimum 500 words)',
      text_html_ratio: '6.2% (minimum 10%)',
      inline_css: '4 elements',
      deprecated_html_tags: '<font> ×3, <center>',
    });
  });
});

describe('names by error key', () => {
  it.each([
    ['title', { missing: null }, 'Title missing'],
    ['title', { length: { min: 1, max: 60 } }, 'Title too long or too short'],
    ['meta_description', { length: { min: 1, max: 160 } }, 'Meta description too long or too short'],
    ['headings', { missing: null }, 'No main (h1) heading'],
    ['headings', { duplicate: null }, 'Main heading repeats the title'],
    ['sitemap', { failed: null }, 'Sitemap could not be read'],
    ['noindex', { missing: null }, 'Page hidden from search engines (noindex)'],
    ['https_encryption', { missing: null }, 'Page not served over HTTPS'],
  ])('%s %j → %s', (key, errors, name) => {
    expect(failure(key, { errors }).name).toBe(name);
  });

  it('uses the first error key the test has a name for', () => {
    expect(failure('headings', { errors: { too_many: null, duplicate: null } }).name).toBe(
      'Too many h1 headings',
    );
    expect(failure('headings', { errors: { shiny: null, duplicate: null } }).name).toBe(
      'Main heading repeats the title',
    );
  });

  it('gives a generic name when the error key is unknown or absent', () => {
    expect(failure('meta_description', { errors: { shiny: null } }).name).toBe(
      'Meta description has a problem',
    );
    expect(failure('meta_description', {}).name).toBe('Meta description has a problem');
    expect(failure('meta_description', { errors: [] }).name).toBe('Meta description has a problem');
    expect(failure('title', { errors: 'missing' }).name).toBe('Title has a problem');
    // An error key of another test does not count.
    expect(failure('title', { errors: { too_slow: { max: 2 } } }).name).toBe('Title has a problem');
  });

  it('reads a list of error keys', () => {
    expect(failure('title', { errors: ['missing'] }).name).toBe('Title missing');
  });

  it('is not fooled by keys of Object.prototype', () => {
    expect(failure('title', { errors: { constructor: null, toString: null } }).name).toBe(
      'Title has a problem',
    );
    const summary = checks({
      constructor: { passed: false },
      toString: { passed: false, importance: 'high' },
    });
    expect(summary.failures).toEqual([
      { key: 'toString', name: 'toString', category: 'other', importance: 'high', detail: null },
      { key: 'constructor', name: 'constructor', category: 'other', importance: 'low', detail: null },
    ]);
  });
});

describe('importance', () => {
  it('is taken as sent', () => {
    expect(failure('dom_size', { importance: 'high' }).importance).toBe('high');
    expect(failure('title', { importance: 'low' }).importance).toBe('low');
    expect(failure('title', { importance: ' Medium ' }).importance).toBe('medium');
  });

  it('falls back to the documented one, or low for unknown tests', () => {
    expect(failure('title', { importance: 'critical' }).importance).toBe('high');
    expect(failure('in_page_links', { importance: null }).importance).toBe('medium');
    expect(failure('dom_size', { importance: 3 }).importance).toBe('low');
    expect(failure('new_test', { importance: undefined }).importance).toBe('low');
  });
});

describe('unknown tests', () => {
  it('are shown under Other tests, by their key, with their importance', () => {
    const summary = checks({
      amp: { passed: false, importance: 'medium', value: '<b>x</b>', errors: { missing: null } },
      title: { passed: false, importance: 'high', value: null, errors: { missing: null } },
      'Some New Test': { passed: 'false', importance: 'high' },
    });
    expect(summary.failures).toEqual([
      { key: 'title', name: 'Title missing', category: 'seo', importance: 'high', detail: null },
      { key: 'Some New Test', name: 'Some New Test', category: 'other', importance: 'high', detail: null },
      { key: 'amp', name: 'amp', category: 'other', importance: 'medium', detail: null },
    ]);
    expect(summary.counts).toEqual({ high: 2, medium: 1, low: 0, passed: 0 });
  });

  it('are counted when passed', () => {
    expect(checks({ amp: { passed: true } }).counts).toEqual({ high: 0, medium: 0, low: 0, passed: 1 });
  });
});

describe('checkName (a test known by its key alone)', () => {
  it('is the test’s generic problem, an unknown test’s key, and never an Object member', () => {
    expect(checkName('title')).toBe('Title has a problem');
    expect(checkName('load_time')).toBe('Load time has a problem');
    expect(checkName('Some New Test')).toBe('Some New Test');
    expect(checkName('constructor')).toBe('constructor');
    expect(checkName('   ')).toBe('Unnamed test');
  });
});

describe('passed', () => {
  it.each([true, 1, '1', 'true', 'TRUE'])('%j counts as passed', (passed) => {
    expect(checks({ title: { passed } }).counts.passed).toBe(1);
  });

  it.each([false, 0, '0', 'false'])('%j counts as failed', (passed) => {
    const summary = checks({ title: { passed, importance: 'high', errors: { missing: null } } });
    expect(summary.counts).toEqual({ high: 1, medium: 0, low: 0, passed: 0 });
  });

  it.each([undefined, null, 2, 'yes', '', [], {}])('%j is ignored', (passed) => {
    const summary = checks({ title: { passed }, favicon: { passed: true } });
    expect(summary.counts).toEqual({ high: 0, medium: 0, low: 0, passed: 1 });
    expect(summary.failures).toEqual([]);
  });
});

describe('garbage never throws', () => {
  it.each([undefined, null, [], [{ passed: false }], 'x', 42, true, {}])('%j has no checks', (results) => {
    expect(summarizeChecks(results)).toBeNull();
  });

  it.each([{ title: null }, { title: 'x' }, { title: [] }, { title: 1 }, { title: { value: 'Hi' } }])(
    '%j has no readable test',
    (results) => {
      expect(summarizeChecks(results)).toBeNull();
    },
  );

  it('survives wrong values in every test', () => {
    const wrong: unknown[] = [null, 'x', -1, 1e308, NaN, [], [null], {}, { max: 'many' }, [[{}]], true];
    for (const value of wrong) {
      const results = Object.fromEntries(
        Object.keys(RESULTS).map((key) => [key, { passed: false, importance: value, value, errors: value }]),
      );
      const errorsWrong = Object.fromEntries(
        Object.keys(RESULTS).map((key) => [
          key,
          { passed: 0, value, errors: { missing: value, too_many: value, bad_tags: value, failed: value } },
        ]),
      );
      for (const input of [results, errorsWrong]) {
        const summary = checks(input);
        expect(summary.failures).toHaveLength(Object.keys(RESULTS).length);
        for (const check of summary.failures) {
          expect(typeof check.name).toBe('string');
          expect(check.detail === null || check.detail.length <= 120).toBe(true);
          expect(check.detail ?? '').not.toMatch(/NaN|Infinity|undefined|\[object/);
        }
      }
    }
  });

  it('handles an object made without a prototype, and __proto__ as a key', () => {
    const bare = Object.assign(Object.create(null) as object, { title: { passed: true } });
    expect(checks(bare).counts.passed).toBe(1);
    expect(checks(JSON.parse('{"__proto__": {"passed": false}}')).failures[0]?.name).toBe('__proto__');
  });
});

describe('details', () => {
  it('shows a title or description of the wrong length, shortened to 120 characters', () => {
    expect(failure('title', { value: 'Pricing – Example', errors: { length: {} } }).detail).toBe(
      'Pricing – Example',
    );
    const long = 'word '.repeat(60);
    const detail = failure('meta_description', { value: long, errors: { length: {} } }).detail;
    expect(detail).toHaveLength(120);
    expect(detail?.endsWith('…')).toBe(true);
    expect(failure('title', { value: '  Two\n\tlines  ', errors: { length: {} } }).detail).toBe('Two lines');
    expect(failure('title', { value: '   ', errors: { missing: null } }).detail).toBeNull();
  });

  it('keeps HTML as text, only shortened', () => {
    const html = '<script>alert(1)</script><img src=x onerror=alert(1)>';
    expect(failure('title', { value: html }).detail).toBe(html);
    const long = `<b>${'x'.repeat(200)}</b>`;
    expect(failure('server_signature', { value: long }).detail).toBe(`<b>${'x'.repeat(116)}…`);
  });

  it('does not cut a character made of two code units in half', () => {
    const detail = failure('title', { value: `${'a'.repeat(118)}😀😀` }).detail;
    expect(detail).toBe(`${'a'.repeat(118)}…`);
  });

  it('formats numbers, also sent as strings, with or without a limit', () => {
    expect(failure('load_time', { value: '1.734', errors: { too_slow: { max: '1.5' } } }).detail).toBe(
      '1.73 s (limit 1.5 s)',
    );
    expect(failure('load_time', { value: 12, errors: { too_slow: null } }).detail).toBe('12 s');
    expect(failure('load_time', { value: null, errors: { too_slow: { max: 2 } } }).detail).toBeNull();
    expect(failure('page_size', { value: 512, errors: {} }).detail).toBe('512 B');
    expect(failure('page_size', { value: 2_540_000, errors: { too_large: { max: 330000 } } }).detail).toBe(
      '2.5 MB (limit 330 KB)',
    );
    expect(failure('dom_size', { value: 1501 }).detail).toBe('1,501 elements');
    expect(failure('content_length', { value: 1, errors: { too_few: { min: 500 } } }).detail).toBe(
      '1 word (minimum 500 words)',
    );
    expect(failure('text_html_ratio', { value: 9 }).detail).toBe('9%');
    expect(failure('load_time', { value: '9'.repeat(400) }).detail).toBeNull();
  });

  it('counts requests and links across the lists of the value', () => {
    const value = { JavaScripts: ['a', 'b'], CSS: { 0: 'c', 2: 'd' }, Images: 'nope', Audios: null };
    expect(failure('http_requests', { value }).detail).toBe('4 requests');
    expect(failure('in_page_links', { value: { Internals: [{}], Externals: [] } }).detail).toBe('1 link');
  });

  it('counts listed items, also sent as an object with gaps in its keys', () => {
    expect(failure('mixed_content', { errors: { failed: { 0: 'a', 3: 'b' } } }).detail).toBe('2 resources');
    expect(failure('image_keywords', { errors: { missing: [] } }).detail).toBeNull();
    expect(failure('plaintext_email', { errors: { failed: null } }).detail).toBeNull();
  });

  it('lists deprecated tags', () => {
    expect(failure('deprecated_html_tags', { errors: { bad_tags: ['marquee', 'blink'] } }).detail).toBe(
      '<marquee>, <blink>',
    );
    expect(failure('deprecated_html_tags', { errors: { bad_tags: { font: '12', tt: 'x' } } }).detail).toBe(
      '<font> ×12, <tt>',
    );
    const many = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`tag${i}`, 2]));
    expect(failure('deprecated_html_tags', { errors: { bad_tags: many } }).detail).toHaveLength(120);
  });

  it('is null for tests whose value adds nothing', () => {
    expect(failure('https_encryption', { value: 'http', errors: { missing: null } }).detail).toBeNull();
    expect(failure('favicon', { value: 'https://example.com/favicon.ico' }).detail).toBeNull();
    expect(failure('new_test', { value: 'something' }).detail).toBeNull();
  });
});

describe('topFailures', () => {
  const summary = checks(RESULTS);

  it('takes the three most important, high first, ties in category order', () => {
    expect(topFailures(summary.failures).map((f) => f.key)).toEqual([
      'meta_description',
      'headings',
      'content_keywords',
    ]);
    expect(summary.top).toEqual(topFailures(summary.failures));
  });

  it('puts an important unknown test after the known ones of its importance', () => {
    const mixed = checks({
      new_test: { passed: false, importance: 'high' },
      dom_size: { passed: false, importance: 'low' },
      favicon: { passed: false, importance: 'medium' },
      charset: { passed: false, importance: 'high' },
    });
    expect(topFailures(mixed.failures).map((f) => f.key)).toEqual(['charset', 'new_test', 'favicon']);
  });

  it('leaves the summary alone', () => {
    const before = summary.failures.map((f) => f.key);
    topFailures(summary.failures);
    expect(summary.failures.map((f) => f.key)).toEqual(before);
  });
});

describe('in German', () => {
  it('names failed tests, their generic problem and their details in German', () => {
    useTestLanguage('de');
    expect(failure('load_time', { errors: { too_slow: { max: 2 } }, value: 3 })).toMatchObject({
      name: 'Seite lädt langsam',
      detail: '3 s (Grenzwert 2 s)',
    });
    expect(failure('title', { errors: { shiny: null } }).name).toBe('Problem mit dem Titel');
    expect(failure('image_keywords', { errors: { missing: ['a.png'] } }).detail).toBe('1 Bild');
    expect(failure('content_length', { value: 312, errors: { too_few: { min: 500 } } }).detail).toBe(
      '312 Wörter (Minimum 500 Wörter)',
    );
  });
});

describe('reachedAddress', () => {
  const at = (value: unknown) => ({ seo_friendly_url: { passed: true, importance: 'high', value } });

  it('is the full address of an http(s) page', () => {
    expect(reachedAddress(RESULTS)).toBe('https://www.example.com/pricing');
    expect(reachedAddress(at('http://example.com'))).toBe('http://example.com');
    expect(reachedAddress(at('  https://example.com/a?b=1  '))).toBe('https://example.com/a?b=1');
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,<b>x</b>',
    'ftp://example.com/',
    'example.com/pricing',
    'https://exa\nmple.com/',
    'https:///nohost',
    'https:\\\\example.com',
    '',
    null,
    42,
    ['https://example.com/'],
  ])('is null for %j', (value) => {
    expect(reachedAddress(at(value))).toBeNull();
  });

  it.each([undefined, null, [], 'https://example.com', {}, { seo_friendly_url: 'https://example.com' }])(
    'is null for results %j',
    (results) => {
      expect(reachedAddress(results)).toBeNull();
    },
  );
});

describe('the failures the popup shows', () => {
  it('are chosen once, here: the three most important, high first', () => {
    const results = {
      dom_size: { passed: false, importance: 'low', value: 2000, errors: { too_many: { max: 1500 } } },
      favicon: { passed: false, importance: 'medium', value: null, errors: { missing: null } },
      load_time: { passed: false, importance: 'high', value: 3, errors: { too_slow: { max: 2 } } },
      title: { passed: false, importance: 'high', value: null, errors: { missing: null } },
    };
    const checks = summarizeChecks(results)!;
    expect(checks.top.map((failure) => failure.key)).toEqual(['title', 'load_time', 'favicon']);
    expect(checks.top).toEqual(topFailures(checks.failures));
  });
});
