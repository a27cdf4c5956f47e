// Settings through a real browser: Settings on the options page, against the reference API.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, seriousAxeViolations, useExtension, useReferenceApi, type WithChrome } from './harness';
import { activePair, CONNECTION_KEY, type StoredConnections } from './support/connection';

const extension = useExtension();
const api = useReferenceApi({ dialect: 'api-md' });

async function fillSettings(page: Page, baseUrl: string, key: string) {
  await page.getByLabel('API base URL').fill(baseUrl);
  await page.getByLabel('API key').fill(key);
}

const settingsStatus = (page: Page) => page.getByRole('main').getByRole('status').innerText();

/**
 * Everything in storage.local that concerns the connection: the list and the keys (its active connection's
 * address and key), and the two items they replaced.
 */
async function storedSettings() {
  const { connection, connectionKeys, ...legacy } = await extension().getStorage<{
    connection?: StoredConnections;
    connectionKeys?: Record<string, string>;
    baseUrl?: string;
    apiKey?: string;
  }>('local', [CONNECTION_KEY, 'connectionKeys', 'baseUrl', 'apiKey']);
  return connection ? { connection: activePair(connection, connectionKeys), ...legacy } : legacy;
}

describe('Settings', () => {
  it('saves a normalised base URL and the key, which the page never shows again', async () => {
    await extension().clearStorage('local');
    const page = await extension().openOptions('#/settings');
    await fillSettings(page, `${api().url}/api/v1/`, `  ${api().apiKey}  `);
    const startedAgain = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    // The first connection: the page starts again on it, and still says how the save went.
    await startedAgain;
    await expect.poll(() => settingsStatus(page)).toBe('Settings saved. The service accepted the key.');

    expect(await storedSettings()).toEqual({ connection: { baseUrl: api().url, apiKey: api().apiKey } });
    await expect.poll(() => page.getByLabel('API base URL').inputValue()).toBe(api().url);
    expect(await page.getByLabel('API key').inputValue()).toBe('');
    await expect
      .poll(() => page.locator('body').innerText())
      .toContain(`ending in ${api().apiKey.slice(-4)}`);
    expect(await page.content()).not.toContain(api().apiKey);
    await screenshot(page, 'settings-saved');

    // Every section works on it at once: Reports lists the account's reports.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Reports' }).click();
    await expect
      .poll(() => page.getByRole('table', { name: 'Reports' }).getByRole('row').count())
      .toBeGreaterThan(1);
  });

  it('tests the connection and says how many reports the account has', async () => {
    const page = await extension().openOptions('#/settings');
    await fillSettings(page, api().url, api().apiKey);
    api().controls.reset();
    await page.getByRole('button', { name: 'Test connection' }).click();
    const total = api().store.reports().length;
    await expect
      .poll(() => page.getByRole('main').getByRole('status').innerText())
      .toContain(`Connected: ${total} reports`);

    const list = api().requests.find((r) => r.method === 'GET' && r.path === '/api/v1/reports');
    expect(list?.headers.authorization).toBe(`Bearer ${api().apiKey}`);
    expect(list?.headers.accept).toContain('application/json');
    expect(list?.query).toMatchObject({ per_page: '10' });
    await screenshot(page, 'settings-connected');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'settings-connected-dark');
  });

  it('says the key was rejected when it is wrong', async () => {
    const page = await extension().openOptions('#/settings');
    await fillSettings(page, api().url, 'not-the-right-key');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => settingsStatus(page)).toContain('The service rejected this key (401)');
    await screenshot(page, 'settings-key-rejected');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('keeps the working key when Save is given one the service rejects, until the person confirms it', async () => {
    await extension().clearStorage('local');
    const page = await extension().openOptions('#/settings');
    await fillSettings(page, api().url, api().apiKey);
    // The first connection: the page starts again on it before anything more is typed.
    const startedAgain = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await startedAgain;
    await expect.poll(() => settingsStatus(page)).toContain('The service accepted the key.');

    await page.getByLabel('API key').fill('not-the-right-key');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => settingsStatus(page))
      .toBe('The service rejected this key (401), so it was not saved. Your saved key is still in use.');
    expect(await storedSettings()).toEqual({ connection: { baseUrl: api().url, apiKey: api().apiKey } });
    // The sentence that says why is read before the button that answers it, which has the focus.
    const anyway = page.getByRole('button', { name: 'Save anyway' });
    await expect.poll(() => anyway.evaluate((button) => button === document.activeElement)).toBe(true);
    const statusBeforeButton = await page
      .getByRole('main')
      .getByRole('status')
      .evaluate(
        (status, button) => !!(status.compareDocumentPosition(button!) & Node.DOCUMENT_POSITION_FOLLOWING),
        await anyway.elementHandle(),
      );
    expect(statusBeforeButton).toBe(true);
    await screenshot(page, 'settings-rejected-key');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'settings-rejected-key-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // The next request still carries the working key.
    await page.getByLabel('API key').fill('');
    api().controls.reset();
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => settingsStatus(page)).toContain('Connected:');
    const keys = new Set(api().requests.map((request) => request.headers.authorization));
    expect([...keys]).toEqual([`Bearer ${api().apiKey}`]);

    // Confirmed, the rejected key is saved.
    await page.getByLabel('API key').fill('not-the-right-key');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('button', { name: 'Save anyway' }).click();
    await expect.poll(() => settingsStatus(page)).toBe('Settings saved.');
    expect(await storedSettings()).toEqual({
      connection: { baseUrl: api().url, apiKey: 'not-the-right-key' },
    });
    expect(await page.getByRole('button', { name: 'Save anyway' }).count()).toBe(0);
  });

  it('saves while the service cannot be reached, and says the key could not be checked', async () => {
    await extension().clearStorage('local');
    const page = await extension().openOptions('#/settings');
    await fillSettings(page, api().url, api().apiKey);
    // Every request dropped, retries included: the service is down.
    api().controls.dropNext(1000);
    try {
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect
        .poll(() => settingsStatus(page), { timeout: 30_000 })
        .toBe('Settings saved, but the service could not be reached to check the key.');
    } finally {
      api().controls.dropNext(0);
    }
    expect(await storedSettings()).toEqual({ connection: { baseUrl: api().url, apiKey: api().apiKey } });
  });

  it('refuses an http address that is not on this computer, next to the field', async () => {
    const page = await extension().openOptions('#/settings');
    await fillSettings(page, 'http://reports.example.com', 'whatever');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.locator('#base-url-error').innerText()).toContain('must use https://');
    expect(await page.getByLabel('API base URL').getAttribute('aria-invalid')).toBe('true');
  });

  it('says when there is no API at the address', async () => {
    const page = await extension().openOptions('#/settings');
    // The reference API's root serves HTML; /nothing/api/v1/reports is a 404 page.
    await fillSettings(page, `${api().url}/nothing`, api().apiKey);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect
      .poll(() => page.getByRole('main').getByRole('status').innerText())
      .toMatch(/No API was found at this address/);
  });

  it('says when the server is unreachable', async () => {
    extension().allowConsoleErrors('net::ERR_CONNECTION_REFUSED');
    const page = await extension().openOptions('#/settings');
    await fillSettings(page, 'http://127.0.0.1:9', api().apiKey);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect
      .poll(() => page.getByRole('main').getByRole('status').innerText(), { timeout: 20_000 })
      .toContain('Could not reach the service');
  });

  it('keeps the settings when the service worker is stopped and started again', async () => {
    const page = await extension().openOptions('#/settings');
    await fillSettings(page, api().url, api().apiKey);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => page.getByRole('main').getByRole('status').innerText())
      .toContain('Settings saved.');

    await extension().restartServiceWorker();
    await page.reload();
    await expect.poll(() => page.getByLabel('API base URL').inputValue()).toBe(api().url);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => page.getByRole('main').getByRole('status').innerText()).toContain('Connected:');
  });

  it('moves to another address without trouble when the old one is declared by the test build', async () => {
    const page = await extension().openOptions('#/settings');
    await fillSettings(page, api().url, api().apiKey);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => page.getByRole('main').getByRole('status').innerText())
      .toContain('Settings saved.');

    // 127.0.0.1 → localhost is another permission, but one the manifest declares: it is never removed.
    const moved = api().url.replace('127.0.0.1', 'localhost');
    await fillSettings(page, moved, api().apiKey);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => storedSettings())
      .toEqual({ connection: { baseUrl: moved, apiKey: api().apiKey } });
    await expect
      .poll(() => page.getByRole('main').getByRole('status').innerText())
      .toContain('Settings saved.');
    const worker = await extension().getServiceWorker();
    const kept = await worker.evaluate(() =>
      (globalThis as unknown as WithChrome).chrome.permissions.contains({ origins: ['http://127.0.0.1/*'] }),
    );
    expect(kept).toBe(true);
  });
});
