// The tab the popup was opened on. activeTab lets the popup read its URL once the person clicked the icon.
import { browser } from '@/lib/page-browser';
import { checkPage, type PageCheck } from '@/lib/page-url';

export async function readCurrentPage(): Promise<PageCheck> {
  try {
    const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
    return checkPage(tab?.url);
  } catch {
    return checkPage(null);
  }
}
