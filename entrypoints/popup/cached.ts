// What the last popup showed, read straight from storage.session: the popup paints it before the
// background answers its snapshot. A profile of the opening showed the popup's largest paint
// waiting for the tab, then for the snapshot's round trip through the worker (~25 ms warm, far more when
// Chrome had stopped it); Chrome sized the popup before the data came, then again after it. Reading
// storage.session needs no worker, and runs beside the tab query. The background alone writes this
// cache (entrypoints/background/popup-cache.ts): report copies without secrets, never the key.
import { cachedViewsFrom, type CachedViews } from '@/lib/cached-views';
import { activeSpaceKey } from '@/lib/connection-space';
import { browser } from '@/lib/page-browser';
import { POPUP_CACHE_KEY } from '@/lib/popup-storage-keys';

export type { CachedViews } from '@/lib/cached-views';

/** The cache, or null when there is none or it cannot be read (the snapshot then paints as before). */
export async function readCachedViews(): Promise<CachedViews | null> {
  try {
    const key = await activeSpaceKey(POPUP_CACHE_KEY);
    return cachedViewsFrom((await browser.storage.session.get(key))[key]);
  } catch {
    return null;
  }
}
