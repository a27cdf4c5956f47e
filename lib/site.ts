// A site at a glance: the aggregate of a project's reports, which the background writes and pages watch.
import * as z from 'zod/mini';
import { apiErrorSchema } from './api/errors';
import { watchActiveItem } from './connection-space';
import { REPORT_RESULTS, type Report } from './api/types';
import { checkCategory, checkImportance } from './report-store';

/** A project's read stops here, said to the person when the project is larger. */
export const SITE_READ_CAP = 2000;

const count = z.number();
const progress = { read: count, total: z.nullable(count) };

const siteTestSchema = z.object({
  key: z.string(),
  name: z.string(),
  importance: checkImportance,
  category: checkCategory,
  pages: count,
});
export type SiteTest = z.infer<typeof siteTestSchema>;

const siteSummarySchema = z.object({
  project: z.string(),
  pages: count,
  /** Reports without results (not analysed yet, or a server that sends no tests). */
  withoutResults: count,
  averageScore: z.nullable(z.number()),
  averageResult: z.nullable(z.enum(REPORT_RESULTS)),
  spread: z.object({ good: count, decent: count, bad: count }),
  /** Failed tests, most pages first; ties: higher importance, then name. */
  tests: z.array(siteTestSchema),
  total: z.nullable(count),
  cut: z.boolean(),
  readAt: z.number(),
});
export type SiteSummary = z.infer<typeof siteSummarySchema>;

/** Where a read of the project is; stopped: Stop was pressed, the next read goes on from there. */
const siteReadSchema = z.discriminatedUnion('phase', [
  z.object({ phase: z.literal('reading'), ...progress }),
  z.object({ phase: z.literal('done') }),
  z.object({ phase: z.literal('stopped'), ...progress }),
  z.object({ phase: z.literal('failed'), error: apiErrorSchema }),
]);
export type SiteReadState = z.infer<typeof siteReadSchema>;

/** storage.session, per connection, per project; `summary`: the last complete read. */
export const siteViewSchema = z.object({ summary: z.nullable(siteSummarySchema), read: siteReadSchema });
export type SiteView = z.infer<typeof siteViewSchema>;

/** One page of the project, as a test's list of pages shows it. */
export type SitePage = Pick<
  Report,
  'id' | 'url' | 'pageUrl' | 'serviceUrl' | 'score' | 'result' | 'generatedAt'
>;

export const siteViewName = (project: string) => `site:${project}`;

export const siteViewFrom = (value: unknown): SiteView | null => siteViewSchema.safeParse(value).data ?? null;

/** Calls `listener` with the view now, after every change, and when another connection becomes active. */
export function watchSite(project: string, listener: (view: SiteView | null) => void): () => void {
  return watchActiveItem(siteViewName(project), (value) => listener(siteViewFrom(value)));
}
