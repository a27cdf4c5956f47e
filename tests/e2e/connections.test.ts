// Several connections through the real browser: two reference APIs (one answering as API.md
// documents, one as phpRank really does), each with its own key and its
// own reports; both connections added in Settings, switched in the options page's header and in the popup's.
// Each shows its own reports, and the requests each server received prove that the key of one never reached
// the other.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useExtension, useReferenceApi, useTestServer, type ReferenceApi } from './harness';
import { bodyRows, reportsTable } from './options-helpers';
import { openWebPage } from './popup-helpers';
import { screenshot } from './support/screenshot';

const extension = useExtension();
const apiA = useReferenceApi({ dialect: 'api-md', seed: false, apiKey: 'key-of-server-a-1111' });
// One server answers as API.md documents, the other as phpRank really does.
const apiB = useReferenceApi({ seed: false, apiKey: 'key-of-server-b-2222' });
const web = useTestServer();

/** One report on each server, its address naming the server. */
function seed() {
  apiA().store.create({ url: 'https://alpha.example/only-on-a', privacy: 0 });
  apiB().store.create({ url: 'https://bravo.example/only-on-b', privacy: 0 });
  apiA().store.finishPending();
  apiB().store.finishPending();
}

async function settingsStatus(page: Page): Promise<string> {
  return (await page.getByRole('main').getByRole('status').allInnerTexts()).join(' ');
}

/** The Reports table shows this server's report and not the other one's. */
async function expectReportsOf(page: Page, own: string, other: string) {
  await page.goto(extension().extensionUrl('/options.html#/reports'));
  await expect
    .poll(() => bodyRows(reportsTable(page)).allInnerTexts())
    .toSatisfy(
      (rows: string[]) => rows.some((row) => row.includes(own)) && !rows.some((row) => row.includes(other)),
    );
}

/** Every request a server received carried its own key, and only its own. */
function expectOnlyOwnKey(api: ReferenceApi, otherKey: string) {
  expect(api.requests.length).toBeGreaterThan(0);
  for (const request of api.requests) {
    expect(request.headers.authorization).toBe(`Bearer ${api.apiKey}`);
    expect(JSON.stringify(request)).not.toContain(otherKey);
  }
}

describe('several connections', () => {
  it('adds two in Settings, switches in the options page and the popup; each key reaches its own server only', async () => {
    await extension().clearStorage('local');
    await extension().clearStorage('session');
    seed();

    // The first connection: today's Settings, with nothing more than "Add another connection".
    const page = await extension().openOptions('#/settings');
    await page.getByLabel('API base URL').fill(apiA().url);
    await page.getByLabel('API key').fill(apiA().apiKey);
    // The first connection saved: the page starts again on it.
    const startedAgain = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await startedAgain;
    await expect.poll(() => settingsStatus(page)).toContain('Settings saved.');
    expect(await page.getByRole('combobox', { name: 'Connection' }).count()).toBe(0);

    // The second, named, through "Add another connection": it becomes the active one.
    await page.getByRole('button', { name: 'Add another connection' }).click();
    await page.getByLabel('Name').fill('Server B');
    await page.getByRole('form', { name: 'Add a connection' }).getByLabel('API base URL').fill(apiB().url);
    await page.getByRole('form', { name: 'Add a connection' }).getByLabel('API key').fill(apiB().apiKey);
    await page.getByRole('button', { name: 'Add connection' }).click();
    await page.getByRole('heading', { name: 'Connections' }).waitFor();
    await expect.poll(() => settingsStatus(page)).toContain('Connection added.');
    const hostA = new URL(apiA().url).host;
    await page.getByRole('button', { name: `Rename ${hostA}` }).click();
    await page.getByLabel(`New name for ${hostA}`).fill('Server A');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByRole('button', { name: 'Make Server A active' }).waitFor();
    await page.getByText('These settings are for the active connection, Server B.').waitFor();
    await screenshot(page, 'settings-connections');
    // The page never holds a key.
    expect(await page.content()).not.toContain(apiA().apiKey);
    expect(await page.content()).not.toContain(apiB().apiKey);

    // Testing A while B is active reaches A with A's key.
    await page.getByRole('button', { name: 'Test Server A' }).click();
    await expect.poll(() => settingsStatus(page)).toContain('Connected');

    await expectReportsOf(page, 'bravo.example', 'alpha.example');

    // Switch in the options page's header.
    const switcher = page.getByRole('combobox', { name: 'Connection' });
    expect(await switcher.inputValue()).not.toBe('');
    await switcher.selectOption({ label: 'Server A' });
    await page.waitForEvent('load');
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Connection' }).locator('option:checked').innerText())
      .toBe('Server A');
    await expectReportsOf(page, 'alpha.example', 'bravo.example');
    await screenshot(page, 'options-connections');

    // Switch in the popup's header: its recent list follows.
    const popup = await extension().openActionPopup(await openWebPage(extension(), `${web().url}/article`));
    const recent = popup.getByRole('list', { name: 'Recent reports' });
    await expect.poll(() => recent.innerText()).toContain('alpha.example');
    await screenshot(popup, 'popup-connections');
    await popup.getByRole('combobox', { name: 'Connection' }).selectOption({ label: 'Server B' });
    await expect
      .poll(() => popup.getByRole('list', { name: 'Recent reports' }).innerText())
      .toContain('bravo.example');
    expect(await popup.getByRole('list', { name: 'Recent reports' }).innerText()).not.toContain(
      'alpha.example',
    );
    await extension().closeActionPopup();

    // The options page reads B again, with B's key.
    await expectReportsOf(page, 'bravo.example', 'alpha.example');

    expectOnlyOwnKey(apiA(), apiB().apiKey);
    expectOnlyOwnKey(apiB(), apiA().apiKey);
  });

  it('adds no connection whose key the service rejects until the person says so', async () => {
    const page = await extension().openOptions('#/settings');
    const connections = page.getByRole('list', { name: 'Connections' }).getByRole('listitem');
    await connections.first().waitFor();
    const before = await connections.count();
    await page.getByRole('button', { name: 'Add another connection' }).click();
    const form = page.getByRole('form', { name: 'Add a connection' });
    await form.getByLabel('Name').fill('Wrong key');
    await form.getByLabel('API base URL').fill(apiB().url);
    await form.getByLabel('API key').fill('not-the-key-of-b');
    await form.getByRole('button', { name: 'Add connection' }).click();
    await expect
      .poll(() => form.innerText())
      .toContain('The service rejected this key (401), so the connection was not added.');
    expect(await form.getByLabel('API key').getAttribute('aria-invalid')).toBe('true');
    expect(await connections.count()).toBe(before);

    // The page starts again once the connection is added.
    await Promise.all([page.waitForEvent('load'), form.getByRole('button', { name: 'Add anyway' }).click()]);
    await expect.poll(() => settingsStatus(page)).toContain('Connection added. It is now the active one.');
    await expect.poll(() => connections.count()).toBe(before + 1);
  });
});
