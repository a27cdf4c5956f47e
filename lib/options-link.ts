// Links into the options page. The options page reads the same hash routes (shared format).
import { browser } from '@/lib/page-browser';
import type { ReportId } from './api/types';

export type OptionsRoute = { view: 'settings' } | { view: 'reports' } | { view: 'report'; id: ReportId };

/** The options page's address for a route, e.g. `chrome-extension://…/options.html#/reports?details=12`. */
export function optionsUrl(route: OptionsRoute): string {
  const page = browser.runtime.getURL('/options.html');
  switch (route.view) {
    case 'settings':
      return `${page}#/settings`;
    case 'reports':
      return `${page}#/reports`;
    case 'report':
      return `${page}#/reports?details=${encodeURIComponent(String(route.id))}`;
  }
}

/** Opens the options page on a route in a new tab. */
export async function openOptions(route: OptionsRoute): Promise<void> {
  await browser.tabs.create({ url: optionsUrl(route) });
}
