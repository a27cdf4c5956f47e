// The side panel (Chrome) or sidebar (Firefox): the popup's views for the active tab of its window, one
// popup model per page. Following needs the optional `tabs` permission, asked for in a click; other windows'
// tabs and the panel's own tab (a panel page opened as a tab) are ignored.
import { browser } from '@/lib/page-browser';
import { checkPage } from '@/lib/page-url';
import { tabsPermission as owner } from '@/lib/tabs-permission';
import { activeTab, createPopupModel, type PopupModel } from '../popup/popup-model';
import { signal } from '@preact/signals';

/** off: the person has not asked it to follow tabs (or stopped it); lost: the browser took it back. */
export type TabsAccess = 'unknown' | 'following' | 'off' | 'lost';

// Switching between tabs asks the service once per page in this time (the background keeps the store right).
export const FRESH_FOR_MS = 5 * 60_000;

export type SidePanel = ReturnType<typeof createSidePanel>;

export function createSidePanel() {
  const access = signal<TabsAccess>('unknown');
  /** The model of the page shown, with the address it was made for (a clean address taken may differ). */
  const shown = signal<{ url: string | null; model: PopupModel } | null>(null);
  const denied = signal(false);
  // Resolves to the function that stops following.
  let following: Promise<() => void> | null = null;
  // A grant asked for in a click is for the click to act on, not for check().
  let asking = false;

  function show(url: string | undefined) {
    const page = checkPage(url);
    if (shown.value?.url === page.url) return;
    shown.value?.model.dispose();
    const model = createPopupModel({ page, freshForMs: FRESH_FOR_MS });
    shown.value = { url: page.url, model };
    void model.start();
  }

  function follow() {
    access.value = 'following';
    following ??= followActiveTab(show);
  }

  function unfollow(why: 'off' | 'lost') {
    access.value = why;
    void following?.then((stop) => stop());
    following = null;
    shown.value?.model.dispose();
    shown.value = null;
  }

  async function check() {
    if (asking) return;
    const [granted, relied] = await Promise.all([owner.granted(), owner.reliesOn('sidePanel')]);
    if (granted && relied) return follow();
    // Granted again elsewhere (the toolbar score), it offers to follow but waits for the click.
    if (!relied) return unfollow(access.value === 'lost' && !granted ? 'lost' : 'off');
    unfollow('lost');
    await owner.forget('sidePanel');
  }

  return {
    access,
    shown,
    denied,
    async start(): Promise<void> {
      browser.permissions.onAdded.addListener(() => void check());
      browser.permissions.onRemoved.addListener(() => void check());
      await check();
      await following;
    },
    async followTabs(): Promise<void> {
      asking = true;
      const granted = await owner.take('sidePanel').finally(() => (asking = false));
      denied.value = !granted;
      if (granted) follow();
    },
    async stopFollowingTabs(): Promise<void> {
      unfollow('off');
      await owner.release('sidePanel');
    },
  };
}

/** Calls `onPage` with the address of its window's active tab at once, then on each switch or navigation. */
export async function followActiveTab(onPage: (url: string | undefined) => void): Promise<() => void> {
  const ownTabId = await browser.tabs.getCurrent().then(
    (tab) => tab?.id,
    () => undefined,
  );
  let stopped = false;
  // Each event asks for the active tab again (other windows' events find it unchanged); the newest answer counts.
  let latest = 0;
  const read = () => {
    const asked = ++latest;
    void activeTab().then((tab) => {
      if (!stopped && asked === latest && tab && tab.id !== ownTabId) onPage(tab.url);
    });
  };
  const onUpdated = (_tabId: number, change: { url?: string }) => {
    if (change.url !== undefined) read();
  };
  browser.tabs.onActivated.addListener(read);
  browser.tabs.onUpdated.addListener(onUpdated);
  read();
  return () => {
    stopped = true;
    browser.tabs.onActivated.removeListener(read);
    browser.tabs.onUpdated.removeListener(onUpdated);
  };
}
