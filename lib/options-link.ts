// Links into the options page, written by the page's own route (lib/options-route.ts), so a link and the
// page never disagree.
import { browser } from '@/lib/page-browser';
import type { ReportId } from './api/types';
import { formatRoute, type OptionsRoute } from './options-route';
import { reportKey } from './report-id';

export type OptionsLink =
  | { view: 'settings' }
  | { view: 'reports' }
  | { view: 'report'; id: ReportId }
  | { view: 'project'; name: string };

function routeOf(link: OptionsLink): OptionsRoute {
  if (link.view === 'settings') return { section: 'settings' };
  if (link.view === 'project') return { section: 'project', name: link.name, test: null };
  return { section: 'reports', list: {}, details: link.view === 'report' ? reportKey(link.id) : null };
}

/** The options page's address for a link, e.g. `chrome-extension://…/options.html#/reports?details=12`. */
export function optionsUrl(link: OptionsLink): string {
  return `${browser.runtime.getURL('/options.html')}${formatRoute(routeOf(link))}`;
}

/** In a new tab. */
export async function openOptions(link: OptionsLink): Promise<void> {
  await browser.tabs.create({ url: optionsUrl(link) });
}
