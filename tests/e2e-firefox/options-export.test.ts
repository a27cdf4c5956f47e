// "Export CSV" in Firefox (MV2), against the reference API speaking phpRank: the export's chunk loads on
// demand, reads every page of the filtered list through the background and hands the file to an
// <a download> with a Blob URL. The Blob is read back in the page (the link's click is caught there, so no
// file lands in the machine's Downloads folder); Chromium's test (tests/e2e/options-export.test.ts) takes
// the real download.
import { beforeEach, describe, expect, it } from 'vitest';
import { connectionItems } from '../e2e/support/connection';
import { useReferenceApi } from '../e2e/support/fixtures';
import { waitFor } from '../e2e/support/wait';
import { useFirefox } from './support/fixtures';
import { byRole, click, waitForText } from './support/page-queries';

const firefox = useFirefox();
const api = useReferenceApi();

beforeEach(async () => {
  api().store.reset(true);
  await firefox().clearStorage('local');
  await firefox().setStorage('local', connectionItems(api().url, api().apiKey));
});

interface Caught {
  name: string;
  head: number[];
  text: string;
}

describe('Export CSV in Firefox', () => {
  it('exports every page of the searched list as one CSV file', async () => {
    const page = await firefox().openExtensionPage(
      'options.html#/reports?search=example&sort_by=url&sort=asc&per_page=10',
    );
    const expected = api()
      .store.reports()
      .filter((report) => report.url.toLowerCase().includes('example'))
      .map((report) => report.url);
    expect(expected.length).toBeGreaterThan(100);
    await waitForText(page, 'body', `${expected.length} reports`);
    await page.evaluate(() => {
      const caught: { name: string; head: number[]; text: string }[] = [];
      (globalThis as unknown as { caughtFiles: typeof caught }).caughtFiles = caught;
      HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
        const name = this.download;
        void fetch(this.href)
          .then((answer) => answer.arrayBuffer())
          .then((buffer) => {
            const bytes = new Uint8Array(buffer);
            // The decoder drops the byte-order mark; the first bytes keep it.
            caught.push({ name, head: [...bytes.subarray(0, 3)], text: new TextDecoder().decode(bytes) });
          });
      };
    });

    await click(page, byRole('button', 'Export CSV'));
    const file = await waitFor(
      async () =>
        (await page.evaluate(() => (globalThis as unknown as { caughtFiles: Caught[] }).caughtFiles))[0],
      { timeoutMs: 15_000, message: 'the exported file' },
    );
    await waitForText(page, 'body', `Exported ${expected.length} reports to ${file.name}.`);

    expect(file.name).toMatch(/^page-reports-search-example-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(file.head).toEqual([0xef, 0xbb, 0xbf]);
    expect(
      file.text.startsWith(
        '"URL","Project","Band","Score","Previous score","Change","Privacy","Created (UTC)","Generated (UTC)",',
      ),
    ).toBe(true);
    expect(file.text).not.toContain(api().apiKey);
    const records = file.text.split('\r\n').slice(1, -1);
    expect(records).toHaveLength(expected.length);
    expect(records.filter((record) => !/^"https?:\/\//.test(record))).toEqual([]);
    const reads = api()
      .requests.filter((request) => request.path === '/api/v1/reports' && request.query.per_page === '100')
      .map((request) => request.query.page);
    expect(reads).toEqual(['1', '2']);
  });
});
