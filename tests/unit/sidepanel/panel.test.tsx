// The side panel: the popup's views for the followed tab, asking the service only when the cache has no
// answer from the last five minutes; and the `tabs` permission it needs, asked for in a click.
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Report } from '@/lib/api/types';
import type { Cached, MessageType } from '@/lib/messaging/protocol';
import { send } from '@/lib/messaging/send';
import {
  createSidePanel,
  FRESH_FOR_MS,
  pageModel,
  type SidePanel as Panel,
} from '@/entrypoints/sidepanel/panel';
import { SidePanel } from '@/entrypoints/sidepanel/SidePanel';
import type { TabsApi } from '@/entrypoints/sidepanel/tab-follower';
import { useTestLanguage } from '../fake-i18n';
import { makeReport, ok } from '../popup/fixtures';

vi.mock('@/lib/messaging/send', () => ({ send: vi.fn() }));
const sendMock = vi.mocked(send);

const WITH_REPORT = 'https://example.com/page';
const WITHOUT_REPORT = 'https://example.com/other';
const report = makeReport({ id: 7, url: WITH_REPORT, result: 'good', score: 88 });

/** A background with the popup cache's behaviour: lookups fill it, the snapshot reads it. */
function fakeBackground(now: () => number, cachedAt?: number) {
  const pages = new Map<string, Cached<Report | null>>();
  let recent: Cached<Report[]> | null = null;
  if (cachedAt !== undefined) pages.set(WITH_REPORT, { data: report, fetchedAt: cachedAt });
  sendMock.mockReset();
  sendMock.mockImplementation((async (type: MessageType, payload: { url?: string }) => {
    switch (type) {
      case 'popup.snapshot': {
        const pageReport = (payload.url && pages.get(payload.url)) || null;
        return ok({ configured: true, pageReport, recent, lastPrivacy: 0, create: null });
      }
      case 'popup.pageReport': {
        const cached = { data: payload.url === WITH_REPORT ? report : null, fetchedAt: now() };
        pages.set(payload.url!, cached);
        return ok(cached);
      }
      case 'popup.recentReports':
        recent = { data: [report], fetchedAt: now() };
        return ok(recent);
      default:
        throw new Error(`The test did not expect ${type}`);
    }
  }) as typeof send);
}

const lookups = () => sendMock.mock.calls.filter(([type]) => type === 'popup.pageReport').map(([, p]) => p);

function fakeTabs(firstUrl: string) {
  let activated: ((info: { tabId: number; windowId: number }) => void) | null = null;
  const urls: Record<number, string> = { 1: firstUrl };
  const api: TabsApi = {
    windowId: () => Promise.resolve(5),
    ownTabId: () => Promise.resolve(undefined),
    activeTab: () => Promise.resolve({ id: 1, url: firstUrl }),
    getTab: (id) => Promise.resolve({ id, url: urls[id] }),
    onActivated: { addListener: (l) => (activated = l), removeListener: () => undefined },
    onUpdated: { addListener: () => undefined, removeListener: () => undefined },
  };
  const switchTo = (url: string) => {
    const id = Object.keys(urls).length + 1;
    urls[id] = url;
    activated!({ tabId: id, windowId: 5 });
  };
  return { api, switchTo };
}

function fakePermissions(granted: boolean, answer = true) {
  const added: (() => void)[] = [];
  const removed: (() => void)[] = [];
  const permissions = {
    contains: vi.fn(() => Promise.resolve(granted)),
    request: vi.fn(() => {
      granted = answer;
      return Promise.resolve(answer);
    }),
    onAdded: { addListener: (l: () => void) => void added.push(l) },
    onRemoved: { addListener: (l: () => void) => void removed.push(l) },
  };
  const revoke = () => {
    granted = false;
    removed.forEach((l) => l());
  };
  return { permissions, revoke };
}

let panel: Panel | null = null;
afterEach(() => {
  panel?.model.value?.dispose();
  panel = null;
});

function openPanel(options: { firstUrl?: string; granted?: boolean; answer?: boolean; now?: () => number }) {
  fakeBrowser.reset();
  const now = options.now ?? (() => Date.now());
  const tabs = fakeTabs(options.firstUrl ?? WITH_REPORT);
  const perms = fakePermissions(options.granted ?? true, options.answer);
  panel = createSidePanel({
    tabs: tabs.api,
    permissions: perms.permissions,
    createModel: (page) => pageModel(page, now),
  });
  render(<SidePanel panel={panel} />);
  const started = panel.start();
  return { panel, tabs, perms, started };
}

describe('side panel: this page as the tab changes', () => {
  it('shows each tab’s report or its absence, and asks nothing again on a switch back', async () => {
    fakeBackground(() => Date.now());
    const { tabs } = openPanel({});
    expect(await screen.findByText(WITH_REPORT, { selector: '.page-url' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: /Regenerate/ })).toBeTruthy());
    expect(lookups()).toEqual([{ url: WITH_REPORT }]);

    tabs.switchTo(WITHOUT_REPORT);
    expect(await screen.findByText('This page has no report yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Regenerate/ })).toBeNull();
    expect(lookups()).toEqual([{ url: WITH_REPORT }, { url: WITHOUT_REPORT }]);

    tabs.switchTo(WITH_REPORT);
    await waitFor(() => expect(screen.getByRole('button', { name: /Regenerate/ })).toBeTruthy());
    expect(screen.queryByText('This page has no report yet.')).toBeNull();
    // The cache answered: no lookup, and the recent list was not asked for again either.
    expect(lookups()).toEqual([{ url: WITH_REPORT }, { url: WITHOUT_REPORT }]);
    expect(sendMock.mock.calls.filter(([type]) => type === 'popup.recentReports')).toHaveLength(1);
  });

  it('asks the service when the cached answer is older than five minutes', async () => {
    const now = Date.now();
    fakeBackground(() => now, now - FRESH_FOR_MS - 1);
    const { started } = openPanel({ now: () => now });
    await started;
    await waitFor(() => expect(lookups()).toEqual([{ url: WITH_REPORT }]));
  });

  it('shows a fresh cached answer without asking', async () => {
    const now = Date.now();
    fakeBackground(() => now, now - FRESH_FOR_MS + 60_000);
    openPanel({ now: () => now });
    await waitFor(() => expect(screen.getByRole('button', { name: /Regenerate/ })).toBeTruthy());
    expect(lookups()).toEqual([]);
    // Shown as current: no "checking…" line.
    expect(screen.queryByText(/checking/i)).toBeNull();
  });
});

describe('side panel: the tabs permission', () => {
  it('says why it needs it, asks in the click, then follows the tab', async () => {
    fakeBackground(() => Date.now());
    const { perms } = openPanel({ granted: false });
    const allow = await screen.findByRole('button', { name: 'Allow reading tab addresses' });
    expect(screen.getByText(/read the addresses of your tabs/)).toBeTruthy();
    expect(lookups()).toEqual([]);
    fireEvent.click(allow);
    expect(perms.permissions.request).toHaveBeenCalledWith({ permissions: ['tabs'] });
    await waitFor(() => expect(screen.getByRole('button', { name: /Regenerate/ })).toBeTruthy());
  });

  it('says so when the browser refuses', async () => {
    fakeBackground(() => Date.now());
    openPanel({ granted: false, answer: false });
    fireEvent.click(await screen.findByRole('button', { name: 'Allow reading tab addresses' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/did not allow/);
  });

  it('stops following when the permission is taken back', async () => {
    fakeBackground(() => Date.now());
    const { perms } = openPanel({});
    await waitFor(() => expect(screen.getByRole('button', { name: /Regenerate/ })).toBeTruthy());
    perms.revoke();
    expect(await screen.findByRole('button', { name: 'Allow reading tab addresses' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Regenerate/ })).toBeNull();
  });

  it('asks in German for a German browser', async () => {
    useTestLanguage('de');
    fakeBackground(() => Date.now());
    openPanel({ granted: false });
    expect(await screen.findByRole('button', { name: 'Lesen der Tab-Adressen erlauben' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Dem aktuellen Tab folgen' })).toBeTruthy();
  });
});
