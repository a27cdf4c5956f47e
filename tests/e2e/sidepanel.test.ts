// The side panel following the active tab. Headless Chromium shows no side panel, so the
// panel's page runs in a tab of a window, and follows that window's active tab as the real panel follows
// its own window's: the web pages are opened and switched to with the extension's own chrome.tabs calls
// from the panel, so the browser fires the same tabs.onActivated / onUpdated events a person's clicks
// fire. The panel ignores its own tab, so bringing it to the front (for the screenshot) keeps the page.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkBothSchemes, useExtension, useReferenceApi, useTestServer, type WithChrome } from './harness';
import { configure, creations } from './popup-helpers';

const extension = useExtension();
const api = useReferenceApi({ seed: false, analysisDelayMs: 300 });
const web = useTestServer();

/**
 * Opens the panel's page and lets it follow tabs: the click a person makes once (the e2e build holds
 * `tabs` outright, so the browser's prompt, which headless Chromium cannot answer, does not show).
 */
async function openPanel(): Promise<Page> {
  const panel = await extension().context.newPage();
  await panel.setViewportSize({ width: 420, height: 800 });
  await panel.goto(extension().extensionUrl('sidepanel.html'));
  await panel.getByRole('button', { name: 'Follow the active tab' }).click();
  return panel;
}

/** Opens `url` in a new active tab of the panel's window; returns its tab id. */
function openTab(panel: Page, url: string): Promise<number> {
  return panel.evaluate(async (url) => {
    const { chrome } = globalThis as unknown as WithChrome;
    const tab = await chrome.tabs.create({ url, active: true });
    return tab.id!;
  }, url);
}

function switchTo(panel: Page, tabId: number): Promise<unknown> {
  return panel.evaluate(async (tabId) => {
    const { chrome } = globalThis as unknown as WithChrome;
    await chrome.tabs.update(tabId, { active: true });
  }, tabId);
}

/**
 * Opens Chrome's real side panel: `sidePanel.open()` needs a user gesture, which Playwright's click in an
 * extension page gives (the worker alone is refused). The panel is no page of the persistent context:
 * it is found over a second CDP connection, as the action popup is (support/extension.ts).
 */
async function openRealSidePanel(trigger: Page): Promise<{ panel: Page; browser: Browser }> {
  await trigger.evaluate(() => {
    const { chrome } = globalThis as unknown as WithChrome & {
      chrome: { sidePanel: { open(options: { windowId: number }): Promise<void> } };
    };
    const button = document.createElement('button');
    button.textContent = 'Open the side panel (test)';
    button.addEventListener('click', () => {
      void chrome.windows.getCurrent().then(({ id }) =>
        chrome.sidePanel.open({ windowId: id! }).then(
          () => (button.dataset.opened = 'yes'),
          (error: unknown) => (button.dataset.opened = String(error)),
        ),
      );
    });
    document.body.prepend(button);
  });
  const button = trigger.getByRole('button', { name: 'Open the side panel (test)' });
  await button.click();
  await expect.poll(() => button.getAttribute('data-opened')).toBe('yes');
  const port = (await readFile(join(extension().userDataDir, 'DevToolsActivePort'), 'utf8')).split('\n')[0];
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const isPanel = (page: Page) => page.url() === extension().extensionUrl('sidepanel.html');
  const pages = () => browser.contexts().flatMap((context) => context.pages());
  await expect.poll(() => pages().some(isPanel)).toBe(true);
  return { panel: pages().find(isPanel)!, browser };
}

const apiRequests = () => api().requests.filter((request) => request.path.startsWith('/api/'));

describe('side panel: follows the active tab', () => {
  it('shows each tab’s report or its absence, asks nothing again on a switch back, and creates', async () => {
    api().store.reset(false);
    await configure(extension(), api().url, api().apiKey);
    const withReport = `${web().url}/article?with-report`;
    const withoutReport = `${web().url}/article?no-report`;
    const third = `${web().url}/article?third`;
    api().store.create({ url: withReport, privacy: 0 });

    const panel = await openPanel();
    const card = panel.getByRole('article', { name: 'Report for this page' });
    const none = panel.getByText('This page has no report yet.');
    const pageUrl = (url: string) => panel.getByTitle(url, { exact: true });

    const tabWith = await openTab(panel, withReport);
    await pageUrl(withReport).waitFor();
    await card.waitFor();
    expect(await none.count()).toBe(0);

    const tabWithout = await openTab(panel, withoutReport);
    await pageUrl(withoutReport).waitFor();
    await none.waitFor();
    expect(await card.count()).toBe(0);

    // Back to the first page: the cache answers, the service is not asked.
    const before = apiRequests().length;
    await switchTo(panel, tabWith);
    await pageUrl(withReport).waitFor();
    await card.waitFor();
    expect(await none.count()).toBe(0);
    // A page never seen must be looked up: its lookup proves the panel asks when it has to, and any
    // lookup the switch back had made would have reached the API before it.
    await openTab(panel, third);
    await pageUrl(third).waitFor();
    await expect.poll(() => apiRequests().length).toBeGreaterThan(before);
    const afterSwitchBack = apiRequests().slice(before);
    expect(afterSwitchBack[0]?.query.search).toContain('article?third');

    // And the page without a report, again from the cache, then a create from the panel.
    const beforeCreate = apiRequests().length;
    await switchTo(panel, tabWithout);
    await none.waitFor();
    await panel.getByRole('button', { name: 'Create report' }).click();
    await card.waitFor();
    expect(creations(api()).map((request) => request.body)).toEqual([{ url: withoutReport, privacy: '0' }]);
    expect(apiRequests()[beforeCreate]?.method).toBe('POST');
    await card.getByText(/^(Good|Decent|Bad)/).waitFor({ timeout: 15_000 });

    // The panel's tab in front: it ignores its own tab and keeps showing the page.
    await panel.bringToFront();
    await pageUrl(withoutReport).waitFor();
    const checked = await checkBothSchemes(panel, 'sidepanel');
    expect(checked.violations).toEqual([]);
    extension().expectNoConsoleErrors();
  });

  it('follows the active tab navigating to another page', async () => {
    api().store.reset(false);
    await configure(extension(), api().url, api().apiKey);
    const first = `${web().url}/article?first`;
    const second = `${web().url}/article?second`;
    api().store.create({ url: second, privacy: 0 });
    const panel = await openPanel();
    const tabId = await openTab(panel, first);
    await panel.getByText('This page has no report yet.').waitFor();
    await panel.evaluate(
      async ([tabId, url]) => {
        const { chrome } = globalThis as unknown as WithChrome;
        await chrome.tabs.update(tabId as number, { url: url as string });
      },
      [tabId, second],
    );
    await panel.getByTitle(second, { exact: true }).waitFor();
    await panel.getByRole('article', { name: 'Report for this page' }).waitFor();
  });

  it('in Chrome’s real side panel, follows two tabs of its window', async () => {
    api().store.reset(false);
    await configure(extension(), api().url, api().apiKey);
    const withReport = `${web().url}/article?real-with`;
    const withoutReport = `${web().url}/article?real-without`;
    api().store.create({ url: withReport, privacy: 0 });
    const trigger = await extension().openOptions();
    const { panel, browser } = await openRealSidePanel(trigger);
    try {
      const follow = panel.getByRole('button', { name: 'Follow the active tab' });
      await follow.waitFor();
      expect((await checkBothSchemes(panel, 'sidepanel-ask')).violations).toEqual([]);
      await follow.click();
      const tabWith = await openTab(trigger, withReport);
      await panel.getByTitle(withReport, { exact: true }).waitFor();
      await panel.getByRole('article', { name: 'Report for this page' }).waitFor();
      const tabWithout = await openTab(trigger, withoutReport);
      await panel.getByTitle(withoutReport, { exact: true }).waitFor();
      await panel.getByText('This page has no report yet.').waitFor();
      await switchTo(trigger, tabWith);
      await panel.getByTitle(withReport, { exact: true }).waitFor();
      await switchTo(trigger, tabWithout);
      await panel.getByTitle(withoutReport, { exact: true }).waitFor();
      expect(await panel.evaluate(() => document.body.clientWidth)).toBeGreaterThan(200);
      await panel.getByRole('button', { name: 'Create report' }).waitFor();
      const checked = await checkBothSchemes(panel, 'sidepanel-real');
      expect(checked.violations).toEqual([]);
      extension().expectNoConsoleErrors();
    } finally {
      await browser.close();
    }
  });
});
