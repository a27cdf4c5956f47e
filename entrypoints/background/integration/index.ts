// The right-click menu ("Create report for this page" / "for this link", shown as Settings say), the
// "create-report" shortcut, notification clicks, and a notification for a popup's create or regeneration
// that ends after its popup closed.
import { browser } from 'wxt/browser';
import { apiError } from '@/entrypoints/background/error-messages';
import { t } from '@/lib/i18n';
import { integrationPrefsItem } from '@/lib/settings/items';
import type { Result } from '@/lib/api/errors';
import type { Report } from '@/lib/api/types';
import { announce, describeOutcome, notificationClicked, quickCreate, type ActiveWork } from './quick-create';

const CREATE_COMMAND = 'create-report';
export const MENU_PAGE = 'create-report-page';
export const MENU_LINK = 'create-report-link';

// Only where a report can be made: the click handler checks the address again all the same.
const WEB_PAGES = ['http://*/*', 'https://*/*'];

interface MenuClick {
  menuItemId: string | number;
  pageUrl?: string;
  linkUrl?: string;
}

/** Call synchronously at start-up: its listeners may be what woke the worker. */
export function registerBrowserIntegration(activeWork: ActiveWork): void {
  function menuClicked(info: MenuClick, tab?: { id?: number; url?: string }) {
    if (info.menuItemId === MENU_PAGE) return quickCreate(activeWork, info.pageUrl ?? tab?.url, tab?.id);
    if (info.menuItemId === MENU_LINK) return quickCreate(activeWork, info.linkUrl, tab?.id);
    return Promise.resolve(null);
  }

  async function commandRan(command: string, tab?: { id?: number; url?: string }) {
    if (command !== CREATE_COMMAND) return null;
    // Chrome and Firefox hand the tab over (with activeTab granted by the key press); asked for otherwise.
    const active = tab ?? (await browser.tabs.query({ active: true, currentWindow: true }))[0];
    return quickCreate(activeWork, active?.url, active?.id);
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
}

/** A page's create or regeneration: said in a notification (when on) if a popup open when it left has closed. */
export async function announcedIfPopupCloses(
  kind: 'create' | 'regenerate',
  pageUrl: string | null,
  send: () => Promise<Result<Report>>,
): Promise<Result<Report>> {
  const openWhenAsked = popupOpen();
  // A request that threw is said as failed too.
  let answer: Result<Report> = { ok: false, error: apiError('unexpected') };
  try {
    answer = await send();
    return answer;
  } finally {
    if ((await openWhenAsked) && !(await popupOpen())) {
      await announce(describeOutcome(kind, pageUrl, answer)).catch((cause) =>
        console.warn('Page Reports: could not announce', cause),
      );
    }
  }
}

async function popupOpen(): Promise<boolean> {
  try {
    return (await browser.runtime.getContexts({ contextTypes: ['POPUP'] })).length > 0;
  } catch {
    // Unknown: counted as closed, so the outcome is said rather than lost.
    return false;
  }
}

// One at a time: two quick toggles must not leave the items twice (an error) or not at all.
let menusShown: Promise<void> = Promise.resolve();

function showMenus(enabled: boolean): Promise<void> {
  menusShown = menusShown
    .then(async () => {
      await browser.contextMenus.removeAll();
      if (!enabled) return;
      await addMenu({
        id: MENU_PAGE,
        title: t('menuCreateForPage'),
        contexts: ['page'],
        documentUrlPatterns: WEB_PAGES,
      });
      await addMenu({
        id: MENU_LINK,
        title: t('menuCreateForLink'),
        contexts: ['link'],
        targetUrlPatterns: WEB_PAGES,
      });
    })
    .catch((cause) => console.warn('Page Reports: could not update the menu', cause));
  return menusShown;
}

function addMenu(properties: Parameters<typeof browser.contextMenus.create>[0]): Promise<void> {
  return new Promise((resolve) => {
    browser.contextMenus.create(properties, () => {
      // Read, so the browser does not log it as unchecked; the worst case is a missing item.
      const error = browser.runtime.lastError;
      if (error) console.warn('Page Reports: could not add a menu item', error.message);
      resolve();
    });
  });
}
