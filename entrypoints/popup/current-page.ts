// The tab the popup was opened on. activeTab lets the popup read its URL once the person clicked the icon.
import { browser } from '@/lib/page-browser';
import { checkPage, type PageCheck } from '@/lib/page-url';

export interface CurrentTab {
  page: PageCheck;
  /** Its window: the side panel opens beside it. */
  windowId: number | undefined;
}

export async function readCurrentTab(): Promise<CurrentTab> {
  try {
    const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
    return { page: checkPage(tab?.url), windowId: tab?.windowId };
  } catch {
    return { page: checkPage(null), windowId: undefined };
  }
}
