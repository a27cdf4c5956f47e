// As the reports export does: headers in the person's language and its separator, values as the service
// names them, full addresses, times in UTC as spreadsheets read them.
import type { SitePage, SiteTest } from '@/lib/site';
import { t } from '@/lib/i18n';
import { csvFileName, downloadFile, spreadsheetTime, toCsv } from '../../reports/export/csv';

export function rankingCsv(project: string, pages: number, tests: readonly SiteTest[]): string {
  return toCsv(
    [
      t('csvColumnProject'),
      t('csvColumnTest'),
      t('csvColumnTestKey'),
      t('csvColumnPagesAffected'),
      t('csvColumnPages'),
      t('csvColumnImportance'),
      t('csvColumnCategory'),
    ],
    tests.map((test) => [project, test.name, test.key, test.pages, pages, test.importance, test.category]),
  );
}

export function testPagesCsv(project: string, test: SiteTest, pages: readonly SitePage[]): string {
  return toCsv(
    [
      t('csvColumnProject'),
      t('csvColumnTest'),
      t('csvColumnUrl'),
      t('csvColumnScore'),
      t('csvColumnBand'),
      t('csvColumnGenerated'),
      t('csvColumnReportLink'),
    ],
    pages.map((page) => [
      project,
      test.name,
      page.pageUrl ?? page.url,
      page.score,
      page.result,
      spreadsheetTime(page.generatedAt),
      page.serviceUrl,
    ]),
  );
}

/**
 * "page-reports-example.com-failed-tests-2026-11-27.csv"; one test's pages:
 * "page-reports-example.com-failing-meta_description-2026-11-27.csv".
 */
export function downloadSiteCsv(project: string, csv: string, testKey?: string): void {
  const holds = testKey ? ['failing', testKey] : ['failed-tests'];
  downloadFile(csvFileName(new Date(), project, ...holds), csv);
}
