import { describe, expect, it } from 'vitest';
import type { FailedCheck } from '@/lib/api/types';
import { groupByCategory, issueCountsText } from '@/entrypoints/options/reports/check-summary';
import { categoryName } from '@/lib/format';
import { useTestLanguage } from '../../fake-i18n';

describe('issueCountsText', () => {
  it.each([
    [
      { high: 3, medium: 2, low: 1, passed: 24 },
      '6 issues (3 high, 2 medium, 1 low importance) · 24 tests passed',
    ],
    [{ high: 1, medium: 0, low: 0, passed: 1 }, '1 issue (1 high importance) · 1 test passed'],
    [{ high: 0, medium: 0, low: 2, passed: 0 }, '2 issues (2 low importance) · 0 tests passed'],
    [{ high: 0, medium: 0, low: 0, passed: 30 }, 'No issues found · 30 tests passed'],
  ])('%j → %s', (counts, text) => {
    expect(issueCountsText(counts)).toBe(text);
  });
});

describe('groupByCategory', () => {
  const check = (key: string, category: FailedCheck['category']): FailedCheck => ({
    key,
    name: key,
    category,
    importance: 'high',
    detail: null,
  });

  it('puts the failed tests under their category, in the order they come, with its label', () => {
    const groups = groupByCategory([
      check('title', 'seo'),
      check('favicon', 'seo'),
      check('https_encryption', 'security'),
      check('mystery', 'other'),
    ]);
    expect(groups.map((group) => [group.label, group.failures.map((failure) => failure.key)])).toEqual([
      ['SEO', ['title', 'favicon']],
      ['Security', ['https_encryption']],
      ['Other tests', ['mystery']],
    ]);
  });
});

describe('categoryName', () => {
  it('names every category, in the browser’s language', () => {
    const categories = ['seo', 'performance', 'security', 'miscellaneous', 'other'] as const;
    expect(categories.map(categoryName)).toEqual([
      'SEO',
      'Performance',
      'Security',
      'Miscellaneous',
      'Other tests',
    ]);
    useTestLanguage('de');
    expect(categoryName('performance')).toBe('Leistung');
    expect(categoryName('other')).toBe('Weitere Tests');
  });
});
