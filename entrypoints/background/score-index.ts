// The local index behind the toolbar score: page address → the newest report's id, score, band and date.
// Built in bulk from the report list (a few big pages, bounded), so a tab switch is a lookup here and
// never a request. Addresses are keyed the way the popup compares them (entrypoints/background/page-address.ts): phpRank
// stores `example.com/pricing` (no scheme, no `www.`), a tab shows `https://www.example.com/pricing`.
import type { Result } from '@/lib/api/errors';
import type { Page, Report, ReportId, ReportResult } from '@/lib/api/types';
import { bandOfScore, roundScore } from '@/lib/api/score';
import { serviceAddress } from '@/entrypoints/background/page-address';
import { MAX_PAGE_URL_LENGTH } from '@/lib/page-url';

export interface ScoreEntry {
  id: ReportId;
  /** The whole number shown (0–100); null when the service sent only a band, or nothing yet. */
  score: number | null;
  band: ReportResult | null;
  /** When it was generated (else created), ISO. */
  date: string | null;
}

export interface ScoreIndex {
  /** The connection it was read from: an index never outlives it (see forget in toolbar-score.ts). */
  baseUrl: string;
  builtAt: number;
  /** Whether the bounds cut the list short (older reports are then not in it). */
  truncated: boolean;
  entries: Record<string, ScoreEntry>;
}

// The service's biggest page (phpRank takes 10/25/50/100); ten of them at most: 1,000 reports, ten
// requests per refresh. The number of addresses and their length are capped too, so the index stays
// small in storage whatever the server sends.
export const INDEX_PER_PAGE = 100;
export const INDEX_MAX_PAGES = 10;
export const INDEX_MAX_REPORTS = INDEX_MAX_PAGES * INDEX_PER_PAGE;
export const INDEX_MAX_ADDRESSES = 2 * INDEX_MAX_REPORTS;
/** Characters of all addresses together: about 1 MB in storage at most, however long each one is. */
export const INDEX_MAX_CHARACTERS = 500_000;

export type ListPage = (page: number) => Promise<Result<Page<Report>>>;

export function scoreEntry(report: Report): ScoreEntry {
  const score = report.score === null ? null : roundScore(report.score);
  return {
    id: report.id,
    score,
    band: score === null ? report.result : bandOfScore(score),
    date: report.generatedAt ?? report.createdAt,
  };
}

/** The addresses a report answers to: as stored, and as the service reached it (after redirects). */
export function reportAddresses(report: Pick<Report, 'url' | 'pageUrl'>): string[] {
  const keys = new Set<string>();
  for (const address of [report.url, report.pageUrl]) {
    const key = address ? serviceAddress(address) : null;
    if (key && key.length <= MAX_PAGE_URL_LENGTH) keys.add(key);
  }
  return [...keys];
}

function numericId(id: ReportId): number | null {
  const n = typeof id === 'number' ? id : /^\d{1,15}$/.test(id) ? Number(id) : NaN;
  return Number.isSafeInteger(n) ? n : null;
}

/** Whether `candidate` is a newer report than `current`: the later creation, else the higher id. */
function isNewer(candidate: Report, current: Report): boolean {
  const a = Date.parse(candidate.createdAt ?? '');
  const b = Date.parse(current.createdAt ?? '');
  if (Number.isFinite(a) && Number.isFinite(b) && a !== b) return a > b;
  const x = numericId(candidate.id);
  const y = numericId(current.id);
  // Unknown order: the list came newest first (sorted by id, descending), so the one seen first stays.
  return x !== null && y !== null && x > y;
}

interface Table {
  reports: Map<string, Report>;
  characters: number;
}

/** Adds reports to a table of address → newest report; false once a cap is reached. */
function addReports(table: Table, reports: readonly Report[]): boolean {
  for (const report of reports) {
    for (const key of reportAddresses(report)) {
      const current = table.reports.get(key);
      if (current === undefined) {
        const full =
          table.reports.size >= INDEX_MAX_ADDRESSES || table.characters + key.length > INDEX_MAX_CHARACTERS;
        if (full) return false;
        table.characters += key.length;
      }
      if (current === undefined || isNewer(report, current)) table.reports.set(key, report);
    }
  }
  return true;
}

/**
 * Reads the list page by page (newest first) within the bounds and returns the index. A failed page fails
 * the whole: the caller keeps the index it had rather than one with holes.
 */
export async function buildScoreIndex(
  listPage: ListPage,
  baseUrl: string,
  now: number,
): Promise<Result<ScoreIndex>> {
  const table: Table = { reports: new Map(), characters: 0 };
  let read = 0;
  let truncated = false;
  for (let page = 1; ; page++) {
    const answer = await listPage(page);
    if (!answer.ok) return answer;
    const items = answer.data.items.slice(0, INDEX_MAX_REPORTS - read);
    read += items.length;
    const fits = addReports(table, items);
    const more = answer.data.hasNext && answer.data.items.length > 0;
    if (fits && !more) break;
    if (!fits || read >= INDEX_MAX_REPORTS || page >= INDEX_MAX_PAGES) {
      truncated = true;
      break;
    }
  }
  const entries: Record<string, ScoreEntry> = {};
  for (const [key, report] of table.reports) entries[key] = scoreEntry(report);
  return { ok: true, data: { baseUrl, builtAt: now, truncated, entries } };
}

/** The newest report for a tab's address, or null (no report, or not a web address). */
export function lookupScore(index: ScoreIndex | null, tabUrl: string | undefined): ScoreEntry | null {
  if (!index || !tabUrl) return null;
  const key = serviceAddress(tabUrl);
  return key === null ? null : (index.entries[key] ?? null);
}

/**
 * The index with a report just created (the newest of its page) or updated (only where it is the one
 * shown already). No request: the bulk refresh follows.
 */
export function withReport(index: ScoreIndex, report: Report, created: boolean): ScoreIndex {
  const entries = { ...index.entries };
  for (const key of reportAddresses(report)) {
    if (created || String(entries[key]?.id) === String(report.id)) entries[key] = scoreEntry(report);
  }
  return { ...index, entries };
}

/** The index without a deleted report (an older one of the same page comes back with the next refresh). */
export function withoutReport(index: ScoreIndex, id: ReportId): ScoreIndex {
  const entries = Object.fromEntries(
    Object.entries(index.entries).filter(([, entry]) => String(entry.id) !== String(id)),
  );
  return { ...index, entries };
}
