// The shape of the popup's snapshot in storage.session (POPUP_CACHE_KEY), and the one check of it: the
// background's item is read through it before each update (entrypoints/background/popup-cache.ts), and the
// popup reads the stored value directly through it (entrypoints/popup/cached.ts, no @wxt-dev/storage).
// Storage is ours alone, but a shape from an older version must not break either.
import type { Report } from './api/types';
import type { Cached } from './messaging/protocol';
import { isRecord } from './is-record';

export interface CachedViews {
  /** This page's report as last seen, by page URL (data null: none exists). */
  pages: Record<string, Cached<Report | null>>;
  /** The newest reports as last seen, by scope ('' for all sites). */
  recent: Record<string, Cached<Report[]>>;
}

const isCached = (value: unknown): value is Cached<unknown> =>
  isRecord(value) && typeof value.fetchedAt === 'number';

/** Keeps the entries that pass `check`, in their order (the background keeps the newest by order). */
function entries<T>(map: Record<string, unknown>, check: (data: unknown) => boolean) {
  return Object.fromEntries(
    Object.entries(map).filter(([, entry]) => isCached(entry) && check(entry.data)),
  ) as Record<string, T>;
}

/** The stored snapshot's usable entries (new objects), or null when it is missing or not a snapshot. */
export function cachedViewsFrom(stored: unknown): CachedViews | null {
  if (!isRecord(stored) || !isRecord(stored.pages) || !isRecord(stored.recent)) return null;
  return {
    pages: entries(stored.pages, (data) => typeof data === 'object'),
    recent: entries(stored.recent, Array.isArray),
  };
}
