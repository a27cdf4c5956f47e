// What reaches the service about the page the popup is opened on: never the `user:password@` or the
// `#fragment` of the tab's address (the query, part of the page, does), and nothing at all about an
// address longer than the service accepts.
import { beforeEach, describe, expect, it } from 'vitest';
import { useExtension, useReferenceApi, useTestServer, type ReferenceApi, type WithChrome } from './harness';
import { configure, creations, openWebPage } from './popup-helpers';

const extension = useExtension();
const api = useReferenceApi();
const web = useTestServer();

/** Every request that reached the API, as sent: path (still encoded), query and body. */
function everythingSent(reference: ReferenceApi): string {
  return JSON.stringify(reference.requests.map(({ path, query, body }) => ({ path, query, body })));
}

/** The addresses of the open tabs, as the extension reads them. */
async function tabUrls(): Promise<string[]> {
  const worker = await extension().getServiceWorker();
  return worker.evaluate(async () => {
    const tabs = await (globalThis as unknown as WithChrome).chrome.tabs.query({});
    return tabs.map((tab: { url?: string }) => tab.url ?? '');
  });
}

describe('privacy: the tab’s address', () => {
  beforeEach(async () => {
    api().store.reset(false);
    // Clears the request log too: each test reads only its own requests.
    api().controls.reset();
    await configure(extension(), api().url, api().apiKey);
  });

  it('never sends user:password@ or the #fragment, neither on opening nor on create; the query goes', async () => {
    const page = `${web().url}/article?lang=en`;
    const withSecrets = `${page.replace('http://', 'http://user:secret@')}#section`;
    const tab = await openWebPage(extension(), withSecrets);
    // Chromium keeps both in the tab's address, as the extension reads it: that is what must be cleaned.
    const seen = (await tabUrls()).find((url) => url.includes('/article?lang=en'));
    expect(seen).toBe(withSecrets);

    const popup = await extension().openActionPopup(tab);
    await popup.getByText('This page has no report yet.').waitFor();
    expect(everythingSent(api())).toContain('lang=en');
    await popup.getByRole('button', { name: 'Create report' }).click();
    await popup.getByRole('article', { name: 'Report for this page' }).waitFor({ timeout: 20_000 });

    expect(creations(api()).map((request) => request.body?.url)).toEqual([page]);
    const sent = everythingSent(api());
    expect(sent).not.toContain('secret');
    expect(sent).not.toContain('user:');
    expect(sent).not.toContain('section');
    // The popup shows the address it sends.
    expect(await popup.getByText(page, { exact: true }).count()).toBe(1);
    expect(await popup.getByText(/secret|#section/).count()).toBe(0);
  });

  it('an address over 2,048 characters is said in the popup, and nothing about it is asked or sent', async () => {
    const long = `${web().url}/article?q=${'x'.repeat(2100)}`;
    const tab = await openWebPage(extension(), long);
    const popup = await extension().openActionPopup(tab);
    await popup
      .getByText(
        'This page’s address is longer than the 2,048 characters the service accepts, so it cannot be reported.',
      )
      .waitFor();
    expect(await popup.getByRole('button', { name: 'Create report' }).count()).toBe(0);
    // The recent reports are still asked for: they carry nothing of this page.
    await popup.getByRole('heading', { name: 'Recent reports' }).waitFor();
    await expect.poll(() => api().requests.length).toBeGreaterThan(0);
    expect(everythingSent(api())).not.toContain('xxxxxxxxxx');
    expect(creations(api())).toEqual([]);
  });
});
