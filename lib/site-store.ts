// How pages read a project's site view: the background writes it to storage.session under the active
// connection's space (lib/site.ts says what it holds); pages watch it, checking its shape once here.
import { watchActiveItem } from './connection-space';
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

