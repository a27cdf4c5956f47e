// What a project's reports add up to, from the rows the background keeps (one per report): failed tests
// ranked by the pages they affect, the spread over the bands, the average; and one test's pages.
import { checkName } from './api/report-checks';
import { bandOfScore } from './api/score';
import type { CheckImportance, FailedCheck, Report, ReportResult } from './api/types';
import type { SitePage, SiteSummary, SiteTest } from './site';

/** A failed test as a row keeps it (its detail belongs to the one page, not to the site). */
export type SiteRowTest = Omit<FailedCheck, 'detail'>;

export interface SiteRow extends SitePage {
  /** null when the report has no results. */
  failed: SiteRowTest[] | null;
}

export type SiteReadFacts = Pick<SiteSummary, 'total' | 'cut' | 'readAt'>;

const IMPORTANCE_ORDER: readonly CheckImportance[] = ['high', 'medium', 'low'];
const rankOf = (importance: CheckImportance) => IMPORTANCE_ORDER.indexOf(importance);
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function siteRowOf(report: Report): SiteRow {
  const { id, url, pageUrl, serviceUrl, score, result, generatedAt, checks } = report;
  const failed = checks?.failures.map(({ detail: _detail, ...test }) => test) ?? null;
  return { id, url, pageUrl, serviceUrl, score, result, generatedAt, failed };
}

function bandOf(row: SiteRow): ReportResult | null {
  return row.result ?? (row.score === null ? null : bandOfScore(row.score));
}

export function aggregateSite(project: string, rows: readonly SiteRow[], facts: SiteReadFacts): SiteSummary {
  const spread: Record<ReportResult, number> = { good: 0, decent: 0, bad: 0 };
  const tests = new Map<string, SiteTest>();
  let withoutResults = 0;
  let scoreSum = 0;
  let scored = 0;
  for (const row of rows) {
    if (row.failed === null) {
      withoutResults++;
      continue;
    }
    const band = bandOf(row);
    if (band !== null) spread[band]++;
    if (row.score !== null) {
      scoreSum += row.score;
      scored++;
    }
    // A test the service lists twice for one page still counts that page once.
    for (const check of new Map(row.failed.map((entry) => [entry.key, entry])).values()) {
      const known = tests.get(check.key);
      if (!known) {
        tests.set(check.key, { ...check, pages: 1 });
        continue;
      }
      known.pages++;
      // The same test named after different errors on different pages: its generic name.
      if (known.name !== check.name) known.name = checkName(check.key);
      if (rankOf(check.importance) < rankOf(known.importance)) known.importance = check.importance;
    }
  }
  const averageScore = scored > 0 ? scoreSum / scored : null;
  return {
    project,
    pages: rows.length,
    withoutResults,
    averageScore,
    averageResult: averageScore === null ? null : bandOfScore(averageScore),
    spread,
    tests: [...tests.values()].sort(
      (a, b) =>
        b.pages - a.pages ||
        rankOf(a.importance) - rankOf(b.importance) ||
        a.name.localeCompare(b.name) ||
        byCodeUnits(a.key, b.key),
    ),
    total: facts.total,
    cut: facts.cut,
    readAt: facts.readAt,
  };
}

/** The pages that fail test `key`: lowest score first (unscored last), then by address. */
export function pagesFailing(rows: readonly SiteRow[], key: string): SitePage[] {
  return rows
    .filter((row) => row.failed?.some((check) => check.key === key))
    .map(({ failed: _failed, ...page }) => page)
    .sort(
      (a, b) =>
        (a.score ?? Infinity) - (b.score ?? Infinity) ||
        byCodeUnits(a.url, b.url) ||
        byCodeUnits(String(a.id), String(b.id)),
    );
}
