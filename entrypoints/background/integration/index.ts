// The right-click menu, the "create-report" shortcut, notifications and their clicks, and a notification
// for a popup's create or regeneration that ends after its popup closed.
import { browser } from 'wxt/browser';
import { integrationPrefsItem } from '@/lib/settings/items';
import type { BackgroundEvents, Events } from '../events';
import { clickedAddress, showMenus, type MenuClick } from './menus';
import { notificationClicked } from './notifications';
import { announce, describeOutcome, quickCreate, type PageActions } from './quick-create';

export const CREATE_COMMAND = 'create-report';

/** Call synchronously at start-up: its listeners may be what woke the worker. */
export function registerBrowserIntegration(
  onActive: () => Promise<PageActions>,
  events: Pick<Events, 'on'>,
): void {
  function menuClicked(info: MenuClick, tab?: { id?: number; url?: string }) {
    const target = clickedAddress(info, tab?.url);
    return target ? quickCreate(onActive, target.url, tab?.id) : Promise.resolve(null);
  }

  async function commandRan(command: string, tab?: { id?: number; url?: string }) {
    if (command !== CREATE_COMMAND) return null;
    // Chrome and Firefox hand the tab over (with activeTab granted by the key press); asked for otherwise.
    const active = tab ?? (await browser.tabs.query({ active: true, currentWindow: true }))[0];
    return quickCreate(onActive, active?.url, active?.id);
  }

  browser.contextMenus.onClicked.addListener((info, tab) => void menuClicked(info, tab));
  browser.commands.onCommand.addListener((command, tab) => void commandRan(command, tab));

  // The notifications API exists only while its optional permission is granted.
  let listening = false;
  function listenToNotifications() {
    const api = (browser as { notifications?: typeof browser.notifications }).notifications;
    if (listening || !api?.onClicked) return;
    api.onClicked.addListener((id) => void notificationClicked(id));
    listening = true;
  }
  listenToNotifications();
  browser.permissions.onAdded.addListener(listenToNotifications);

  void integrationPrefsItem.getValue().then((current) => showMenus(current.menu));
  integrationPrefsItem.watch((value) => void showMenus(value.menu));

  if (import.meta.env.MODE === 'e2e') {
    // Headless browsers cannot click a menu item, press a command's keys or click a notification: the
    // tests call the same listeners through the worker (never exposed to web pages).
    (globalThis as Record<string, unknown>).__pageReportsE2e = {
      menuClicked,
      commandRan,
      notificationClicked,
    };
  }

  // A popup's request that ends after its popup closed is seen by nobody: a notification (when on) says it.
  const popupAt = new WeakMap<
    object,
    { asked: Omit<BackgroundEvents['report.requested'], 'request'>; open: Promise<boolean> }
  >();
  events.on(
    'report.requested',
    ({ request, ...asked }) => void popupAt.set(request, { asked, open: popupOpen() }),
  );
  events.on('report.answered', async ({ request, answer }) => {
    const started = popupAt.get(request);
    if (started && (await started.open) && !(await popupOpen())) {
      await announce(describeOutcome(started.asked.kind, started.asked.pageUrl, answer));
    }
  });
}

async function popupOpen(): Promise<boolean> {
  try {
    return (await browser.runtime.getContexts({ contextTypes: ['POPUP'] })).length > 0;
  } catch {
    // Unknown: counted as closed, so the outcome is said rather than lost.
    return false;
  }
}
