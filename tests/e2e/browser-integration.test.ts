// The browser integration in real Chromium against the reference API (phpRank, short analyses): the
// right-click menu, the create-report shortcut, notifications and their click, and Settings' part for them.
// Headless Chromium cannot click a menu item, press a command's keys or click a notification: the tests
// call the very listeners the worker registered through `__pageReportsE2e`, which only the e2e build
// defines (entrypoints/background/integration/index.ts; web pages never reach the worker's globals).
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  checkBothSchemes,
  screenshot,
  useExtension,
  useReferenceApi,
  useTestServer,
  type WithChrome,
} from './harness';
import { configure, creations, openWebPage } from './popup-helpers';

const extension = useExtension();
const api = useReferenceApi({ analysisDelayMs: 300 });
const web = useTestServer();

interface Tab {
  id: number;
  url: string;
}

interface Hook {
  menuClicked(info: Record<string, unknown>, tab: Tab): Promise<unknown>;
  commandRan(command: string, tab: Tab): Promise<unknown>;
  notificationClicked(id: string): Promise<void>;
}
type WithHook = WithChrome & { __pageReportsE2e: Hook };

/** The tab showing `page`, as the worker knows it. */
async function tabOf(page: Page): Promise<Tab> {
  const url = page.url();
  const id = await extension().serviceWorker.evaluate(
    async (address) =>
      (await (globalThis as unknown as WithChrome).chrome.tabs.query({ url: address }))[0]?.id,
    url,
  );
  if (typeof id !== 'number') throw new Error(`no tab for ${url}`);
  return { id, url };
}

function clickMenu(info: Record<string, unknown>, tab: Tab) {
  return extension().serviceWorker.evaluate(
    ([i, t]) => (globalThis as unknown as WithHook).__pageReportsE2e.menuClicked(i, t),
    [info, tab] as const,
  );
}

async function badgeOf(tabId: number) {
  return extension().serviceWorker.evaluate(async (id) => {
    const { action } = (globalThis as unknown as WithChrome).chrome;
    return { text: await action.getBadgeText({ tabId: id }), title: await action.getTitle({ tabId: id }) };
  }, tabId);
}

function notificationIds(): Promise<string[]> {
  return extension().serviceWorker.evaluate(async () =>
    Object.keys(await (globalThis as unknown as WithChrome).chrome.notifications.getAll()),
  );
}

/** Whether the menu holds this item: updating a missing one fails. (Chrome cannot list its menu items.) */
function hasMenuItem(id: string): Promise<boolean> {
  return extension().serviceWorker.evaluate(
    (item) =>
      (globalThis as unknown as WithChrome).chrome.contextMenus.update(item, {}).then(
        () => true,
        () => false,
      ),
    id,
  );
}

async function openSettings(): Promise<Page> {
  const page = await extension().openOptions('#/settings');
  await page.getByRole('heading', { name: 'In the browser' }).waitFor();
  await expect.poll(() => page.getByRole('checkbox', { name: /right-click menu/ }).isEnabled()).toBe(true);
  return page;
}

const storedPrefs = async () =>
  (
    await extension().getStorage<{ browserIntegration?: Record<string, unknown> }>(
      'local',
      'browserIntegration',
    )
  ).browserIntegration;

describe('browser integration', () => {
  beforeEach(async () => {
    api().store.reset(false);
    api().requests.length = 0;
    await configure(extension(), api().url, api().apiKey);
  });

  it('"Create report for this page" sends the page with the privacy chosen in Settings, then shows the score on the tab’s badge', async () => {
    const settings = await openSettings();
    await settings.getByRole('radio', { name: 'Private' }).check();
    await expect.poll(storedPrefs).toMatchObject({ privacy: 1 });

    const page = await openWebPage(extension(), `${web().url}/article?menu-page`);
    const tab = await tabOf(page);
    await expect.poll(() => hasMenuItem('create-report-page')).toBe(true);
    await clickMenu({ menuItemId: 'create-report-page', pageUrl: tab.url }, tab);

    expect(creations(api()).map((request) => request.body)).toEqual([{ url: tab.url, privacy: '1' }]);
    const [report] = api().store.reports();
    const badge = await badgeOf(tab.id);
    expect(badge.text).toBe(String(Math.round(Number(report!.result))));
    expect(badge.title).toMatch(
      /^Report created: Result for 127\.0\.0\.1:\d+\/article\?menu-page: (Good|Decent|Bad) · \d+$/,
    );

    // Another page in that tab: the browser itself drops a tab's badge on navigation (checked: with no code of
    // ours clearing it, it goes), so a score never stays on a page it was not made for.
    await page.goto(`${web().url}/article?elsewhere`);
    await expect.poll(async () => (await badgeOf(tab.id)).text).toBe('');
    extension().expectNoConsoleErrors();
  });

  it('"Create report for this link" with notifications on: a notification says so, and its click opens the report’s details', async () => {
    const settings = await openSettings();
    const notify = settings.getByRole('checkbox', { name: /Notify me/ });
    await notify.check();
    await expect.poll(storedPrefs).toMatchObject({ notifications: true });
    expect(await notify.isChecked()).toBe(true);

    const page = await openWebPage(extension(), `${web().url}/article?menu-link`);
    const tab = await tabOf(page);
    const link = `${web().url}/article?linked`;
    await clickMenu({ menuItemId: 'create-report-link', pageUrl: tab.url, linkUrl: link }, tab);

    expect(creations(api()).map((request) => request.body)).toEqual([{ url: link, privacy: '0' }]);
    const [report] = api().store.reports();
    const [id, ...others] = await notificationIds();
    expect(others).toEqual([]);
    expect(id).toMatch(new RegExp(`^page-reports:report:${report!.id}:\\d+$`));
    expect((await badgeOf(tab.id)).text).toBe('');

    const opened = extension().context.waitForEvent('page');
    await extension().serviceWorker.evaluate(
      (notification) =>
        (globalThis as unknown as WithHook).__pageReportsE2e.notificationClicked(notification),
      id!,
    );
    const details = await opened;
    // The page then writes its full list state into the address, keeping the details.
    expect(details.url()).toMatch(
      new RegExp(`^${extension().extensionUrl('options.html')}#/reports\\?(.+&)?details=${report!.id}$`),
    );
    await details.getByRole('region', { name: 'Report details' }).getByText('All fields').waitFor();
    expect(await notificationIds()).toEqual([]);
    extension().expectNoConsoleErrors();
  });

  it('the create-report shortcut creates a report for the current page directly', async () => {
    const page = await openWebPage(extension(), `${web().url}/article?shortcut`);
    const tab = await tabOf(page);
    await extension().serviceWorker.evaluate(
      (t) => (globalThis as unknown as WithHook).__pageReportsE2e.commandRan('create-report', t),
      tab,
    );
    expect(creations(api()).map((request) => request.body)).toEqual([{ url: tab.url, privacy: '0' }]);
    expect((await badgeOf(tab.id)).text).toMatch(/^\d{1,3}$/);
  });

  it('the shortcut on a page with a report regenerates it: no second report', async () => {
    const page = await openWebPage(extension(), `${web().url}/article?has-one`);
    const tab = await tabOf(page);
    const existing = api().store.create({ url: tab.url, privacy: 0 });
    await extension().serviceWorker.evaluate(
      (t) => (globalThis as unknown as WithHook).__pageReportsE2e.commandRan('create-report', t),
      tab,
    );
    expect(creations(api())).toEqual([]);
    const updates = api().requests.filter((request) => request.method === 'PATCH');
    expect(updates.map((request) => [request.path, request.body])).toEqual([
      [`/api/v1/reports/${existing.id}`, { results: '1' }],
    ]);
    expect(api().store.reports()).toHaveLength(1);
    expect((await badgeOf(tab.id)).title).toMatch(/^It had a report: results regenerated: /);
  });

  it('the menu when the page cannot be looked up (key rejected): nothing created, the badge says why', async () => {
    const page = await openWebPage(extension(), `${web().url}/article?not-checked`);
    const tab = await tabOf(page);
    api().controls.forceStatus(401, 10, undefined, undefined, { method: 'GET' });
    await clickMenu({ menuItemId: 'create-report-page', pageUrl: tab.url }, tab);
    expect(creations(api())).toEqual([]);
    expect(await badgeOf(tab.id)).toEqual({
      text: '!',
      title: expect.stringContaining(
        'Page Reports could not check whether it already has a report, so it made none. The service rejected your API key.',
      ),
    });
    api().controls.reset();
  });

  it('refuses a page that is not on the web, as the popup does, and says why on the badge', async () => {
    const page = await openWebPage(extension(), `${web().url}/article?refused`);
    const tab = await tabOf(page);
    await clickMenu(
      { menuItemId: 'create-report-link', pageUrl: tab.url, linkUrl: 'file:///etc/hosts' },
      tab,
    );
    expect(creations(api())).toEqual([]);
    expect(await badgeOf(tab.id)).toEqual({
      text: '!',
      title: expect.stringContaining('This is a file on your computer, which the service cannot open.'),
    });
  });

  it('a create started in the popup that ends after the popup closed is notified', async () => {
    api().controls.setAnalysisDelay(3000);
    const settings = await openSettings();
    await settings.getByRole('checkbox', { name: /Notify me/ }).check();
    await expect.poll(storedPrefs).toMatchObject({ notifications: true });

    const page = await openWebPage(extension(), `${web().url}/article?popup-closed`);
    const popup = await extension().openActionPopup(page);
    await popup.getByRole('button', { name: 'Create report' }).click();
    await expect.poll(() => creations(api()).length).toBe(1);
    await extension().closeActionPopup();
    await expect.poll(notificationIds, { timeout: 15_000 }).toHaveLength(1);
  });

  it('Settings turns the menu off and on at once, and lists the shortcuts with a way to change them', async () => {
    const settings = await openSettings();
    const menu = settings.getByRole('checkbox', { name: /right-click menu/ });
    expect(await menu.isChecked()).toBe(true);
    await expect.poll(() => hasMenuItem('create-report-link')).toBe(true);
    await menu.uncheck();
    await expect.poll(() => hasMenuItem('create-report-link')).toBe(false);
    expect(await hasMenuItem('create-report-page')).toBe(false);
    await menu.check();
    await expect.poll(() => hasMenuItem('create-report-page')).toBe(true);

    // What the browser reports, row by row. (Headless Chromium with --load-extension assigns no suggested
    // key: getAll() answers '' for both, so the rows say "Not set"; the manifest's keys are checked by the
    // smoke test and scripts/check-build.mjs.)
    const commands = await extension().serviceWorker.evaluate(() =>
      (globalThis as unknown as WithChrome).chrome.commands.getAll(),
    );
    const shown = (name: string) => commands.find((command) => command.name === name)?.shortcut || 'Not set';
    const shortcuts = settings.getByRole('table', { name: 'Keyboard shortcuts' });
    await expect
      .poll(() => shortcuts.getByRole('row').allInnerTexts())
      .toEqual([
        `Open Page Reports\t${shown('_execute_action')}`,
        `Create a report for this page\t${shown('create-report')}`,
      ]);
    await screenshot(settings, 'settings-browser-integration');
    expect((await checkBothSchemes(settings, 'settings-browser-integration')).violations).toEqual([]);

    const opened = extension().context.waitForEvent('page');
    await settings.getByRole('button', { name: 'Change shortcuts' }).click();
    expect((await opened).url()).toBe('chrome://extensions/shortcuts');
  });
});
