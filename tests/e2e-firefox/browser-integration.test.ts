// The right-click menu and the create-report shortcut in Firefox, against the reference API speaking
// phpRank. Headless Firefox cannot open a context menu or press a command's keys: the tests call the very
// listeners the background registered, through `__pageReportsE2e`, which only the e2e build defines
// (entrypoints/background/integration/index.ts), reached from an extension tab via getBackgroundPage().
import { beforeEach, describe, expect, it } from 'vitest';
import { connectionItems } from '../e2e/support/connection';
import { useReferenceApi, useTestServer } from '../e2e/support/fixtures';
import { useFirefox } from './support/fixtures';

const firefox = useFirefox();
const api = useReferenceApi({ analysisDelayMs: 300 });
const web = useTestServer();

const creations = () =>
  api()
    .requests.filter((request) => request.method === 'POST' && request.path === '/api/v1/reports')
    .map((request) => request.body);

/** The tab's badge text and tooltip (Firefox's MV2 browserAction). */
function badgeOf(tabId: number): Promise<{ text: string; title: string }> {
  return firefox().controller.evaluate(async (id) => {
    const action = (
      globalThis as unknown as {
        browser: {
          browserAction: {
            getBadgeText(d: { tabId: number }): Promise<string>;
            getTitle(d: { tabId: number }): Promise<string>;
          };
        };
      }
    ).browser.browserAction;
    return { text: await action.getBadgeText({ tabId: id }), title: await action.getTitle({ tabId: id }) };
  }, tabId);
}

beforeEach(async () => {
  api().store.reset(false);
  await firefox().clearStorage('session');
  await firefox().clearStorage('local');
  await firefox().setStorage('local', {
    ...connectionItems(api().url, api().apiKey),
    // Settings' choice for reports made from the menu or the shortcut (lib/settings/items.ts).
    browserIntegration: { menu: true, privacy: 1, notifications: false },
  });
});

describe('browser integration in Firefox', () => {
  it('"Create report for this page" sends the page with the privacy chosen in Settings and shows the score on the tab’s badge', async () => {
    const page = await firefox().openWebPage(`${web().url}/article?ff-menu-page`);
    const tab = await firefox().tabFor(page);
    await firefox().callBackgroundHook(
      'menuClicked',
      { menuItemId: 'create-report-page', pageUrl: tab.url },
      tab,
    );

    expect(creations()).toEqual([{ url: tab.url, privacy: '1' }]);
    const [report] = api().store.reports();
    const badge = await badgeOf(tab.id);
    expect(badge.text).toBe(String(Math.round(Number(report!.result))));
    expect(badge.title).toMatch(/^Report created: Result for 127\.0\.0\.1:\d+\/article\?ff-menu-page: /);
  });

  it('"Create report for this link" sends the link, not the page', async () => {
    const page = await firefox().openWebPage(`${web().url}/article?ff-menu-link`);
    const tab = await firefox().tabFor(page);
    const link = `${web().url}/article?ff-linked`;
    await firefox().callBackgroundHook(
      'menuClicked',
      { menuItemId: 'create-report-link', pageUrl: tab.url, linkUrl: link },
      tab,
    );
    expect(creations()).toEqual([{ url: link, privacy: '1' }]);
  });

  it('the create-report shortcut sends the current page; a page of the browser is refused without a request', async () => {
    const page = await firefox().openWebPage(`${web().url}/article?ff-command`);
    const tab = await firefox().tabFor(page);
    await firefox().callBackgroundHook('commandRan', 'create-report', tab);
    expect(creations()).toEqual([{ url: tab.url, privacy: '1' }]);

    await firefox().callBackgroundHook('commandRan', 'create-report', { ...tab, url: 'about:addons' });
    expect(creations()).toHaveLength(1);
    expect((await badgeOf(tab.id)).text).toBe('!');
  });
});
