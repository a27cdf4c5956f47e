// The sidebar (sidebar_action) in Firefox. Headless Firefox shows no sidebar, so its page runs in a tab
// and follows its window's active tab, as the sidebar follows its own window's: tabs are opened and
// switched with the extension's own browser.tabs calls, which fire the events a person's clicks fire.
import type { Page } from 'puppeteer-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { connectionItems } from '../e2e/support/connection';
import { useReferenceApi, useTestServer } from '../e2e/support/fixtures';
import { waitFor } from '../e2e/support/wait';
import { type WithBrowser } from './support/firefox';
import { useFirefox } from './support/fixtures';

const firefox = useFirefox();
const api = useReferenceApi({ analysisDelayMs: 300 });
const web = useTestServer();

beforeEach(async () => {
  api().store.reset(false);
  await firefox().clearStorage('session');
  await firefox().clearStorage('local');
  await firefox().setStorage('local', connectionItems(api().url, api().apiKey));
});

const text = (panel: Page) => panel.evaluate(() => document.body.innerText);
const showing = (panel: Page, wanted: string) =>
  waitFor(async () => ((await text(panel)).includes(wanted) ? true : undefined), {
    timeoutMs: 20_000,
    message: `the sidebar to show "${wanted}"`,
  });

function openTab(panel: Page, url: string): Promise<number> {
  return panel.evaluate(async (address) => {
    const tab = await (globalThis as unknown as WithBrowser).browser.tabs.create({
      url: address,
      active: true,
    });
    return tab.id!;
  }, url);
}

describe('the sidebar in Firefox', () => {
  it('follows the active tab: a page with a report, one without, and back from the cache', async () => {
    const withReport = `${web().url}/article?with-report`;
    const withoutReport = `${web().url}/article?no-report`;
    api().store.create({ url: withReport, privacy: 0 });
    const panel = await firefox().openExtensionPage('sidepanel.html');
    // The click a person makes once: real input over BiDi (Firefox asks for permissions only in one).
    await showing(panel, 'Follow the active tab');
    await (await panel.waitForSelector('button.primary'))!.click();

    const first = await openTab(panel, withReport);
    await showing(panel, 'Report for this page');
    await openTab(panel, withoutReport);
    await showing(panel, 'This page has no report yet.');

    const before = api().requests.length;
    await panel.evaluate(async (id) => {
      await (globalThis as unknown as WithBrowser).browser.tabs.update(id, { active: true });
    }, first);
    await showing(panel, 'Report for this page');
    expect(await text(panel)).not.toContain('This page has no report yet.');
    // A page never seen is looked up: its lookup reaching the API proves any lookup the switch back had
    // made would have arrived before it.
    await openTab(panel, `${web().url}/article?third`);
    await waitFor(
      () =>
        api()
          .requests.slice(before)
          .some((r) => r.query.search?.includes('third'))
          ? true
          : undefined,
      { timeoutMs: 20_000, message: 'the lookup of the third page' },
    );
    expect(
      api()
        .requests.slice(before)
        .filter((request) => request.query.search?.includes('with-report')),
    ).toEqual([]);
  });
});
