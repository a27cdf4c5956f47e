// The options page's last answers to its report lists, so a page opened again paints its rows at once
// (marked as refreshing) instead of after the service's round trip, then shows the fresh answer.
// Kept in storage.session (in memory, emptied when the browser closes) under the connection the page was
// opened for (lib/connection-space.ts), one entry per list query (the route of the list state: filters,
// search, sort, page size and page), the newest few only. It holds what pages already receive: no key (the
// background scrubs every answer) and no report password (reports carry only whether one is set).
import type { Page } from './api/types';
import { activeConnectionId, spaceKey } from './connection-space';
import { browser } from './page-browser';
import { LIST_CACHE_PREFIX } from './storage-keys';

/** How many queries are kept: a few views a person moves between (a page of 100 rows is ~0.3 MB). */
export const LIST_CACHE_SIZE = 4;

interface Entry<Item> {
  query: string;
  page: Page<Item>;
  fetchedAt: number;
}

let pageOwner: Promise<string> | undefined;
/**
 * The connection this page's requests go to, read once: the options page starts again on every switch
 * (settings/ConnectionsPanel.tsx), so it calls this at start-up, before its first request.
 */
export const listCacheOwner = () => (pageOwner ??= activeConnectionId());

/** Under the page's connection: an answer written after a switch never shows under another. */
const entryKey = async (query: string) => spaceKey(await listCacheOwner(), `${LIST_CACHE_PREFIX}q:${query}`);
/** The queries kept, newest first. */
const indexKey = async () => spaceKey(await listCacheOwner(), `${LIST_CACHE_PREFIX}index`);

/** A stored page a list can show: storage is not trusted blindly. */
function isPage(value: unknown): value is Page<unknown> {
  const page = value as Partial<Page<unknown>> | null;
  return (
    typeof page === 'object' &&
    page !== null &&
    Array.isArray(page.items) &&
    typeof page.page === 'number' &&
    typeof page.perPage === 'number'
  );
}

/** The page last answered for `query`, or null; never another query's. */
export async function readCachedList<Item>(query: string): Promise<Page<Item> | null> {
  try {
    const key = await entryKey(query);
    const stored = (await browser.storage.session.get(key))[key] as Partial<Entry<Item>> | undefined;
    return stored?.query === query && isPage(stored.page) ? (stored.page as Page<Item>) : null;
  } catch {
    return null; // The cache only gives a head start: without it the page waits for the answer.
  }
}

/** Keeps `page` as the answer to `query`, dropping the oldest queries beyond LIST_CACHE_SIZE. */
export async function writeCachedList<Item>(
  query: string,
  page: Page<Item>,
  now = Date.now(),
): Promise<void> {
  try {
    const area = browser.storage.session;
    const indexed = await indexKey();
    const stored = (await area.get(indexed))[indexed];
    const known = Array.isArray(stored)
      ? stored.filter((item): item is string => typeof item === 'string')
      : [];
    const index = [query, ...known.filter((item) => item !== query)];
    const entry: Entry<Item> = { query, page, fetchedAt: now };
    await area.set({ [await entryKey(query)]: entry, [indexed]: index.slice(0, LIST_CACHE_SIZE) });
    const dropped = await Promise.all(index.slice(LIST_CACHE_SIZE).map(entryKey));
    if (dropped.length > 0) await area.remove(dropped);
  } catch {
    // Not kept: the next visit waits for the service, as without a cache.
  }
}
