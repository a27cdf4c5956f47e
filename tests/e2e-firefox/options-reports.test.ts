// The options page's Reports list in Firefox, against the reference API speaking phpRank (132 demo
// reports): a search and a result filter reach the server and narrow the table; a delete is confirmed in
// its dialog and reaches the server as one DELETE.
import { isDeepStrictEqual } from 'node:util';
import { beforeEach, describe, expect, it } from 'vitest';
import { connectionItems } from '../e2e/support/connection';
import { useReferenceApi } from '../e2e/support/fixtures';
import { waitFor } from '../e2e/support/wait';
import { useFirefox } from './support/fixtures';
import { byLabel, byRole, click, count, fill, find, selectOption, waitForText } from './support/page-queries';
import type { ElementHandle, Page } from 'puppeteer-core';

const firefox = useFirefox();
const api = useReferenceApi();

const listQueries = () =>
  api()
    .requests.filter((request) => request.method === 'GET' && request.path === '/api/v1/reports')
    .map((request) => request.query);

async function waitForListQuery(expected: Record<string, string>) {
  await waitFor(() => isDeepStrictEqual(listQueries().at(-1), expected), {
    timeoutMs: 10_000,
    message: () =>
      `a list request for ${JSON.stringify(expected)} (last: ${JSON.stringify(listQueries().at(-1))})`,
  });
}

/** The addresses in the table's rows (each row's header cell), once the table shows `rows` rows. */
async function rowAddresses(page: Page, rows: number): Promise<string[]> {
  const table = await find(page, byRole('table', 'Reports'));
  return waitFor(
    async () => {
      const texts = await table.$$eval('tbody tr > th', (cells) =>
        cells.map((cell) => (cell as HTMLElement).innerText),
      );
      return texts.length === rows ? texts : undefined;
    },
    { timeoutMs: 10_000, message: `${rows} rows in the Reports table` },
  );
}

beforeEach(async () => {
  api().store.reset(true);
  await firefox().clearStorage('local');
  await firefox().setStorage('local', connectionItems(api().url, api().apiKey));
});

const DEFAULT_QUERY = { sort_by: 'id', sort: 'desc', per_page: '10', page: '1' };

describe('Reports in Firefox', () => {
  it('filters by a search and by result, then deletes a report after confirming', async () => {
    const page = await firefox().openExtensionPage('options.html#/reports');
    await rowAddresses(page, 10);
    await waitForText(page, 'body', `${api().store.reports().length} reports`);

    await fill(page, byLabel('Search by URL'), 'pricing');
    await waitForListQuery({ ...DEFAULT_QUERY, search: 'pricing', search_by: 'url' });
    await selectOption(page, byLabel('Result'), 'Good');
    await waitForListQuery({ ...DEFAULT_QUERY, search: 'pricing', search_by: 'url', result: 'good' });
    const good = api()
      .store.reports()
      .filter((report) => report.url.includes('pricing') && Number(report.result) > 79);
    expect(good.length).toBeGreaterThan(1);
    const shown = await rowAddresses(page, good.length);
    expect(shown.every((address) => address.includes('pricing'))).toBe(true);

    // Newest first: the first row is the report with the highest id.
    const target = good.reduce((newest, report) => (report.id > newest.id ? report : newest));
    const row = (await find(page, `${byRole('table', 'Reports')} tbody tr`)) as ElementHandle<Element>;
    const address = await row.$eval('th', (cell) => (cell as HTMLElement).innerText);
    expect(address).toBe(target.url);
    await click(row, byRole('button', `Delete report for ${address}`));
    const dialog = await find(page, byRole('dialog', 'Delete report?'));
    expect(await dialog.evaluate((element) => (element as HTMLElement).innerText)).toContain(address);
    await click(dialog, byRole('button', 'Delete'));

    await rowAddresses(page, good.length - 1);
    const deletes = api().requests.filter((request) => request.method === 'DELETE');
    expect(deletes.map((request) => [request.path, request.status])).toEqual([
      [`/api/v1/reports/${target.id}`, 200],
    ]);
    expect(api().store.report(target.id)).toBeUndefined();
    expect(await count(page, byRole('dialog', 'Delete report?'))).toBe(0);
  });
});
