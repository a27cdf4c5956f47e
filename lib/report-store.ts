// The reports the background has seen, per connection, and the one way to read them. The background alone
// writes it (entrypoints/background/report-store.ts); the popup, the side panel, the options page's first
// paint and the toolbar score read views of it here. In storage.session (in memory, emptied when the
// browser closes), under the connection's id: a catalog (which report is this page's, which reports a list
// showed, and when) and one key per report copy, so a view reads only its own reports.
// Copies are summaries (lib/api/types.ts ReportSummary): never a password, never the raw results.
import type { Page, ReportSummary } from './api/types';
import { activeConnectionId, spaceKey } from './connection-space';
import { isRecord } from './is-record';
import type { Cached } from './messaging/protocol';
import { browser } from './page-browser';
import { pageKey } from './page-address';
import { STORE_KEY } from './storage-keys';

/** storage.session, per connection: one report's copy (the catalog is under STORE_KEY). */
export const storedReportName = (id: string) => `report:${id}`;

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
  /** By page address, cleaned the service's way (lib/page-address.ts serviceAddress). */
  pages: Record<string, PageEntry>;
  /** By view: `recent:` and a host ('' for all sites), or `list:` and the list query (listView). */
  lists: Record<string, ListEntry>;
  /** Each kept copy's id, and when it was last seen: the oldest go first. */
  seen: Record<string, number>;
}

export const emptyCatalog = (): Catalog => ({ pages: {}, lists: {}, seen: {} });

/** The view of the popup's recent list: every site (no host), or one. */
export const recentView = (host?: string | null) => `recent:${host ?? ''}`;

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

/** Cleaned asked address → cleaned address the service stored it under (after a redirect). */
export function aliasesFrom(value: unknown): Record<string, string> {
  return only(value, (address): address is string => typeof address === 'string');
}

/** One connection's store, read: the views of it each page needs. */
export interface StoreReader {
  /** This page's report as last seen (data null: it has none), or null when never looked up. */
  pageReport(url: string): Promise<Cached<ReportSummary | null> | null>;
  /** The popup's recent list for a host (or every site) as last seen. */
  recent(host?: string | null): Promise<Cached<ReportSummary[]> | null>;
  /** The last answer to a list query (its listView), or null. */
  list(view: string): Promise<(Page<ReportSummary> & { fetchedAt: number }) | null>;
}

/**
 * The store of connection `connectionId` (by default the active one, read once), its catalog read once
 * too. Every read fails soft:
 * what is not kept, or cannot be read, is null, and the page asks the service as without a store.
 */
export function readStore(connectionId?: string): StoreReader {
  let owner: Promise<string> | undefined;
  const key = async (name: string) =>
    spaceKey(
      await (owner ??= connectionId === undefined ? activeConnectionId() : Promise.resolve(connectionId)),
      name,
    );

  // Read once per reader: the popup asks for its recent list while it reads the tab, and finds this page's
  // report in the same catalog once the tab is known. A page that needs a fresh read makes a new reader.
  let catalogRead: Promise<unknown> | undefined;
  const readCatalog = () =>
    (catalogRead ??= key(STORE_KEY).then(
      async (catalogKey) => (await browser.storage.session.get(catalogKey))[catalogKey],
    ));

  /** One entry of the catalog, if it has the shape `check` expects, and the copies of its reports. */
  async function read<T extends { at: number }>(
    part: 'pages' | 'lists',
    name: string,
    check: (value: unknown) => value is T,
    ids: (entry: T) => string[],
  ) {
    const session = browser.storage.session;
    const catalog = await readCatalog();
    const entries = isRecord(catalog) ? catalog[part] : null;
    // Only the entry read is checked: a catalog of thousands of addresses is not walked to paint one.
    const entry = isRecord(entries) && Object.hasOwn(entries, name) ? entries[name] : null;
    if (!check(entry)) return null;
    const keys = await Promise.all(ids(entry).map((id) => key(storedReportName(id))));
    const stored = keys.length > 0 ? await session.get(keys) : {};
    const copies = keys.map((copyKey) => stored[copyKey]);
    // A copy dropped meanwhile: the view is not shown rather than shown with a hole.
    return copies.every(isSummary) ? { entry, copies } : null;
  }

  const soft = <T>(reading: Promise<T>) => reading.catch(() => null);
  const listIds = (entry: ListEntry) => entry.ids;

  return {
    pageReport: async (url) => {
      const address = pageKey(url);
      if (address === null) return null;
      const found = await soft(read('pages', address, isPageEntry, (entry) => (entry.id ? [entry.id] : [])));
      return found && { data: found.copies[0] ?? null, fetchedAt: found.entry.at };
    },
    recent: async (host) => {
      const found = await soft(read('lists', recentView(host), isListEntry, listIds));
      return found && { data: found.copies, fetchedAt: found.entry.at };
    },
    list: async (view) => {
      const found = await soft(read('lists', view, isListEntry, listIds));
      return found?.entry.page
        ? { ...found.entry.page, items: found.copies, fetchedAt: found.entry.at }
        : null;
    },
  };
}
