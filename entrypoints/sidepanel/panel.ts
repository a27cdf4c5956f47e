// The side panel (Chrome) or sidebar (Firefox): the popup's views for the active tab of its window, one
// popup model per page. Following needs the optional `tabs` permission, asked for in a click.
import { checkPage, type PageCheck } from '@/lib/page-url';
import type { TabsOwner } from '@/lib/tabs-permission';
import { createPopupModel, defaultEnvironment, type PopupModel } from '../popup/popup-model';
import { signal } from '@preact/signals';
import { followActiveTab, type TabsApi } from './tab-follower';

/** off: the person has not asked it to follow tabs (or stopped it); lost: the browser took it back. */
export type TabsAccess = 'unknown' | 'following' | 'off' | 'lost';

interface PermissionEvents {
  onAdded: { addListener(listener: () => void): void };
  onRemoved: { addListener(listener: () => void): void };
}

export interface SidePanelEnvironment {
  tabs: TabsApi;
  owner: Pick<TabsOwner, 'granted' | 'reliesOn' | 'take' | 'release' | 'forget'>;
  permissions: PermissionEvents;
}

// Switching between tabs asks the service once per page in this time (the background keeps the store right).
export const FRESH_FOR_MS = 5 * 60_000;

export function pageModel(page: PageCheck): PopupModel {
  return createPopupModel(
    {
      ...defaultEnvironment,
      readCurrentTab: () => Promise.resolve({ page, windowId: undefined }),
      closePopup: () => undefined,
      openSidePanel: null,
    },
    FRESH_FOR_MS,
  );
}

export type SidePanel = ReturnType<typeof createSidePanel>;

export function createSidePanel(env: SidePanelEnvironment) {
  const access = signal<TabsAccess>('unknown');
  const model = signal<PopupModel | null>(null);
  const denied = signal(false);
  let stopFollowing: (() => void) | null = null;
  let following: Promise<void> | null = null;
  // A grant asked for in a click is for the click to act on, not for check().
  let asking = false;
  let shownUrl: string | null | undefined;

  function show(url: string | undefined) {
    const page = checkPage(url);
    if (model.value && shownUrl === page.url) return;
    shownUrl = page.url;
    model.value?.dispose();
    const next = pageModel(page);
    model.value = next;
    void next.start();
  }

  function follow() {
    access.value = 'following';
    following ??= followActiveTab(env.tabs, show).then((stop) => {
      stopFollowing = stop;
    });
  }

  function unfollow(why: 'off' | 'lost') {
    access.value = why;
    stopFollowing?.();
    stopFollowing = null;
    following = null;
    shownUrl = undefined;
    model.value?.dispose();
    model.value = null;
  }

  async function check() {
    if (asking) return;
    const [granted, relied] = await Promise.all([env.owner.granted(), env.owner.reliesOn('sidePanel')]);
    if (granted && relied) return follow();
    // Granted again elsewhere (the toolbar score), it offers to follow but waits for the click.
    if (!relied) return unfollow(access.value === 'lost' && !granted ? 'lost' : 'off');
    unfollow('lost');
    await env.owner.forget('sidePanel');
  }

  return {
    access,
    model,
    denied,
    async start(): Promise<void> {
      env.permissions.onAdded.addListener(() => void check());
      env.permissions.onRemoved.addListener(() => void check());
      await check();
      await following;
    },
    async followTabs(): Promise<void> {
      asking = true;
      const granted = await env.owner.take('sidePanel').finally(() => (asking = false));
      denied.value = !granted;
      if (granted) follow();
    },
    async stopFollowingTabs(): Promise<void> {
      unfollow('off');
      await env.owner.release('sidePanel');
    },
  };
}
