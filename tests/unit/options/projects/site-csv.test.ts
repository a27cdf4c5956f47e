// A project page's files: headers in the person's language, full addresses and UTC times (their names:
// project-page.test).
import { afterEach, describe, expect, it } from 'vitest';
import { rankingCsv, testPagesCsv } from '@/entrypoints/options/projects/site/site-csv';
import type { SiteTest } from '@/lib/site';
import { useTestLanguage } from '../../fake-i18n';

afterEach(() => useTestLanguage('en'));

const PROJECT = 'example.com';

const TEST: SiteTest = {
  key: 'meta_description',
  name: 'Meta description missing',
  importance: 'high',
  category: 'seo',
  pages: 2,
};

describe('a project page’s files', () => {
  it('list a test’s pages by their full address, with UTC times and the report’s link', () => {
    const text = testPagesCsv(PROJECT, TEST, [
      {
        id: 7,
        url: 'example.com/a',
        pageUrl: 'https://www.example.com/a',
        serviceUrl: 'https://rank.example/reports/7',
        score: 41,
        result: 'bad',
        generatedAt: '2026-11-27T23:07:41.000000Z',
      },
    ]);
    expect(text.slice(1).split('\r\n')).toEqual([
      '"Project","Test","URL","Score","Band","Generated (UTC)","Report on the service"',
      '"example.com","Meta description missing","https://www.example.com/a",41,"bad","2026-11-27 23:07:41","https://rank.example/reports/7"',
      '',
    ]);
  });

  it('are German, with `;`, in German', () => {
    useTestLanguage('de');
    expect(rankingCsv(PROJECT, 10, [TEST]).slice(1).split('\r\n')).toEqual([
      '"Projekt";"Test";"Schlüssel";"Betroffene Seiten";"Seiten";"Wichtigkeit";"Kategorie"',
      '"example.com";"Meta description missing";"meta_description";2;10;"high";"seo"',
      '',
    ]);
  });
});
