// The address of a project's page in the options, as the options page writes its route
// (lib/options-route.ts). Apart from lib/options-link.ts: only the popup's site line, loaded after its
// first frame, needs it, so the popup's start-up does not carry the route's writer.
import { browser } from '@/lib/page-browser';
import { formatRoute } from './options-route';

/** `chrome-extension://…/options.html#/projects/Client%20A%20%2F%20Landing%20pages` */
export function projectPageUrl(name: string): string {
  return `${browser.runtime.getURL('/options.html')}${formatRoute({ section: 'project', name, test: null })}`;
}
