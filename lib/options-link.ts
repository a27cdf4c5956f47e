// Links into the options page. The address is the options page's own hash route (lib/options-route.ts
// writes it for both), so a link and the page can never disagree on its format.
import { browser } from '@/lib/page-browser';
import type { ReportId } from './api/types';
import { routeHash } from './format-route';
import { reportKey } from './report-id';

export type OptionsLink = { view: 'settings' } | { view: 'reports' } | { view: 'report'; id: ReportId };

function hashOf(link: OptionsLink): string {
  return link.view === 'report'
    ? routeHash('reports', [['details', reportKey(link.id)]])
    : routeHash(link.view);
}

/** The options page's address for a link, e.g. `chrome-extension://…/options.html#/reports?details=12`. */
export function optionsUrl(link: OptionsLink): string {
  return `${browser.runtime.getURL('/options.html')}${hashOf(link)}`;
}

/** Opens the options page where `link` points, in a new tab. */
export async function openOptions(link: OptionsLink): Promise<void> {
  await browser.tabs.create({ url: optionsUrl(link) });
}
