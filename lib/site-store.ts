// How pages read a project's site view: the background writes it to storage.session under the active
// connection's space (lib/site.ts says what it holds); pages watch it, checking its shape once here.
import * as z from 'zod/mini';
import { apiErrorSchema } from './api/errors';
import { REPORT_RESULTS } from './api/types';
import { watchActiveItem } from './connection-space';
import { browser } from './page-browser';
import { checkCategory, checkImportance } from './report-store';
import { ACTIVE_CONNECTION_KEY } from './storage-keys';
import { siteViewName, type SiteView } from './site';

const count = z.number();
const progress = { read: count, total: z.nullable(count) };

/** The view the background writes and pages watch (lib/site.ts says what each field is). */
export const siteViewSchema: z.ZodMiniType<SiteView> = z.object({
  summary: z.nullable(
    z.object({
      project: z.string(),
      pages: count,
      withoutResults: count,
      averageScore: z.nullable(z.number()),
      averageResult: z.nullable(z.enum(REPORT_RESULTS)),
      spread: z.object({ good: count, decent: count, bad: count }),
      tests: z.array(
        z.object({
          key: z.string(),
          name: z.string(),
          importance: checkImportance,
          category: checkCategory,
          pages: count,
        }),
      ),
      total: z.nullable(count),
      cut: z.boolean(),
      readAt: z.number(),
    }),
  ),
  read: z.discriminatedUnion('phase', [
    z.object({ phase: z.literal('reading'), ...progress }),
    z.object({ phase: z.literal('done') }),
    z.object({ phase: z.literal('stopped'), ...progress }),
    z.object({ phase: z.literal('failed'), error: apiErrorSchema }),
  ]),
});

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
