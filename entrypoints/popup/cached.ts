// What the last popup showed, read straight from storage.session: the popup paints it before the
// background answers its snapshot. A profile of the opening (issue 8) showed the popup's largest paint
// waiting for the tab, then for the snapshot's round trip through the worker (~25 ms warm, far more when
// Chrome had stopped it); Chrome sized the popup before the data came, then again after it. Reading
// storage.session needs no worker, and runs beside the tab query. The background alone writes this
// cache (entrypoints/background/popup-cache.ts): report copies without secrets, never the key.
import type { Report } from '@/lib/api/types';
import type { Cached } from '@/lib/messaging/protocol';
import { browser } from '@/lib/page-browser';

/** The storage.session key of the background's `session:popupCache` item (a test checks they agree). */
export const POPUP_CACHE_KEY = 'popupCache';

export interface CachedViews {
  /** This page's report as last seen, by page URL (data null: none exists). */
  pages: Record<string, Cached<Report | null>>;
  /** The newest reports as last seen, by scope ('' for all sites). */
  recent: Record<string, Cached<Report[]>>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isCached = (value: unknown): boolean => isRecord(value) && typeof value.fetchedAt === 'number';

/** The cache, or null when there is none or it cannot be read (the snapshot then paints as before). */
export async function readCachedViews(): Promise<CachedViews | null> {
  try {
    const stored = (await browser.storage.session.get(POPUP_CACHE_KEY))[POPUP_CACHE_KEY];
    if (!isRecord(stored) || !isRecord(stored.pages) || !isRecord(stored.recent)) return null;
    const pages = Object.fromEntries(
      Object.entries(stored.pages).filter(
        ([, entry]) => isCached(entry) && typeof (entry as Cached<unknown>).data === 'object',
      ),
    ) as CachedViews['pages'];
    const recent = Object.fromEntries(
      Object.entries(stored.recent).filter(
        ([, entry]) => isCached(entry) && Array.isArray((entry as Cached<unknown>).data),
      ),
    ) as CachedViews['recent'];
    return { pages, recent };
  } catch {
    return null;
  }
}
