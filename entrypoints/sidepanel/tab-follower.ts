// The active tab of the panel's own window, as it changes; other windows' tabs and the panel's own tab
// (a panel page opened as a tab) are ignored.
import { browser } from '@/lib/page-browser';

interface Tab {
  id?: number;
  url?: string;
  active?: boolean;
  windowId?: number;
}

/** Calls `onPage` with the active tab's address at once, then whenever it changes. */
export async function followActiveTab(onPage: (url: string | undefined) => void): Promise<() => void> {
  const [windowId, ownTabId] = await Promise.all([
    browser.windows.getCurrent().then((window) => window.id),
    browser.tabs.getCurrent().then(
      (tab) => tab?.id,
      () => undefined,
    ),
  ]);
  let stopped = false;
  // Reading a tab takes a round trip: only the newest event's answer is shown.
  let latest = 0;
  const say = (tab: Tab | undefined, asked: number) => {
    if (stopped || asked !== latest || !tab || tab.id === ownTabId) return;
    onPage(tab.url);
  };
  const read = (load: () => Promise<Tab | undefined>) => {
    const asked = ++latest;
    load().then(
      (tab) => say(tab, asked),
      () => undefined, // the tab closed meanwhile: its successor's event follows
    );
  };

  const onActivated = (info: { tabId: number; windowId: number }) => {
    if (info.windowId === windowId && info.tabId !== ownTabId) read(() => browser.tabs.get(info.tabId));
  };
  const onUpdated = (tabId: number, change: { url?: string }, tab: Tab) => {
    if (change.url === undefined || !tab.active || tab.windowId !== windowId || tabId === ownTabId) return;
    say(tab, ++latest);
  };
  browser.tabs.onActivated.addListener(onActivated);
  browser.tabs.onUpdated.addListener(onUpdated);
  if (windowId !== undefined) read(() => browser.tabs.query({ active: true, windowId }).then(([tab]) => tab));
  return () => {
    stopped = true;
    browser.tabs.onActivated.removeListener(onActivated);
    browser.tabs.onUpdated.removeListener(onUpdated);
  };
}
