// The side panel: the popup's views for the followed tab, asking the service only when the report store
// has no answer from the last five minutes; and the `tabs` permission it needs, asked for in a click,
// through the permission's one owner (lib/tabs-permission.ts). The browser is WXT's fake one.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { MessageType } from '@/lib/messaging/protocol';
import { send } from '@/lib/messaging/send';
import { budgets } from '@/entrypoints/background/storage-budget';
import { createReportStore, recentView } from '@/lib/report-store';
import { siteViewName, type SiteSummary } from '@/lib/site';
import { toolbarScoreItem } from '@/lib/settings/items';
import { ACTIVE_CONNECTION_KEY, PANEL_FOLLOWS_TABS_KEY } from '@/lib/storage-keys';
import { panelFollowsTabsFlag, tabsPermission } from '@/lib/tabs-permission';
import { createSidePanel, FRESH_FOR_MS, type SidePanel as Panel } from '@/entrypoints/sidepanel/panel';
import { SidePanel } from '@/entrypoints/sidepanel/SidePanel';
import { useTestLanguage } from '../fake-i18n';
import { makeReport, ok } from '../popup/fixtures';

vi.mock('@/lib/messaging/send', () => ({ send: vi.fn() }));
const sendMock = vi.mocked(send);

const WITH_REPORT = 'https://example.com/page';
const WITHOUT_REPORT = 'https://example.com/other';
const report = makeReport({ id: 7, url: WITH_REPORT, result: 'good', score: 88 });

/**
 * A background whose lookups write the report store (the background's own writer, in WXT's fake browser,
 * connection 'a' active), which the panel reads; `keptAt`: this page's report was kept then.
 */
async function fakeBackground(now: () => number, keptAt?: number) {
  fakeBrowser.reset();
  await fakeBrowser.storage.session.set({ [ACTIVE_CONNECTION_KEY]: 'a' });
  if (keptAt !== undefined)
    await createReportStore('a', budgets.session, () => keptAt).pageFound(WITH_REPORT, report);
  const store = createReportStore('a', budgets.session, now);
  sendMock.mockReset();
  sendMock.mockImplementation((async (type: MessageType, payload: { url?: string; host?: string }) => {
    switch (type) {
      case 'popup.snapshot':
        return ok({ configured: true, lastPrivacy: 0, create: null });
      case 'popup.pageReport': {
        const found = payload.url === WITH_REPORT ? report : null;
        await store.pageFound(payload.url!, found);
        return ok({ data: found, fetchedAt: now() });
      }
      case 'popup.recentReports':
        await store.recentFound(recentView(payload.host), [report]);
        return ok({ data: [report], fetchedAt: now() });
      case 'site.read':
        return ok(null);
      case 'settings.get':
        // One connection: the header's switcher stays hidden.
        return ok({ baseUrl: 'https://r.example', keySet: true, keyLastFour: null, hostPermission: true });
      default:
        throw new Error(`The test did not expect ${type}`);
    }
  }) as typeof send);
}

const lookups = () => sendMock.mock.calls.filter(([type]) => type === 'popup.pageReport').map(([, p]) => p);

/** The panel's window (5) shows `firstUrl`; `switchTo` activates a new tab there. */
function fakeTabs(firstUrl: string) {
  const tabs = [{ id: 1, url: firstUrl, windowId: 5 }];
  vi.spyOn(fakeBrowser.tabs, 'getCurrent').mockResolvedValue(undefined as never);
  vi.spyOn(fakeBrowser.tabs, 'query').mockImplementation(async () => [tabs.at(-1)!] as never);
  return (url: string) => {
    const id = tabs.length + 1;
    tabs.push({ id, url, windowId: 5 });
    void fakeBrowser.tabs.onActivated.trigger({ tabId: id, windowId: 5, previousTabId: id - 1 });
  };
}

/** The browser's `tabs` permission: `granted` now, and what its prompt answers. */
function fakePermissions(granted: boolean, answer = true) {
  const added: (() => void)[] = [];
  const removed: (() => void)[] = [];
  const { permissions } = fakeBrowser;
  const spies = {
    contains: vi
      .spyOn(permissions, 'contains')
      .mockClear()
      .mockImplementation(() => Promise.resolve(granted)),
    request: vi
      .spyOn(permissions, 'request')
      .mockClear()
      .mockImplementation(() => {
        granted = answer;
        if (answer) added.forEach((l) => l());
        return Promise.resolve(answer);
      }),
    remove: vi
      .spyOn(permissions, 'remove')
      .mockClear()
      .mockImplementation(() => {
        granted = false;
        removed.forEach((l) => l());
        return Promise.resolve(true);
      }),
  };
  vi.spyOn(permissions.onAdded, 'addListener').mockImplementation((l) => void added.push(l as () => void));
  vi.spyOn(permissions.onRemoved, 'addListener').mockImplementation(
    (l) => void removed.push(l as () => void),
  );
  const revoke = () => {
    granted = false;
    removed.forEach((l) => l());
  };
  return { permissions: spies, revoke };
}

let panel: Panel | null = null;
afterEach(() => {
  panel?.shown.value?.model.dispose();
  panel = null;
});

/** Settings' owner of the permission, which turns the toolbar score on. */

interface OpenOptions {
  firstUrl?: string;
  /** The browser grants `tabs` now. */
  granted?: boolean;
  /** The panel followed tabs before (its stored flag). */
  relied?: boolean;
  /** What the browser's prompt answers. */
  answer?: boolean;
}

/** Opens the panel over the browser fakeBackground set up. */
async function openPanel(options: OpenOptions) {
  const switchTo = fakeTabs(options.firstUrl ?? WITH_REPORT);
  const perms = fakePermissions(options.granted ?? true, options.answer);
  await fakeBrowser.storage.local.set({ [PANEL_FOLLOWS_TABS_KEY]: options.relied ?? true });
  panel = createSidePanel();
  render(<SidePanel panel={panel} />);
  const started = panel.start();
  return { panel, switchTo, perms, started };
}

describe('side panel: this page as the tab changes', () => {
  it('shows each tab’s report or its absence, and asks nothing again on a switch back', async () => {
    await fakeBackground(() => Date.now());
    const { switchTo } = await openPanel({});
    expect(await screen.findByText(WITH_REPORT, { selector: '.page-url' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: /Regenerate/ })).toBeTruthy());
    expect(lookups()).toEqual([{ url: WITH_REPORT }]);

    switchTo(WITHOUT_REPORT);
    expect(await screen.findByText('This page has no report yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Regenerate/ })).toBeNull();
    expect(lookups()).toEqual([{ url: WITH_REPORT }, { url: WITHOUT_REPORT }]);

    switchTo(WITH_REPORT);
    await waitFor(() => expect(screen.getByRole('button', { name: /Regenerate/ })).toBeTruthy());
    expect(screen.queryByText('This page has no report yet.')).toBeNull();
    // The store answered: no lookup, and the recent list was not asked for again either.
    expect(lookups()).toEqual([{ url: WITH_REPORT }, { url: WITHOUT_REPORT }]);
    expect(sendMock.mock.calls.filter(([type]) => type === 'popup.recentReports')).toHaveLength(1);
  });

  it('leaves the focus where the person put it when the tab changes (the footer stays)', async () => {
    await fakeBackground(() => Date.now());
    const { switchTo } = await openPanel({});
    await waitFor(() => expect(document.activeElement?.textContent).toMatch(/Regenerate/));
    const stop = await screen.findByRole('button', { name: 'Stop following tabs' });
    stop.focus();
    switchTo(WITHOUT_REPORT);
    await screen.findByRole('button', { name: 'Create report' });
    // The form is ready, and that render's effects (where the start focus is placed) ran: Preact runs them
    // after the next frame.
    await waitFor(() => expect(document.querySelector('form.create-form--waiting')).toBeNull());
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    expect(document.activeElement).toBe(stop);
  });

  it('shows a report created for its page elsewhere, and asks before a second create', async () => {
    await fakeBackground(() => Date.now());
    await openPanel({ firstUrl: WITHOUT_REPORT });
    expect(await screen.findByText('This page has no report yet.')).toBeTruthy();
    // The toolbar popup creates the page's report, after the panel's lookup: the background keeps it.
    const created = makeReport({ id: 8, url: WITHOUT_REPORT });
    await createReportStore('a', budgets.session, () => Date.now() + 1).created(WITHOUT_REPORT, created);
    await screen.findByRole('article', { name: 'Report for this page' });
    expect(screen.queryByText('This page has no report yet.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create report' }));
    expect(await screen.findByRole('dialog', { name: 'This page already has a report' })).toBeTruthy();
    expect(sendMock.mock.calls.filter(([type]) => type === 'reports.create')).toEqual([]);
  });

  it('asks the service when the kept answer is older than five minutes', async () => {
    const now = Date.now();
    await fakeBackground(() => now, now - FRESH_FOR_MS - 1);
    const { started } = await openPanel({});
    await started;
    await waitFor(() => expect(lookups()).toEqual([{ url: WITH_REPORT }]));
  });

  it('shows a fresh kept answer without asking', async () => {
    const now = Date.now();
    await fakeBackground(() => now, now - FRESH_FOR_MS + 60_000);
    await openPanel({});
    await waitFor(() => expect(screen.getByRole('button', { name: /Regenerate/ })).toBeTruthy());
    // Shown as current (the store's read ends the "checking…" line), and the service was not asked.
    await waitFor(() => expect(screen.queryByText(/checking/i)).toBeNull());
    expect(lookups()).toEqual([]);
  });

  it('shows the change since the previous analysis of the followed tab’s report, as the popup does', async () => {
    await fakeBackground(() => Date.now());
    const kept = (generatedAt: string, score: number, failed: string[]) => ({
      generatedAt,
      takenAt: Date.parse(generatedAt),
      score,
      band: 'good',
      counts: { high: failed.length, medium: 0, low: 0, passed: 33 - failed.length },
      failed: failed.map((key) => ({ key, importance: 'high', category: 'seo', value: null })),
    });
    await fakeBrowser.storage.local.set({
      'a:history:7': [kept('2025-04-01T10:05:00Z', 80, ['title']), kept(report.generatedAt!, 88, [])],
    });
    const { switchTo } = await openPanel({});
    const change = await screen.findByRole('group', { name: 'Change since the previous analysis' });
    expect(change.textContent).toContain('88, ▲ up 8 from 80 on');
    expect(within(change).getByRole('button', { name: '1 fixed' })).toBeTruthy();

    switchTo(WITHOUT_REPORT);
    await waitFor(() => expect(screen.queryByRole('button', { name: /Regenerate/ })).toBeNull());
    expect(screen.queryByRole('group', { name: 'Change since the previous analysis' })).toBeNull();
  });

  it('does not announce as new an analysis kept before it showed that tab, however long it was open', async () => {
    await fakeBackground(() => Date.now());
    const { switchTo } = await openPanel({ firstUrl: WITHOUT_REPORT });
    await screen.findByText('This page has no report yet.');
    // Kept while the panel showed another tab.
    const kept = (generatedAt: string, score: number, takenAt: number) => ({
      generatedAt,
      takenAt,
      score,
      band: 'good',
      counts: { high: 0, medium: 0, low: 0, passed: 33 },
      failed: [],
    });
    await fakeBrowser.storage.local.set({
      'a:history:7': [kept('2025-04-01T10:05:00Z', 80, 0), kept(report.generatedAt!, 88, Date.now() - 1)],
    });
    switchTo(WITH_REPORT);
    expect(await screen.findByRole('group', { name: 'Change since the previous analysis' })).toBeTruthy();
    // That render's effects (where a change is announced) ran: Preact runs them after the next frame.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    expect(screen.queryByText(/^New result:/)).toBeNull();
  });

  it('says what it knows of the followed tab’s site under its report, as the popup does', async () => {
    await fakeBackground(() => Date.now());
    const summary: SiteSummary = {
      project: 'example.com',
      pages: 12,
      withoutResults: 0,
      averageScore: 71,
      averageResult: 'decent',
      spread: { good: 4, decent: 5, bad: 3 },
      tests: [{ key: 'favicon', name: 'No favicon', importance: 'medium', category: 'seo', pages: 5 }],
      total: 12,
      cut: false,
      readAt: Date.now(),
    };
    await fakeBrowser.storage.session.set({
      [`a:${siteViewName('example.com')}`]: { summary, read: { phase: 'done' } },
    });
    const { switchTo } = await openPanel({});
    const line = await screen.findByRole('link', { name: 'This site: 12 pages · 5 with “No favicon”' });
    expect(line.getAttribute('href')).toMatch(/\/options\.html#\/projects\/example\.com$/);

    switchTo(WITHOUT_REPORT);
    await waitFor(() => expect(screen.queryByRole('button', { name: /Regenerate/ })).toBeNull());
    expect(screen.queryByRole('link', { name: /^This site:/ })).toBeNull();
  });
});

describe('side panel: the tabs permission', () => {
  it('says why it needs it, asks in the click, then follows the tab and notes that it relies on it', async () => {
    await fakeBackground(() => Date.now());
    const { perms } = await openPanel({ granted: false, relied: false });
    const allow = await screen.findByRole('button', { name: 'Follow the active tab' });
    expect(screen.getByRole('heading', { name: 'Show the report of the tab you are on' })).toBeTruthy();
    expect(screen.getByText(/read the addresses of your tabs/)).toBeTruthy();
    expect(lookups()).toEqual([]);
    fireEvent.click(allow);
    // Synchronously inside the click: a browser shows no prompt for a request made after an await.
    expect(perms.permissions.request).toHaveBeenCalledWith({ permissions: ['tabs'] });
    await waitFor(() => expect(screen.getByRole('button', { name: /Regenerate/ })).toBeTruthy());
    expect(await panelFollowsTabsFlag.getValue()).toBe(true);
  });

  it('held for the toolbar score, still waits for the click to follow (no prompt shows then)', async () => {
    await fakeBackground(() => Date.now());
    const { perms } = await openPanel({ granted: true, relied: false });
    fireEvent.click(await screen.findByRole('button', { name: 'Follow the active tab' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Regenerate/ })).toBeTruthy());
    expect(perms.permissions.request).toHaveBeenCalledTimes(1);
  });

  it('says so when the browser refuses', async () => {
    await fakeBackground(() => Date.now());
    await openPanel({ granted: false, relied: false, answer: false });
    fireEvent.click(await screen.findByRole('button', { name: 'Follow the active tab' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/did not allow/);
    expect(await panelFollowsTabsFlag.getValue()).toBe(false);
  });

  it('taken back in the browser, says it stopped following and offers to allow it again', async () => {
    await fakeBackground(() => Date.now());
    const { perms } = await openPanel({});
    await waitFor(() => expect(screen.getByRole('button', { name: /Regenerate/ })).toBeTruthy());
    perms.revoke();
    await screen.findByRole('heading', { name: 'The panel stopped following your tabs' });
    expect(screen.getByText(/permission was taken back/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Regenerate/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Allow again' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Regenerate/ })).toBeTruthy());
  });

  it('taken back, does not follow again when the toolbar score gets it: it waits for a click here', async () => {
    await fakeBackground(() => Date.now());
    const { perms } = await openPanel({});
    await waitFor(() => expect(screen.getByRole('button', { name: /Regenerate/ })).toBeTruthy());
    perms.revoke();
    await screen.findByRole('heading', { name: 'The panel stopped following your tabs' });
    await waitFor(async () => expect(await panelFollowsTabsFlag.getValue()).toBe(false));
    const looked = lookups().length;

    // Settings turns the toolbar score on: the browser grants `tabs` again, and says so to the panel.
    expect(await tabsPermission.take('toolbarScore')).toBe(true);
    await screen.findByRole('button', { name: 'Follow the active tab' });
    expect(screen.queryByRole('heading', { name: 'The panel stopped following your tabs' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Regenerate/ })).toBeNull();
    expect(lookups()).toHaveLength(looked);

    fireEvent.click(screen.getByRole('button', { name: 'Follow the active tab' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Regenerate/ })).toBeTruthy());
    expect(await panelFollowsTabsFlag.getValue()).toBe(true);
  });

  it('“Allow again” follows even when the grant’s own event is answered after the click', async () => {
    await fakeBackground(() => Date.now());
    await openPanel({ granted: false, relied: true });
    await screen.findByRole('heading', { name: 'The panel stopped following your tabs' });
    await waitFor(async () => expect(await panelFollowsTabsFlag.getValue()).toBe(false));
    // The flag as read from now on comes late: after the click has noted it.
    const late: (() => void)[] = [];
    const read = vi
      .spyOn(panelFollowsTabsFlag, 'getValue')
      .mockImplementation(() => new Promise((resolve) => late.push(() => resolve(false))));
    fireEvent.click(screen.getByRole('button', { name: 'Allow again' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Regenerate/ })).toBeTruthy());
    late.forEach((answer) => answer());
    read.mockRestore();
    await Promise.resolve();
    await waitFor(() => expect(screen.getByRole('button', { name: /Regenerate/ })).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Follow the active tab' })).toBeNull();
  });

  it('taken back while closed, says so when opened, and a later grant still waits for a click', async () => {
    await fakeBackground(() => Date.now());
    await openPanel({ granted: false, relied: true });
    await screen.findByRole('heading', { name: 'The panel stopped following your tabs' });
    await waitFor(async () => expect(await panelFollowsTabsFlag.getValue()).toBe(false));
    await tabsPermission.take('toolbarScore');
    await screen.findByRole('button', { name: 'Follow the active tab' });
    expect(screen.queryByRole('button', { name: /Regenerate/ })).toBeNull();
    expect(lookups()).toEqual([]);
  });

  it('a grant for the toolbar score while the panel was closed does not make it follow when opened', async () => {
    await fakeBackground(() => Date.now());
    // Taken back while closed, then granted for the toolbar score from Settings, all before this opens.
    await fakeBrowser.storage.local.set({ [PANEL_FOLLOWS_TABS_KEY]: true });
    fakePermissions(false);
    await tabsPermission.take('toolbarScore');
    await openPanel({ granted: true, relied: await panelFollowsTabsFlag.getValue() });
    await screen.findByRole('button', { name: 'Follow the active tab' });
    expect(lookups()).toEqual([]);
  });

  it('“Stop following tabs” gives the permission back, unless the toolbar score relies on it', async () => {
    await fakeBackground(() => Date.now());
    const { perms } = await openPanel({});
    fireEvent.click(await screen.findByRole('button', { name: 'Stop following tabs' }));
    await screen.findByRole('button', { name: 'Follow the active tab' });
    await waitFor(() => expect(perms.permissions.remove).toHaveBeenCalledWith({ permissions: ['tabs'] }));
    expect(await panelFollowsTabsFlag.getValue()).toBe(false);

    cleanup();
    const second = await openPanel({});
    await toolbarScoreItem.setValue(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Stop following tabs' }));
    await screen.findByRole('button', { name: 'Follow the active tab' });
    expect(second.perms.permissions.remove).not.toHaveBeenCalled();
  });

  it('asks in German for a German browser', async () => {
    useTestLanguage('de');
    await fakeBackground(() => Date.now());
    await openPanel({ granted: false, relied: false });
    expect(await screen.findByRole('button', { name: 'Dem aktiven Tab folgen' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Den Bericht des aktuellen Tabs zeigen' })).toBeTruthy();
  });
});
