// As the reports export does, the columns and values are the same in every language.
import type { SitePage, SiteTest } from '@/lib/site';
import { csvFileName, toCsv } from '../../reports/export/csv';

export function rankingCsv(project: string, pages: number, tests: readonly SiteTest[]): string {
  return toCsv(
    ['Project', 'Test', 'Key', 'Pages affected', 'Pages', 'Importance', 'Category'],
    tests.map((test) => [project, test.name, test.key, test.pages, pages, test.importance, test.category]),
  );
}

export function testPagesCsv(project: string, test: SiteTest, pages: readonly SitePage[]): string {
  return toCsv(
    ['Project', 'Test', 'URL', 'Score', 'Band', 'Generated', 'Report'],
    pages.map((page) => [
      project,
      test.name,
      page.url,
      page.score,
      page.result,
      page.generatedAt,
      page.serviceUrl,
    ]),
  );
}

/** "page-reports-site-2026-11-27.csv", or with the test's key: "page-reports-site-meta_description-2026-11-27.csv". */
export function siteCsvFileName(now: Date, testKey?: string): string {
  const test = testKey ? [testKey.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 60)] : [];
  return csvFileName(now, 'site', ...test);
}
