// Links into the options page. The options page reads the same hash routes (shared format).
import { browser } from '@/lib/page-browser';
import type { ReportId } from './api/types';
import { reportKey } from './report-id';

export type OptionsLink = { view: 'settings' } | { view: 'reports' } | { view: 'report'; id: ReportId };

/** The options page's address for a link, e.g. `chrome-extension://…/options.html#/reports?details=12`. */
export function optionsUrl(link: OptionsLink): string {
  const page = browser.runtime.getURL('/options.html');
  switch (link.view) {
    case 'settings':
      return `${page}#/settings`;
    case 'reports':
      return `${page}#/reports`;
    case 'report':
      return `${page}#/reports?details=${encodeURIComponent(reportKey(link.id))}`;
  }
}

/** Opens the options page where `link` points, in a new tab. */
export async function openOptions(link: OptionsLink): Promise<void> {
  await browser.tabs.create({ url: optionsUrl(link) });
}
