// A site at a glance: what the background learns by reading a project's reports with their tests, and
// what pages may know of it. The background keeps one row per report (entrypoints/background/site-reads.ts)
// and gives pages only the aggregate below and, on request, one test's pages.
import type { ApiError } from './api/errors';
import type { CheckCategory, CheckImportance, Report, ReportResult } from './api/types';

/** A project's read stops here: the job's bound, said to the person when the project is larger. */
export const SITE_READ_CAP = 2000;

/** One failed test across the project: how many of its pages fail it. */
export interface SiteTest {
  /** The test's key as the service sent it. */
  key: string;
  /** Its plain name ("Meta description missing"); an unknown test's key. */
  name: string;
  importance: CheckImportance;
  category: CheckCategory;
  /** Pages (of those with results) that fail it. */
  pages: number;
}

/** What a project's reports add up to. */
export interface SiteSummary {
  project: string;
  /** Reports read (at most SITE_READ_CAP). */
  pages: number;
  /** Of them, reports without results (not analysed yet, or a server that sends no tests): counted apart. */
  withoutResults: number;
  /** The mean of the scored pages' scores, and its band; null when none is scored. */
  averageScore: number | null;
  averageResult: ReportResult | null;
  /** Scored pages by band. */
  spread: Record<ReportResult, number>;
  /** Failed tests, most pages first; ties: higher importance, then name. */
  tests: SiteTest[];
  /** The service's count of the project's reports, when it says; more than `pages` when the read was cut. */
  total: number | null;
  /** The read stopped at SITE_READ_CAP. */
  cut: boolean;
  /** When the rows were last complete (epoch ms). */
  readAt: number;
}

/** One page of the project, as a test's list of pages shows it. */
export type SitePage = Pick<
  Report,
  'id' | 'url' | 'pageUrl' | 'serviceUrl' | 'score' | 'result' | 'generatedAt'
>;

/** Where a read of the project is. */
export type SiteReadState =
  | { phase: 'reading'; read: number; total: number | null }
  | { phase: 'done' }
  /** Stop was pressed: the next read goes on from where this one stopped. */
  | { phase: 'stopped'; read: number; total: number | null }
  | { phase: 'failed'; error: ApiError };

/** storage.session, per connection, per project: what pages watch (lib/site-store.ts). */
export interface SiteView {
  /** The last complete read (null before the first one ends). */
  summary: SiteSummary | null;
  read: SiteReadState;
}

/** The name, in the connection's space, of project `project`'s view. */
export const siteViewName = (project: string) => `site:${project}`;
