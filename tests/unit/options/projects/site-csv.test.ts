import { describe, expect, it } from 'vitest';
import { siteCsvFileName } from '@/entrypoints/options/projects/site/site-csv';

describe('a project page’s CSV file name', () => {
  it('is dated in local time, and names the test by a key safe in a file name', () => {
    const now = new Date(2026, 10, 27, 23, 59);
    expect(siteCsvFileName(now)).toBe('page-reports-site-2026-11-27.csv');
    expect(siteCsvFileName(now, 'meta_description')).toBe(
      'page-reports-site-meta_description-2026-11-27.csv',
    );
    expect(siteCsvFileName(now, '../a b/<c>')).toBe('page-reports-site--a-b-c--2026-11-27.csv');
  });
});
