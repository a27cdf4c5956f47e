// The opt-in toolbar score in real Chromium against the reference API (phpRank): turned on in Settings,
// each tab's badge shows the score of its page's newest report from the local index; switching tabs asks
// the service nothing; a create refreshes the index; turned off, the badges go and no request ever
// carries a tab's address.
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { articlePage } from './support/test-server';
import {
  checkBothSchemes,
  useExtension,
  useReferenceApi,
  useTestServer,
  type ReferenceApi,
  type WithChrome,
} from './harness';
import { configure, openWebPage } from './popup-helpers';

const extension = useExtension();
const api = useReferenceApi();
const web = useTestServer({ '/second': articlePage });

const LABEL = 'Show this page’s score on the toolbar icon';
// entrypoints/background/score-badge.ts BADGE_COLOURS, as Chromium answers them (RGBA).
const COLOURS = { Good: [21, 128, 61, 255], Decent: [161, 98, 7, 255], Bad: [207, 34, 46, 255] };

function bandOf(score: number): keyof typeof COLOURS {
  const shown = Math.round(score);
  return shown > 79 ? 'Good' : shown >= 49 ? 'Decent' : 'Bad';
}

async function worker() {
  return extension().getServiceWorker();
}

async function tabIdOf(url: string): Promise<number> {
  const id = await (
    await worker()
  ).evaluate(async (wanted) => {
    const chrome = (globalThis as unknown as WithChrome).chrome;
    return (await chrome.tabs.query({})).find((tab) => tab.url === wanted)?.id;
  }, url);
  if (id === undefined) throw new Error(`no tab at ${url}`);
  return id;
}

async function badgeOf(tabId: number): Promise<{ text: string; colour: number[]; title: string }> {
  return (await worker()).evaluate(async (id) => {
    const { action } = (globalThis as unknown as WithChrome).chrome;
    return {
      text: await action.getBadgeText({ tabId: id }),
      colour: (await action.getBadgeBackgroundColor({ tabId: id })) as number[],
      title: await action.getTitle({ tabId: id }),
    };
  }, tabId);
}

const badgeText = async (tabId: number) => (await badgeOf(tabId)).text;

/** Makes the tab the active one, as a person clicking it does. */
async function activate(tabId: number): Promise<void> {
  await (
    await worker()
  ).evaluate(async (id) => {
    await (globalThis as unknown as WithChrome).chrome.tabs.update(id, { active: true });
  }, tabId);
}

/**
 * Activates the tab and resolves once the worker got the switch: a listener added after the extension's
 * hears it, so the extension's own listener has been called. With the setting off nothing shows it
 * otherwise (the background writes nothing).
 */
async function activateSeen(tabId: number): Promise<void> {
  await (
    await worker()
  ).evaluate(async (id) => {
    const { tabs } = (globalThis as unknown as WithChrome).chrome;
    const seen = new Promise<void>((resolve) => {
      const heard = (info: { tabId: number }) => {
        if (info.tabId !== id) return;
        tabs.onActivated.removeListener(heard);
        resolve();
      };
      tabs.onActivated.addListener(heard);
    });
    await tabs.update(id, { active: true });
    await seen;
  }, tabId);
}

/** Navigates the page and resolves once the worker got its tab's "complete" update (as activateSeen). */
async function navigateSeen(page: Page, url: string): Promise<void> {
  const seen = (await worker()).evaluate(
    (wanted) =>
      new Promise<void>((resolve) => {
        const { tabs } = (globalThis as unknown as WithChrome).chrome;
        const heard = (_id: number, change: { status?: string }, tab: { url?: string }) => {
          if (change.status !== 'complete' || tab.url !== wanted) return;
          tabs.onUpdated.removeListener(heard);
          resolve();
        };
        tabs.onUpdated.addListener(heard);
      }),
    url,
  );
  // The listener is in place before the navigation starts.
  await (await worker()).evaluate(() => undefined);
  await page.goto(url);
  await seen;
}

/** Writes a mark on a tab's badge, so the background writing it again proves that it handled an event. */
async function mark(tabId: number): Promise<void> {
  await (
    await worker()
  ).evaluate(
    (id) => (globalThis as unknown as WithChrome).chrome.action.setBadgeText({ tabId: id, text: '?' }),
    tabId,
  );
}

async function alarmNames(): Promise<string[]> {
  return (await worker()).evaluate(async () =>
    (await (globalThis as unknown as WithChrome).chrome.alarms.getAll()).map((alarm) => alarm.name),
  );
}

/** Turns the setting on or off in Settings, by its checkbox (the permission asked for in the click). */
async function setToolbarScore(on: boolean): Promise<void> {
  const page = await extension().openOptions('#/settings');
  const box = page.getByRole('checkbox', { name: LABEL });
  await box.waitFor();
  await expect.poll(() => box.isEnabled()).toBe(true);
  if ((await box.isChecked()) !== on) await box.click();
  await expect.poll(() => box.isChecked()).toBe(on);
  await expect
    .poll(async () => (await extension().getStorage('local', 'toolbarScore')).toolbarScore)
    .toBe(on);
  await page.close();
}

/** The bulk reads of the index: the report list, 100 a page, with no search. */
function indexReads(reference: ReferenceApi) {
  return reference.requests.filter(
    (r) =>
      r.method === 'GET' && r.path === '/api/v1/reports' && r.query.per_page === '100' && !r.query.search,
  );
}

/** Every request that reached the API, as sent: path, query and body. */
function everythingSent(reference: ReferenceApi): string {
  return JSON.stringify(reference.requests.map(({ path, query, body }) => ({ path, query, body })));
}

describe('the toolbar score', () => {
  beforeEach(async () => {
    api().store.reset(false);
    api().controls.reset();
    await configure(extension(), api().url, api().apiKey);
  });

  it('on: shows the score of the page with a report, nothing on the other, and tab switches ask the service nothing', async () => {
    const withReport = `${web().url}/article`;
    const without = `${web().url}/second`;
    const report = api().store.create({ url: withReport, privacy: 0 });
    const score = Math.round(Number(report.result));
    await openWebPage(extension(), withReport);
    await openWebPage(extension(), without);
    const [a, b] = [await tabIdOf(withReport), await tabIdOf(without)];

    await setToolbarScore(true);
    await expect.poll(() => badgeText(a), { timeout: 15_000 }).toBe(String(score));
    const band = bandOf(score);
    const shown = await badgeOf(a);
    expect(shown.colour).toEqual(COLOURS[band]);
    expect(shown.title).toMatch(new RegExp(`^Page Reports — ${band} · ${score}, generated .*\\d{4}`));
    expect(await badgeOf(b)).toMatchObject({ text: '', title: 'Page Reports' });
    expect(indexReads(api())).toHaveLength(1);

    // Settings shows it on, in both colour schemes, without accessibility violations.
    const settings = await extension().openOptions('#/settings');
    await expect.poll(() => settings.getByRole('checkbox', { name: LABEL }).isChecked()).toBe(true);
    expect((await checkBothSchemes(settings, 'settings-toolbar-score')).violations).toEqual([]);
    await settings.close();

    // From b, so that each step below is a real switch (activating the active tab is no event).
    await activate(b);
    const before = api().requests.length;
    for (let i = 0; i < 5; i++) {
      await mark(a);
      await activate(a);
      await expect.poll(() => badgeText(a)).toBe(String(score));
      await mark(b);
      await activate(b);
      await expect.poll(() => badgeText(b)).toBe('');
    }
    expect(api().requests.slice(before)).toEqual([]);
  });

  it('a create the extension makes refreshes the index, and the page gets its score', async () => {
    const page = `${web().url}/second`;
    await openWebPage(extension(), page);
    const tab = await tabIdOf(page);
    await setToolbarScore(true);
    await expect.poll(() => indexReads(api()).length).toBe(1);
    expect(await badgeText(tab)).toBe('');

    // Through the background's message, as the popup's Create report sends it.
    const options = await extension().openOptions('#/settings');
    const answer = await options.evaluate(async (url) => {
      const { chrome } = globalThis as unknown as WithChrome;
      // The message names the connection the page shows, as send() does.
      const shown = await chrome.storage.session.get(['activeConnection', 'activeAccount']);
      const connection = { id: shown.activeConnection, account: shown.activeAccount };
      return chrome.runtime.sendMessage({
        type: 'reports.create',
        payload: { connection, url, privacy: 0 },
      }) as Promise<{ ok: boolean; data?: { score: number } }>;
    }, page);
    expect(answer.ok).toBe(true);
    const score = Math.round(answer.data!.score);
    await expect.poll(() => badgeText(tab), { timeout: 15_000 }).toBe(String(score));
    // The bulk refresh after the create.
    await expect.poll(() => indexReads(api()).length, { timeout: 15_000 }).toBe(2);
    expect((await badgeOf(tab)).colour).toEqual(COLOURS[bandOf(score)]);
  });

  it('off: no badge, no index, and no request carries a tab’s address', async () => {
    const withReport = `${web().url}/article`;
    const without = `${web().url}/second`;
    const report = api().store.create({ url: withReport, privacy: 0 });
    await openWebPage(extension(), withReport);
    await openWebPage(extension(), without);
    const [a, b] = [await tabIdOf(withReport), await tabIdOf(without)];
    const score = String(Math.round(Number(report.result)));
    // Off by default: nothing asked, nothing shown.
    await activateSeen(a);
    await activateSeen(b);
    expect(await badgeText(a)).toBe('');

    // Turned on after the switches, it is handled after them and ends with the badge written: what they
    // asked for would have reached the service by then. Only the one bulk read did.
    await setToolbarScore(true);
    await expect.poll(() => badgeText(a), { timeout: 15_000 }).toBe(score);
    expect(api().requests).toEqual(indexReads(api()));
    expect(api().requests).toHaveLength(1);
    await setToolbarScore(false);
    await expect.poll(() => badgeText(a)).toBe('');
    expect(await badgeOf(a)).toMatchObject({ text: '', title: 'Page Reports' });
    expect(await badgeText(b)).toBe('');
    expect(await alarmNames()).not.toContain('score-index-refresh');

    // Switching and navigating tabs now: the background writes nothing and asks nothing.
    const reads = api().requests.length;
    await activateSeen(a);
    await activateSeen(b);
    const tab = extension()
      .context.pages()
      .find((p) => p.url() === without)!;
    await navigateSeen(tab, `${without}?again`);
    expect(await badgeText(a)).toBe('');
    // As above: turned on again, the badge shows once the worker got past the switches; since them, only
    // the bulk read of turning it on reached the service.
    await setToolbarScore(true);
    await expect.poll(() => badgeText(a), { timeout: 15_000 }).toBe(score);
    expect(api().requests.slice(reads)).toEqual(indexReads(api()).slice(-1));

    // Only the bulk reads reached the service, and nothing in any request names the test pages' host.
    expect(api().requests.every((r) => r.method === 'GET' && r.path === '/api/v1/reports')).toBe(true);
    const host = new URL(web().url).host;
    expect(everythingSent(api())).not.toContain(host);
    expect(everythingSent(api())).not.toContain(encodeURIComponent(host));
  });
});
