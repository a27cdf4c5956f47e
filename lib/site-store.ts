// How pages read a project's site view: the background writes it to storage.session under the active
// connection's space (lib/site.ts says what it holds); pages watch it, checking its shape once here.
import { watchActiveItem } from './connection-space';
import { browser } from './page-browser';
import { ACTIVE_CONNECTION_KEY } from './storage-keys';
import { siteViewName, siteViewSchema, type SiteView } from './site';

/** The stored view, or null when there is none or it does not fit its schema. */
export const siteViewFrom = (value: unknown): SiteView | null => siteViewSchema.safeParse(value).data ?? null;

/**
 * Calls `listener` with project `project`'s view now, after every change, and when another connection
 * becomes active; null while there is none. Returns the function that stops watching.
 */
export function watchSite(project: string, listener: (view: SiteView | null) => void): () => void {
  return watchActiveItem(siteViewName(project), (value) => listener(siteViewFrom(value)));
}

/**
 * Calls `listener` when another connection becomes active: a project's page then asks that connection's
 * background to read the project (its view is another connection's item). Returns the function that stops.
 */
export function onConnectionSwitch(listener: () => void): () => void {
  const area = browser.storage.session;
  const onChanged = (changes: Record<string, unknown>) => {
    if (ACTIVE_CONNECTION_KEY in changes) listener();
  };
  area.onChanged.addListener(onChanged);
  return () => area.onChanged.removeListener(onChanged);
}
