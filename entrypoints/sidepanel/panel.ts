// The side panel (Chrome) or sidebar (Firefox): the popup's views for the active tab of its window,
// following that tab. Each page shown gets a popup model of its own, as if the popup had been opened on
// it; an answer the cache holds from the last FRESH_FOR_MS is shown without asking the service.
import type { Cached } from '@/lib/messaging/protocol';
import { checkPage, type PageCheck } from '@/lib/page-url';
import { createPopupModel, defaultEnvironment, type PopupModel } from '../popup/popup-model';
import { signal } from '../popup/state';
import type { TabsApi } from './tab-follower';
import { followActiveTab } from './tab-follower';

/**
 * How long a cached answer (this page's report, the recent list) stands in for a lookup. The background
 * keeps the cache right meanwhile: a create, a regenerate, a result arriving and a delete all update it.
 */
export const FRESH_FOR_MS = 5 * 60_000;

/** The one optional permission the panel needs: reading the active tab's address as it changes. */
export const TABS_PERMISSION = { permissions: ['tabs'] };

/** unknown: not checked yet; missing: the panel cannot follow the tab and says why. */
export type TabsAccess = 'unknown' | 'granted' | 'missing';

interface PermissionsApi {
  contains(permissions: typeof TABS_PERMISSION): Promise<boolean>;
  request(permissions: typeof TABS_PERMISSION): Promise<boolean>;
  onAdded: { addListener(listener: () => void): void };
  onRemoved: { addListener(listener: () => void): void };
}

export interface SidePanelEnvironment {
  tabs: TabsApi;
  permissions: PermissionsApi;
  /** The model of one page (the popup's, which never closes a panel and trusts a fresh cache). */
  createModel(page: PageCheck): PopupModel;
}

export function pageModel(page: PageCheck, now = () => Date.now()): PopupModel {
  return createPopupModel({
    ...defaultEnvironment,
    readCurrentPage: () => Promise.resolve(page),
    closePopup: () => undefined,
    now,
    freshEnough: (cached: Cached<unknown>) => now() - cached.fetchedAt < FRESH_FOR_MS,
  });
}

export type SidePanel = ReturnType<typeof createSidePanel>;

export function createSidePanel(env: SidePanelEnvironment) {
  const access = signal<TabsAccess>('unknown');
  const model = signal<PopupModel | null>(null);
  const denied = signal(false);
  let stopFollowing: (() => void) | null = null;
  let following: Promise<void> | null = null;
  /** The address shown (null: not a web page), or undefined before the first. */
  let shownUrl: string | null | undefined;

  function show(url: string | undefined) {
    const page = checkPage(url);
    // A reload, or a fragment change (not part of the page's address): the same page stays.
    if (model.value && shownUrl === page.url) return;
    shownUrl = page.url;
    model.value?.dispose();
    const next = env.createModel(page);
    model.value = next;
    void next.start();
  }

  function follow() {
    access.value = 'granted';
    following ??= followActiveTab(env.tabs, show).then((stop) => {
      stopFollowing = stop;
    });
  }

  function unfollow() {
    access.value = 'missing';
    stopFollowing?.();
    stopFollowing = null;
    following = null;
    shownUrl = undefined;
    model.value?.dispose();
    model.value = null;
  }

  async function check() {
    const granted = await env.permissions.contains(TABS_PERMISSION).catch(() => false);
    if (granted) follow();
    else unfollow();
  }

  return {
    access,
    model,
    denied,
    /** Checks the permission, follows the tab when it may, and notices the permission coming or going. */
    async start(): Promise<void> {
      env.permissions.onAdded.addListener(() => void check());
      env.permissions.onRemoved.addListener(() => void check());
      await check();
      await following;
    },
    /** In the click: the browser asks the person. */
    async requestTabs(): Promise<void> {
      const granted = await env.permissions.request(TABS_PERMISSION).catch(() => false);
      denied.value = !granted;
      if (granted) follow();
    },
  };
}
