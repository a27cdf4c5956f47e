// The right-click menu: "Create report for this page" / "for this link", shown as Settings says.
import { browser } from 'wxt/browser';
import { t } from '@/lib/i18n';

export const MENU_PAGE = 'create-report-page';
export const MENU_LINK = 'create-report-link';

// Only where a report can be made: the click handler checks the address again all the same.
const WEB_PAGES = ['http://*/*', 'https://*/*'];

export interface MenuClick {
  menuItemId: string | number;
  pageUrl?: string;
  linkUrl?: string;
}

/** The address a click of one of our items is about; null for anybody else's item. */
export function clickedAddress(info: MenuClick, tabUrl?: string): { url: string | undefined } | null {
  if (info.menuItemId === MENU_PAGE) return { url: info.pageUrl ?? tabUrl };
  if (info.menuItemId === MENU_LINK) return { url: info.linkUrl };
  return null;
}

async function apply(enabled: boolean): Promise<void> {
  await browser.contextMenus.removeAll();
  if (!enabled) return;
  await add({
    id: MENU_PAGE,
    title: t('menuCreateForPage'),
    contexts: ['page'],
    documentUrlPatterns: WEB_PAGES,
  });
  await add({
    id: MENU_LINK,
    title: t('menuCreateForLink'),
    contexts: ['link'],
    targetUrlPatterns: WEB_PAGES,
  });
}

function add(properties: Parameters<typeof browser.contextMenus.create>[0]): Promise<void> {
  return new Promise((resolve) => {
    browser.contextMenus.create(properties, () => {
      // Read, so the browser does not log it as unchecked; the worst case is a missing item.
      const error = browser.runtime.lastError;
      if (error) console.warn('Page Reports: could not add a menu item', error.message);
      resolve();
    });
  });
}

// One at a time: two quick toggles must not leave the items twice (an error) or not at all.
let queue: Promise<void> = Promise.resolve();

export function showMenus(enabled: boolean): Promise<void> {
  queue = queue
    .then(() => apply(enabled))
    .catch((cause) => console.warn('Page Reports: could not update the menu', cause));
  return queue;
}
