// Pages watch a project's site view in the active connection's space, checking its shape once here.
import { watchActiveItem } from './connection-space';
import { siteViewName, siteViewSchema, type SiteView } from './site';

export const siteViewFrom = (value: unknown): SiteView | null => siteViewSchema.safeParse(value).data ?? null;

/** Calls `listener` with the view now, after every change, and when another connection becomes active. */
export function watchSite(project: string, listener: (view: SiteView | null) => void): () => void {
  return watchActiveItem(siteViewName(project), (value) => listener(siteViewFrom(value)));
}
