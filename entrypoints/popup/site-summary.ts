// This page's site as the background adds it up (lib/site.ts): its project's summary, kept per connection
// in storage.session and watched through lib/site-store.ts, so a read that ends while the popup is open
// shows at once; asked for when there is none yet or it is old.
import { send } from '@/lib/messaging/send';
import type { SiteSummary } from '@/lib/site';
import { watchSite } from '@/lib/site-store';

/** An older summary is read again: a project that did not change costs the background one list read. */
export const SITE_SUMMARY_MAX_AGE_MS = 10 * 60_000;

/**
 * Calls `listener` with project `project`'s summary (null while none is known), now and after every
 * change. Asks the background once to read the project when there is no summary or an old one.
 */
export function watchSiteSummary(
  project: string,
  listener: (summary: SiteSummary | null) => void,
  now: () => number = Date.now,
): () => void {
  let asked = false;
  return watchSite(project, (view) => {
    const summary = view?.summary ?? null;
    // Written as "not fresh", so a summary without a time counts as old.
    const fresh = summary !== null && now() - summary.readAt <= SITE_SUMMARY_MAX_AGE_MS;
    if (!asked && !fresh) {
      asked = true;
      // Without an answer the line stays away: it is an extra.
      send('site.read', { name: project }).catch(() => undefined);
    }
    listener(summary);
  });
}
