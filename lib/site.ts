// A site at a glance: the background keeps one row per report of a project and gives pages only the
// aggregate below and, on request, one test's pages.
import * as z from 'zod/mini';
import { apiErrorSchema } from './api/errors';
import { REPORT_RESULTS, type Report } from './api/types';
import { checkCategory, checkImportance } from './report-store';

/** A project's read stops here: the job's bound, said to the person when the project is larger. */
export const SITE_READ_CAP = 2000;

const count = z.number();
const progress = { read: count, total: z.nullable(count) };

const siteTestSchema = z.object({
  key: z.string(),
  /** Its plain name ("Meta description missing"); an unknown test's key. */
  name: z.string(),
  importance: checkImportance,
  category: checkCategory,
  /** Pages (of those with results) that fail it. */
  pages: count,
});
export type SiteTest = z.infer<typeof siteTestSchema>;

const siteSummarySchema = z.object({
  project: z.string(),
  /** Reports read (at most SITE_READ_CAP). */
  pages: count,
  /** Of them, reports without results (not analysed yet, or a server that sends no tests): counted apart. */
  withoutResults: count,
  /** The mean of the scored pages' scores, and its band; null when none is scored. */
  averageScore: z.nullable(z.number()),
  averageResult: z.nullable(z.enum(REPORT_RESULTS)),
  spread: z.object({ good: count, decent: count, bad: count }),
  /** Failed tests, most pages first; ties: higher importance, then name. */
  tests: z.array(siteTestSchema),
  /** The service's count of the project's reports, when it says; more than `pages` when the read was cut. */
  total: z.nullable(count),
  /** The read stopped at SITE_READ_CAP. */
  cut: z.boolean(),
  /** When the rows were last complete (epoch ms). */
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

/**
 * storage.session, per connection, per project: what the background writes and pages watch
 * (lib/site-store.ts). `summary`: the last complete read (null before the first one ends).
 */
export const siteViewSchema = z.object({ summary: z.nullable(siteSummarySchema), read: siteReadSchema });
export type SiteView = z.infer<typeof siteViewSchema>;

/** One page of the project, as a test's list of pages shows it. */
export type SitePage = Pick<
  Report,
  'id' | 'url' | 'pageUrl' | 'serviceUrl' | 'score' | 'result' | 'generatedAt'
>;

export const siteViewName = (project: string) => `site:${project}`;
