// The side panel follows the active tab of its own window: switches and navigations there, nothing else.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { followActiveTab } from '@/entrypoints/sidepanel/panel';

interface Tab {
  id: number;
  windowId: number;
  url: string;
  active: boolean;
}

const WINDOW = 1;
const OTHER_WINDOW = 2;

/**
 * The browser's tabs as the panel in WINDOW sees them (tab 10 active there, the panel itself in tab
 * `ownTabId`). `delay` holds back the browser's next answer until the function it returns is called.
 */
function fakeWindows(ownTabId?: number) {
  const tabs: Record<number, Tab> = {};
  const add = (id: number, windowId: number, url: string) =>
    (tabs[id] = { id, windowId, url, active: false });
  add(10, WINDOW, 'https://a.example/');
  add(11, WINDOW, 'https://b.example/');
  add(20, OTHER_WINDOW, 'https://elsewhere.example/');
  if (ownTabId !== undefined) add(ownTabId, WINDOW, 'chrome-extension://panel/sidepanel.html');
  tabs[10]!.active = tabs[20]!.active = true;
  const activeIn = (windowId: number) =>
    Object.values(tabs).find((tab) => tab.active && tab.windowId === windowId)!;

  let hold: ((give: () => void) => void) | null = null;
  // Answers with the tabs as they are when asked.
  function answer<T>(value: T): Promise<T> {
    return new Promise((resolve) => {
      const held = hold;
      hold = null;
      if (held) held(() => resolve(value));
      else resolve(value);
    });
  }
  vi.spyOn(fakeBrowser.tabs, 'getCurrent').mockResolvedValue(
    (ownTabId === undefined ? undefined : tabs[ownTabId]) as never,
  );
  vi.spyOn(fakeBrowser.tabs, 'query').mockImplementation(() => answer([{ ...activeIn(WINDOW) }] as never));
  vi.spyOn(fakeBrowser.tabs, 'get').mockImplementation((id) => answer({ ...tabs[id] } as never));
  return {
    async activate(id: number) {
      const tab = tabs[id]!;
      activeIn(tab.windowId).active = false;
      tab.active = true;
      await fakeBrowser.tabs.onActivated.trigger({ tabId: id, windowId: tab.windowId });
    },
    async navigate(id: number, url: string) {
      const tab = { ...tabs[id]!, url };
      tabs[id] = tab;
      await fakeBrowser.tabs.onUpdated.trigger(id, { url }, tab as Browser.tabs.Tab);
    },
    delay(): () => void {
      let release = () => {};
      hold = (give) => (release = give);
      return () => release();
    },
  };
}

// Every answer already given has been handled: the fake browser answers at once.
const settled = () => new Promise((resolve) => setTimeout(resolve));

beforeEach(() => fakeBrowser.reset());

/** Follows the tabs; `shown()`: the pages the panel showed in turn (it keeps a page told again). */
async function follow() {
  const pages: (string | undefined)[] = [];
  const stop = await followActiveTab((url) => pages.push(url));
  const shown = () => pages.filter((url, index) => index === 0 || url !== pages[index - 1]);
  await vi.waitFor(() => expect(shown()).toEqual(['https://a.example/']));
  return { shown, stop };
}

describe('side panel: following the active tab', () => {
  it('starts with the active tab of its window, then follows a switch to another tab', async () => {
    const windows = fakeWindows();
    const { shown } = await follow();
    await windows.activate(11);
    await vi.waitFor(() => expect(shown()).toEqual(['https://a.example/', 'https://b.example/']));
  });

  it('follows the active tab navigating, but not a tab in the background', async () => {
    const windows = fakeWindows();
    const { shown } = await follow();
    await windows.navigate(11, 'https://b.example/next');
    await windows.navigate(10, 'https://a.example/next');
    await vi.waitFor(() => expect(shown()).toEqual(['https://a.example/', 'https://a.example/next']));
    await windows.activate(11);
    await vi.waitFor(() =>
      expect(shown()).toEqual(['https://a.example/', 'https://a.example/next', 'https://b.example/next']),
    );
  });

  it('ignores other windows (they have panels of their own) and its own tab', async () => {
    const windows = fakeWindows(12);
    const { shown } = await follow();
    await windows.navigate(20, 'https://elsewhere.example/x');
    await windows.activate(12);
    await windows.navigate(12, 'chrome-extension://panel/sidepanel.html#x');
    await settled();
    expect(shown()).toEqual(['https://a.example/']);
    await windows.activate(11);
    await vi.waitFor(() => expect(shown()).toEqual(['https://a.example/', 'https://b.example/']));
  });

  it('shows the newest switch when the browser answers out of order', async () => {
    const windows = fakeWindows();
    const { shown } = await follow();
    const answerSlow = windows.delay();
    await windows.activate(11);
    await windows.activate(10);
    await settled();
    answerSlow();
    await settled();
    expect(shown()).toEqual(['https://a.example/']);
  });

  it('stops following when told', async () => {
    const windows = fakeWindows();
    const { shown, stop } = await follow();
    stop();
    await windows.activate(11);
    await windows.navigate(11, 'https://b.example/next');
    await settled();
    expect(shown()).toEqual(['https://a.example/']);
  });
});
