// Every open page follows a switch made anywhere, and acts only on the connection it shows. Two reference
// APIs, A and B, each with a report for the same page under another id; a page open on A while B is made
// active in the options page's header shows B, and its Regenerate goes to B's own report, never to A's id
// on B's server.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useExtension, useReferenceApi, useTestServer, type ReferenceApi, type WithChrome } from './harness';
import { openWebPage } from './popup-helpers';
import { connectionsItems } from './support/connection';

const extension = useExtension();
const apiA = useReferenceApi({ seed: false, apiKey: 'key-of-server-a-1111' });
const apiB = useReferenceApi({ seed: false, apiKey: 'key-of-server-b-2222' });
const web = useTestServer();

/** The page's report on each server: A's under id 3 (two others first), B's under id 1. */
async function setUp(): Promise<{ pageUrl: string; idOnA: number; idOnB: number }> {
  const pageUrl = `${web().url}/article`;
  apiA().store.create({ url: 'https://alpha.example/one', privacy: 0 });
  apiA().store.create({ url: 'https://alpha.example/two', privacy: 0 });
  const onA = apiA().store.create({ url: pageUrl, privacy: 0 });
  const onB = apiB().store.create({ url: pageUrl, privacy: 0 });
  apiA().store.finishPending();
  apiB().store.finishPending();
  await extension().clearStorage('session');
  await extension().clearStorage('local');
  await extension().setStorage(
    'local',
    connectionsItems([
      { id: 'a', label: 'Server A', baseUrl: apiA().url, apiKey: apiA().apiKey },
      { id: 'b', label: 'Server B', baseUrl: apiB().url, apiKey: apiB().apiKey },
    ]),
  );
  expect(Number(onA.id)).not.toBe(Number(onB.id));
  return { pageUrl, idOnA: Number(onA.id), idOnB: Number(onB.id) };
}

const regenerations = (api: ReferenceApi) =>
  api.requests.filter((request) => request.method === 'PATCH').map((request) => request.path);

/** Makes B active in the options page's header (opened beforehand: focusing a tab would close the popup). */
async function switchToB(options: Page): Promise<void> {
  const reloaded = options.waitForEvent('load');
  await options.getByRole('combobox', { name: 'Connection' }).selectOption({ label: 'Server B' });
  await reloaded;
  await options.close();
}

/** The connection a page names in its header's switcher. */
const shownConnection = (page: Page) =>
  page.getByRole('combobox', { name: 'Connection' }).locator('option:checked').innerText();

async function regenerate(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Regenerate' }).click();
  await expect.poll(() => regenerations(apiA()).length + regenerations(apiB()).length).toBe(1);
}

describe('a page open on A while B becomes active elsewhere', () => {
  it('the popup shows B, and its Regenerate reaches B’s own report, never A’s id on B', async () => {
    const { pageUrl, idOnA, idOnB } = await setUp();
    const options = await extension().openOptions('#/reports');
    const popup = await extension().openActionPopup(await openWebPage(extension(), pageUrl));
    await popup.getByRole('button', { name: 'Regenerate' }).waitFor();
    const reloaded = popup.waitForEvent('load');

    await switchToB(options);
    await reloaded;
    await regenerate(popup);

    expect(regenerations(apiB())).not.toContain(`/api/v1/reports/${idOnA}`);
    expect(regenerations(apiB())).toEqual([`/api/v1/reports/${idOnB}`]);
    expect(regenerations(apiA())).toEqual([]);
    await extension().closeActionPopup();
  });

  it('the side panel shows B, and its Regenerate reaches B’s own report, never A’s id on B', async () => {
    const { pageUrl, idOnA, idOnB } = await setUp();
    const panel = await extension().context.newPage();
    await panel.goto(extension().extensionUrl('sidepanel.html'));
    await panel.getByRole('button', { name: 'Follow the active tab' }).click();
    await panel.evaluate(async (url) => {
      const { chrome } = globalThis as unknown as WithChrome;
      await chrome.tabs.create({ url, active: true });
    }, pageUrl);
    await panel.getByRole('button', { name: 'Regenerate' }).waitFor();
    await expect.poll(() => shownConnection(panel)).toBe('Server A');
    const reloaded = panel.waitForEvent('load');

    await switchToB(await extension().openOptions('#/reports'));
    await reloaded;
    await expect.poll(() => shownConnection(panel)).toBe('Server B');
    await regenerate(panel);

    expect(regenerations(apiB())).not.toContain(`/api/v1/reports/${idOnA}`);
    expect(regenerations(apiB())).toEqual([`/api/v1/reports/${idOnB}`]);
    expect(regenerations(apiA())).toEqual([]);
    await panel.close();
  });
});
