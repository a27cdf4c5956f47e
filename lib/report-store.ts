// The reports the background has seen, per connection, and the one way to read them. The background alone
// writes it (entrypoints/background/report-store.ts); the popup, the side panel, the options page's first
// paint and the toolbar score read views of it here. In storage.session (in memory, emptied when the
// browser closes), under the connection's id: a catalog (which report is this page's, which reports a list
// showed, and when) and one key per report copy, so a view reads only its own reports. Where a create was
// redirected to is kept on disk (storage.local), so a page's report is found again after a restart.
// Copies are summaries (lib/api/types.ts ReportSummary): never a password, never the raw results.
import type { Page, Report, ReportSummary } from './api/types';
import { activeConnectionId, spaceKey } from './connection-space';
import { isRecord } from './is-record';
import type { Cached } from './messaging/protocol';
import { browser } from './page-browser';
import { serviceAddress } from './page-address';
import { PAGE_ALIASES_KEY, STORE_KEY } from './popup-storage-keys';

/** storage.session, per connection: one report's copy (the catalog is under STORE_KEY). */
export const storedReportName = (id: string) => `report:${id}`;

/** The report as lists and kept copies carry it: no raw fields, no long list of failed tests. */
export function summaryOf(report: ReportSummary): ReportSummary {
  const { fields: _fields, checks, ...rest } = report as Report;
  return { ...rest, checks: checks && { counts: checks.counts, top: checks.top } };
}

/** The newest report of a page (null: it has none), and when that was learnt. */
export interface PageEntry {
  id: string | null;
  at: number;
}

/** What a list answered: its reports in order, its page data (not for the popup's lists), and when. */
export interface ListEntry {
  ids: string[];
  page?: Omit<Page<never>, 'items'>;
  at: number;
}

export interface Catalog {
  /** By page address, cleaned the service's way (lib/page-address.ts). */
  pages: Record<string, PageEntry>;
  /** By view: `recent:` and a host ('' for all sites), or `list:` and the list query (listView). */
  lists: Record<string, ListEntry>;
  /** Each kept copy's id, and when it was last seen: the oldest go first. */
  seen: Record<string, number>;
}

export const emptyCatalog = (): Catalog => ({ pages: {}, lists: {}, seen: {} });

/** The view of the popup's recent list: every site (no host), or one. */
export const recentView = (host?: string | null) => `recent:${host ?? ''}`;

/** The view of one list query: the same query, in any key order, is the same view. */
export function listView(query: object): string {
  const entries = Object.entries(query).filter(([, value]) => value !== undefined && value !== '');
  return `list:${JSON.stringify(entries.sort(([a], [b]) => (a < b ? -1 : 1)))}`;
}

const isEntry = (value: unknown): value is Record<string, unknown> & { at: number } =>
  isRecord(value) && typeof value.at === 'number';
const isPageEntry = (value: unknown): value is PageEntry =>
  isEntry(value) && (value.id === null || typeof value.id === 'string');
const isListEntry = (value: unknown): value is ListEntry =>
  isEntry(value) &&
  Array.isArray(value.ids) &&
  value.ids.every((id) => typeof id === 'string') &&
  (value.page === undefined || isRecord(value.page));
const isSummary = (value: unknown): value is ReportSummary =>
  isRecord(value) &&
  (typeof value.id === 'string' || typeof value.id === 'number') &&
  typeof value.url === 'string';

function only<T>(map: unknown, check: (value: unknown) => value is T): Record<string, T> {
  if (!isRecord(map)) return {};
  return Object.fromEntries(Object.entries(map).filter((entry): entry is [string, T] => check(entry[1])));
}

/** The one shape check of what is stored: storage is ours, but an older version's shape must not break a page. */
export function catalogFrom(value: unknown): Catalog {
  if (!isRecord(value)) return emptyCatalog();
  return {
    pages: only(value.pages, isPageEntry),
    lists: only(value.lists, isListEntry),
    seen: only(value.seen, (at): at is number => typeof at === 'number'),
  };
}

export function aliasesFrom(value: unknown): Record<string, string> {
  return only(value, (address): address is string => typeof address === 'string');
}

/** The address a page's report is kept under, or the one a create of it was redirected to; null if none. */
export function pageEntryOf(
  catalog: Catalog,
  aliases: Record<string, string>,
  url: string,
): PageEntry | null {
  const address = serviceAddress(url);
  if (address === null) return null;
  const direct = catalog.pages[address];
  const alias = aliases[address];
  return direct?.id ? direct : ((alias ? catalog.pages[alias] : undefined) ?? direct ?? null);
}

/** One connection's store, read: the views of it each page needs. */
export interface StoreReader {
  /** This page's report as last seen (data null: it has none), or null when never looked up. */
  pageReport(url: string): Promise<Cached<ReportSummary | null> | null>;
  /** The popup's recent list for a host (or every site) as last seen. */
  recent(host?: string | null): Promise<Cached<ReportSummary[]> | null>;
  /** The last answer to a list query, or null. */
  list(query: object): Promise<(Page<ReportSummary> & { fetchedAt: number }) | null>;
}

/**
 * The store of connection `connectionId` (by default the active one, read once). Every read fails soft:
 * what is not kept, or cannot be read, is null, and the page asks the service as without a store.
 */
export function readStore(connectionId?: string): StoreReader {
  let owner: Promise<string> | undefined;
  const key = async (name: string) =>
    spaceKey(
      await (owner ??= connectionId !== undefined ? Promise.resolve(connectionId) : activeConnectionId()),
      name,
    );

  async function catalog(): Promise<Catalog> {
    const catalogKey = await key(STORE_KEY);
    return catalogFrom((await browser.storage.session.get(catalogKey))[catalogKey]);
  }

  /** The copies of `ids`, in order; null when one of them is no longer kept. */
  async function reports(ids: string[]): Promise<ReportSummary[] | null> {
    if (ids.length === 0) return [];
    const keys = await Promise.all(ids.map((id) => key(storedReportName(id))));
    const stored = await browser.storage.session.get(keys);
    const found = keys.map((name) => stored[name]);
    return found.every(isSummary) ? found : null;
  }

  const soft =
    <A extends unknown[], T>(read: (...args: A) => Promise<T | null>) =>
    (...args: A) =>
      read(...args).catch(() => null);

  return {
    pageReport: soft(async (url: string) => {
      const aliasesKey = await key(PAGE_ALIASES_KEY);
      const [kept, aliases] = await Promise.all([catalog(), browser.storage.local.get(aliasesKey)]);
      const entry = pageEntryOf(kept, aliasesFrom(aliases[aliasesKey]), url);
      if (!entry) return null;
      if (entry.id === null) return { data: null, fetchedAt: entry.at };
      const found = await reports([entry.id]);
      return found ? { data: found[0]!, fetchedAt: entry.at } : null;
    }),
    recent: soft(async (host?: string | null) => {
      const entry = (await catalog()).lists[recentView(host)];
      const found = entry ? await reports(entry.ids) : null;
      return entry && found ? { data: found, fetchedAt: entry.at } : null;
    }),
    list: soft(async (query: object) => {
      const entry = (await catalog()).lists[listView(query)];
      const found = entry?.page ? await reports(entry.ids) : null;
      return entry?.page && found ? { ...entry.page, items: found, fetchedAt: entry.at } : null;
    }),
  };
}
