// The popup's snapshot: what it last showed, kept in storage.session so the next open paints at once.
// storage.session lives in memory and is emptied when the browser closes. It never holds the key, and a
// report's password never reaches it (reports carry only whether one is set).
import { POPUP_CACHE_KEY } from '@/lib/storage-keys';
import type { Report, ReportId } from '@/lib/api/types';
import { RECENT_COUNT, type Cached } from '@/lib/messaging/protocol';
import { serviceHost } from '@/entrypoints/background/page-address';
import { sameId } from '@/lib/report-id';
import { cachedViewsFrom, type CachedViews } from '@/lib/cached-views';
import { createSerialUpdates } from './serial-update';
import { spaceItem } from './space';

/** This page's report by the page's URL, and the newest reports by scope ('' for all, else a host). */
export type PopupCacheState = CachedViews;

// Bounds keep the snapshot small: a popup only ever needs the pages visited lately.
const MAX_PAGES = 50;
const MAX_SCOPES = 10;

const emptyState = (): PopupCacheState => ({ pages: {}, recent: {} });

/** One connection's snapshot. */
export const popupCacheItem = (connectionId: string) =>
  spaceItem<PopupCacheState>('session', connectionId, POPUP_CACHE_KEY, emptyState());

export type PopupCache = ReturnType<typeof createPopupCache>;

export function createPopupCache(item: ReturnType<typeof popupCacheItem>) {
  const serially = createSerialUpdates('popup cache update');
  /**
   * `change` edits the state in place and says whether it changed anything; when not, nothing is written.
   * A failed update is logged and never fails the caller: the cache only gives the popup a head start.
   */
  function update(change: (state: PopupCacheState) => boolean): Promise<void> {
    return serially(async () => {
      const state = checkedState(await item.getValue());
      if (change(state)) await item.setValue(bounded(state));
    }).catch(() => undefined);
  }

  return {
    async read(
      url?: string,
      host?: string,
    ): Promise<{ pageReport: Cached<Report | null> | null; recent: Cached<Report[]> | null }> {
      const state = checkedState(await item.getValue());
      return {
        pageReport: url ? (state.pages[url] ?? null) : null,
        recent: state.recent[host ?? ''] ?? null,
      };
    },

    setPageReport(url: string, cached: Cached<Report | null>): Promise<void> {
      return update((state) => {
        delete state.pages[url]; // re-inserted last: the newest entries survive the bound
        state.pages[url] = { data: cached.data && withoutSecrets(cached.data), fetchedAt: cached.fetchedAt };
        return true;
      });
    },

    setRecent(host: string | undefined, cached: Cached<Report[]>): Promise<void> {
      return update((state) => {
        const scope = host ?? '';
        delete state.recent[scope];
        state.recent[scope] = { data: cached.data.map(withoutSecrets), fetchedAt: cached.fetchedAt };
        return true;
      });
    },

    /** A report just created for `pageUrl`: it becomes that page's report and heads the recent lists. */
    addCreatedReport(pageUrl: string, report: Report, now: number): Promise<void> {
      return update((state) => {
        const clean = withoutSecrets(report);
        delete state.pages[pageUrl];
        state.pages[pageUrl] = { data: clean, fetchedAt: now };
        const site = serviceHost(report.url);
        for (const [scope, cached] of Object.entries(state.recent)) {
          if (scope !== '' && serviceHost(scope) !== site) continue;
          const others = cached.data.filter((item) => !sameId(item.id, report.id));
          cached.data = [clean, ...others].slice(0, RECENT_COUNT);
        }
        return true;
      });
    },

    /** A report read again (generated, regenerated, changed): every cached copy takes the new value. */
    replaceReport(report: Report): Promise<void> {
      return update((state) => {
        const { pages, lists } = placesOf(state, report.id);
        const clean = withoutSecrets(report);
        for (const [, cached] of pages) cached.data = clean;
        for (const cached of lists) {
          cached.data = cached.data.map((item) => (sameId(item.id, report.id) ? clean : item));
        }
        return pages.length + lists.length > 0;
      });
    },

    /** A deleted report: dropped from the lists; its page is looked up again next time. */
    forgetReport(id: ReportId): Promise<void> {
      return update((state) => {
        const { pages, lists } = placesOf(state, id);
        for (const [url] of pages) delete state.pages[url];
        for (const cached of lists) cached.data = cached.data.filter((item) => !sameId(item.id, id));
        return pages.length + lists.length > 0;
      });
    },
  };
}

/** Where report `id` is cached: the pages it is the report of, and the recent lists that hold it. */
function placesOf(state: PopupCacheState, id: ReportId) {
  return {
    pages: Object.entries(state.pages).filter(([, cached]) => cached.data && sameId(cached.data.id, id)),
    lists: Object.values(state.recent).filter((cached) => cached.data.some((item) => sameId(item.id, id))),
  };
}

/** Defence in depth: the client already turns a password string into a boolean, but a cache must never hold one. */
function withoutSecrets(report: Report): Report {
  if (typeof report.fields.password !== 'string') return report;
  return { ...report, fields: { ...report.fields, password: report.fields.password.length > 0 } };
}

/** The popup's own check (lib/cached-views): what it would not show is not kept either. */
const checkedState = (value: unknown): PopupCacheState => cachedViewsFrom(value) ?? emptyState();

function bounded(state: PopupCacheState): PopupCacheState {
  return { pages: newest(state.pages, MAX_PAGES), recent: newest(state.recent, MAX_SCOPES) };
}

/** Keeps the last `max` entries by insertion order (setters re-insert what they touch). */
function newest<T>(map: Record<string, T>, max: number): Record<string, T> {
  const entries = Object.entries(map);
  return entries.length <= max ? map : Object.fromEntries(entries.slice(entries.length - max));
}
