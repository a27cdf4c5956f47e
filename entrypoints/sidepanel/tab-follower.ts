// The active tab of the panel's own window, as it changes; other windows' tabs and the panel's own tab
// (a panel page opened as a tab) are ignored.
import { browser } from '@/lib/page-browser';

interface TabLike {
  id?: number;
  url?: string;
  active?: boolean;
  windowId?: number;
}

interface Listened<T extends (...args: never[]) => void> {
  addListener(listener: T): void;
  removeListener(listener: T): void;
}

export interface TabsApi {
  windowId(): Promise<number | undefined>;
  ownTabId(): Promise<number | undefined>;
  activeTab(windowId: number): Promise<TabLike | undefined>;
  getTab(tabId: number): Promise<TabLike | undefined>;
  onActivated: Listened<(info: { tabId: number; windowId: number }) => void>;
  onUpdated: Listened<(tabId: number, change: { url?: string }, tab: TabLike) => void>;
}

export const browserTabs: TabsApi = {
  windowId: async () => (await browser.windows.getCurrent()).id,
  ownTabId: async () => (await browser.tabs.getCurrent())?.id,
  activeTab: async (windowId) => (await browser.tabs.query({ active: true, windowId }))[0],
  getTab: (tabId) => browser.tabs.get(tabId),
  onActivated: browser.tabs.onActivated,
  onUpdated: browser.tabs.onUpdated as TabsApi['onUpdated'],
};

/** Calls `onPage` with the active tab's address at once, then whenever it changes. */
export async function followActiveTab(
  api: TabsApi,
  onPage: (url: string | undefined) => void,
): Promise<() => void> {
  const [windowId, ownTabId] = await Promise.all([api.windowId(), api.ownTabId().catch(() => undefined)]);
  let stopped = false;
  // Reading a tab takes a round trip: only the newest event's answer is shown.
  let latest = 0;
  const say = (tab: TabLike | undefined, asked: number) => {
    if (stopped || asked !== latest || !tab || tab.id === ownTabId) return;
    onPage(tab.url);
  };
  const read = (load: () => Promise<TabLike | undefined>) => {
    const asked = ++latest;
    load().then(
      (tab) => say(tab, asked),
      () => undefined, // the tab closed meanwhile: its successor's event follows
    );
  };

  const onActivated = (info: { tabId: number; windowId: number }) => {
    if (info.windowId === windowId && info.tabId !== ownTabId) read(() => api.getTab(info.tabId));
  };
  const onUpdated = (tabId: number, change: { url?: string }, tab: TabLike) => {
    if (change.url === undefined || !tab.active || tab.windowId !== windowId || tabId === ownTabId) return;
    say(tab, ++latest);
  };
  api.onActivated.addListener(onActivated);
  api.onUpdated.addListener(onUpdated);
  if (windowId !== undefined) read(() => api.activeTab(windowId));
  return () => {
    stopped = true;
    api.onActivated.removeListener(onActivated);
    api.onUpdated.removeListener(onUpdated);
  };
}
