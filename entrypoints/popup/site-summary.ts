// This page's site as the background adds it up (lib/site.ts): its project's summary, kept per connection
// in storage.session. Watched, so a read that ends while the popup is open shows at once; asked for
// when there is none yet or it is old.
import { watchActiveItem } from '@/lib/connection-space';
import { isRecord } from '@/lib/is-record';
import { send } from '@/lib/messaging/send';
import { siteViewName, type SiteSummary } from '@/lib/site';

/** An older summary is read again: a project that did not change costs the background one list read. */
export const SITE_SUMMARY_MAX_AGE_MS = 10 * 60_000;

const isTest = (test: unknown) =>
  isRecord(test) && typeof test.name === 'string' && typeof test.pages === 'number';

/** The summary of a stored SiteView when it has what the popup shows; null otherwise. */
export function summaryOf(view: unknown): SiteSummary | null {
  const summary = isRecord(view) ? view.summary : null;
  if (!isRecord(summary)) return null;
  const { pages, readAt, tests } = summary;
  const usable = typeof pages === 'number' && typeof readAt === 'number' && Array.isArray(tests);
  return usable && tests.every(isTest) ? (summary as unknown as SiteSummary) : null;
}

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
  return watchActiveItem(siteViewName(project), (view) => {
    const summary = summaryOf(view);
    if (!asked && (!summary || now() - summary.readAt > SITE_SUMMARY_MAX_AGE_MS)) {
      asked = true;
      // Without an answer the line stays away: it is an extra.
      send('site.read', { name: project }).catch(() => undefined);
    }
    listener(summary);
  });
}
