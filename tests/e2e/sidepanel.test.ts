// The side panel (issue 11) following the active tab. Headless Chromium shows no side panel, so the
// panel's page runs in a tab of a window, and follows that window's active tab as the real panel follows
// its own window's: the web pages are opened and switched to with the extension's own chrome.tabs calls
// from the panel, so the browser fires the same tabs.onActivated / onUpdated events a person's clicks
// fire. The panel ignores its own tab, so bringing it to the front (for the screenshot) keeps the page.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkBothSchemes, useExtension, useReferenceApi, useTestServer, type WithChrome } from './harness';
import { configure, creations } from './popup-helpers';

const extension = useExtension();
const api = useReferenceApi({ seed: false, analysisDelayMs: 300 });
const web = useTestServer();

async function openPanel(): Promise<Page> {
  const panel = await extension().context.newPage();
  await panel.setViewportSize({ width: 420, height: 800 });
  await panel.goto(extension().extensionUrl('sidepanel.html'));
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
});
