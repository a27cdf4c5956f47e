// A full storage.local in the real browser: Chrome's own quota error, met while adding a connection, becomes
// the sentence on the Settings page (what is full and what to do), not an internal error.
import { describe, expect, it } from 'vitest';
import { useExtension, useReferenceApi, type WithChrome } from './harness';

const extension = useExtension();
const api = useReferenceApi({ dialect: 'api-md', seed: false });

describe('a full storage', () => {
  it('adding a connection when the browser’s storage for the extension is full says so and what to do', async () => {
    await extension().clearStorage('local');
    const page = await extension().openOptions('#/settings');
    await page.getByLabel('API base URL').fill(api().url);
    await page.getByLabel('API key').fill(api().apiKey);
    // The first connection saved: the page starts again on it.
    const startedAgain = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await startedAgain;
    await expect
      .poll(() => page.getByRole('main').getByRole('status').innerText())
      .toContain('Settings saved.');

    // Something nothing evicts fills Chrome's quota (10,485,760 bytes) but for a few bytes.
    const worker = await extension().getServiceWorker();
    await worker.evaluate(async () => {
      const { local } = (globalThis as unknown as WithChrome).chrome.storage;
      const free = local.QUOTA_BYTES - (await local.getBytesInUse(null));
      await local.set({ filler: 'x'.repeat(free - 'filler'.length - 2 - 20) });
    });
    await page.getByRole('button', { name: 'Add another connection' }).click();
    const form = page.getByRole('form', { name: 'Add a connection' });
    await form.getByLabel('API base URL').fill(api().url);
    await form.getByLabel('API key').fill(api().apiKey);
    await page.getByRole('button', { name: 'Add connection' }).click();
    await page.getByText('The browser’s storage for this extension is full', { exact: false }).waitFor();
    expect(await page.getByRole('main').innerText()).toContain('Clear the history in Settings');
    await extension().clearStorage('local');
  });
});
