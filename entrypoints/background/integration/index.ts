// The browser integration: the right-click menu, the "create-report" shortcut, notifications and their
// clicks, and a notification for a popup's create or regeneration that ends after its popup closed (it
// hears of those through the handlers' events). Call synchronously at start-up: it registers listeners
// that may be what woke the worker.
import { browser } from 'wxt/browser';
import { integrationPrefsItem, loadIntegrationPrefs } from '@/lib/integration-prefs';
import type { BackgroundEvents, Events } from '../events';
import { createBadge } from './badge';
import { clickedAddress, createMenus, type MenuClick } from './menus';
import { createNotifier } from './notifications';
import { describeOutcome } from './outcome';
import { createAnnouncer, createQuickCreate, type QuickCreateDeps } from './quick-create';

export const CREATE_COMMAND = 'create-report';

/** Call synchronously at start-up; `onActive` gives the page actions on the active connection. */
export function registerBrowserIntegration(
  onActive: QuickCreateDeps['onActive'],
  events: Pick<Events, 'on'>,
): void {
  const prefs = () => loadIntegrationPrefs();
  const notifier = createNotifier();
  const badge = createBadge();
  const announce = createAnnouncer({ prefs, notifier, badge });
  const quickCreate = createQuickCreate({ prefs, notifier, badge, onActive });
  const menus = createMenus();

  function menuClicked(info: MenuClick, tab?: { id?: number; url?: string }) {
    const target = clickedAddress(info, tab?.url);
    return target ? quickCreate(target.url, tab?.id) : Promise.resolve(null);
  }

  async function commandRan(command: string, tab?: { id?: number; url?: string }) {
    if (command !== CREATE_COMMAND) return null;
    // Chrome and Firefox hand the tab over (with activeTab granted by the key press); asked for otherwise.
    const active = tab ?? (await browser.tabs.query({ active: true, currentWindow: true }))[0];
    return quickCreate(active?.url, active?.id);
  }

  browser.contextMenus.onClicked.addListener((info, tab) => void menuClicked(info, tab));
  browser.commands.onCommand.addListener((command, tab) => void commandRan(command, tab));

  // The notifications API exists only while its optional permission is granted.
  let listening = false;
  function listenToNotifications() {
    const api = (browser as { notifications?: typeof browser.notifications }).notifications;
    if (listening || !api?.onClicked) return;
    api.onClicked.addListener((id) => void notifier.clicked(id));
    listening = true;
  }
  listenToNotifications();
  browser.permissions.onAdded.addListener(listenToNotifications);

  // The menu follows the setting, at start-up and at once when it changes.
  void prefs().then((current) => menus.show(current.menu));
  integrationPrefsItem.watch((value) => void menus.show(value.menu));

  if (import.meta.env.MODE === 'e2e') {
    // The e2e build only: headless Chromium cannot click a menu item, press a command's keys or click a
    // notification, so the tests call the same listeners through the worker (never exposed to web pages).
    (globalThis as Record<string, unknown>).__pageReportsE2e = {
      menuClicked,
      commandRan,
      notificationClicked: (id: string) => notifier.clicked(id),
    };
  }

  // A popup's long request: if its popup closed before the answer, a notification (when on) says how it ended.
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

/**
 * Whether the toolbar popup is open now. A popup's request that ends after it closed is seen by nobody
 * until the next popup: that is when a notification is worth showing.
 */
async function popupOpen(): Promise<boolean> {
  try {
    return (await browser.runtime.getContexts({ contextTypes: ['POPUP'] })).length > 0;
  } catch {
    // Unknown: counted as closed, so the outcome is said rather than lost.
    return false;
  }
}
