// The address of a project's page in the options (`#/projects/<its name, encoded>`). Apart from
// lib/options-link.ts: only the popup's site line, loaded after its first frame, needs it.
import { browser } from '@/lib/page-browser';
import { routeHash } from './format-route';

/** `chrome-extension://…/options.html#/projects/Client%20A%20%2F%20Landing%20pages` */
export function projectPageUrl(name: string): string {
  const hash = `${routeHash('projects')}/${encodeURIComponent(name.toWellFormed())}`;
  return `${browser.runtime.getURL('/options.html')}${hash}`;
}
