// A project's page in Firefox, against the reference API speaking phpRank: the background reads the
// project's reports with their tests, the page ranks the failed tests, a test opens its pages, and the
// address alone (a bookmark; a new tab, as BiDi cannot reload an extension page) shows them again.
import { beforeEach, describe, expect, it } from 'vitest';
import { connectionItems } from '../e2e/support/connection';
import { useReferenceApi } from '../e2e/support/fixtures';
import { waitFor } from '../e2e/support/wait';
import { useFirefox } from './support/fixtures';
import { byRole, click, find, waitForText } from './support/page-queries';
import type { Page } from 'puppeteer-core';

const firefox = useFirefox();
const api = useReferenceApi();

const PROJECT = 'shop.example';
const PAGES = 8;

beforeEach(async () => {
  api().store.reset(false);
  for (let n = 1; n <= PAGES; n++) api().store.create({ url: `https://${PROJECT}/page-${n}`, privacy: 0 });
  api().store.create({ url: 'https://other.example/', privacy: 0 });
  await firefox().clearStorage('local');
  await firefox().clearStorage('session');
  await firefox().setStorage('local', connectionItems(api().url, api().apiKey));
});

/** How many of the project's pages fail test `key`, as the service holds them. */
function failing(key: string): number {
  return api()
    .store.reports()
    .filter((report) => report.project === PROJECT)
    .filter((report) => (report.results as Record<string, { passed: boolean }>)[key]?.passed === false)
    .length;
}

/** The ranking's rows once shown: each test's key (from its link) and its "N of M pages". */
async function ranking(page: Page): Promise<{ key: string; pages: string }[]> {
  const table = await find(page, byRole('table', 'Failed tests'));
  return waitFor(
    async () => {
      const rows = await table.$$eval('tbody tr', (trs) =>
        trs.map((tr) => ({
          key: decodeURIComponent(tr.querySelector('a')?.getAttribute('href')?.split('?test=')[1] ?? ''),
          pages: (tr.querySelector('td') as HTMLElement | null)?.innerText ?? '',
        })),
      );
      return rows.length > 0 ? rows : undefined;
    },
    { timeoutMs: 15_000, message: 'the ranking’s rows' },
  );
}

async function testPageRows(page: Page, name: string, rows: number): Promise<void> {
  const table = await find(page, byRole('table', `Pages failing “${name}”`));
  await waitFor(async () => (await table.$$('tbody tr')).length === rows || undefined, {
    timeoutMs: 10_000,
    message: `${rows} pages failing “${name}”`,
  });
}

describe('a project’s page in Firefox', () => {
  it('ranks the failed tests, opens a test’s pages, and shows them again from the address', async () => {
    const page = await firefox().openExtensionPage('options.html#/projects');
    const projects = await find(page, byRole('table', 'Projects'));
    await click(projects, byRole('link', PROJECT));
    await find(page, byRole('heading', PROJECT));

    const rows = await ranking(page);
    for (const row of rows) expect(row.pages, row.key).toBe(`${failing(row.key)} of ${PAGES} pages`);
    await waitForText(page, byRole('figure', 'Pages by result'), 'Good:');

    const top = rows[0]!;
    const link = await find(page, `${byRole('table', 'Failed tests')} tbody tr a`);
    const name = await link.evaluate((element) => (element as HTMLElement).innerText);
    await link.click();
    await testPageRows(page, name, failing(top.key));
    const address = await page.evaluate(() => location.href);
    expect(address).toContain(`#/projects/${PROJECT}?test=${encodeURIComponent(top.key)}`);

    const again = await firefox().openExtensionPage(address.slice(address.indexOf('options.html')));
    await testPageRows(again, name, failing(top.key));
  });
});
