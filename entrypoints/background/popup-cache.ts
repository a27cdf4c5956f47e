// The popup's snapshot: what it last showed, kept in storage.session so the next open paints at once.
// storage.session lives in memory and is emptied when the browser closes. It never holds the key, and a
// report's password never reaches it (reports carry only whether one is set).
import { storage } from 'wxt/utils/storage';
import type { Report, ReportId } from '@/lib/api/types';
import type { Cached } from '@/lib/messaging/protocol';
import { hostOf } from '@/lib/page-url';

export interface PopupCacheState {
  /** This page's report, by the page's URL; data null means "none exists". */
  pages: Record<string, Cached<Report | null>>;
  /** The newest reports, by scope: '' for all, else a host ("This site only"). */
  recent: Record<string, Cached<Report[]>>;
}

export const RECENT_COUNT = 5;
// Bounds keep the snapshot small: a popup only ever needs the pages visited lately.
const MAX_PAGES = 50;
const MAX_SCOPES = 10;

const emptyState = (): PopupCacheState => ({ pages: {}, recent: {} });

export const popupCacheItem = storage.defineItem<PopupCacheState>('session:popupCache', {
  fallback: emptyState(),
  version: 1,
});

export type PopupCache = ReturnType<typeof createPopupCache>;

export function createPopupCache(item = popupCacheItem) {
  // Handlers run concurrently; one queue keeps read-modify-write updates from overwriting each other.
  let queue: Promise<void> = Promise.resolve();
  function update(change: (state: PopupCacheState) => void): Promise<void> {
    const next = queue.then(async () => {
      const state = checkedState(await item.getValue());
      change(state);
      await item.setValue(bounded(state));
    });
    queue = next.catch((cause) => console.error('Page Reports: popup cache update failed', cause));
    return queue;
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
      });
    },

    setRecent(host: string | undefined, cached: Cached<Report[]>): Promise<void> {
      return update((state) => {
        const scope = host ?? '';
        delete state.recent[scope];
        state.recent[scope] = { data: cached.data.map(withoutSecrets), fetchedAt: cached.fetchedAt };
      });
    },

    /** A report just created for `pageUrl`: it becomes that page's report and heads the recent lists. */
    addCreatedReport(pageUrl: string, report: Report, now: number): Promise<void> {
      return update((state) => {
        const clean = withoutSecrets(report);
        delete state.pages[pageUrl];
        state.pages[pageUrl] = { data: clean, fetchedAt: now };
        const host = hostOf(report.url);
        for (const [scope, cached] of Object.entries(state.recent)) {
          if (scope !== '' && scope !== host) continue;
          const others = cached.data.filter((item) => !sameId(item.id, report.id));
          cached.data = [clean, ...others].slice(0, RECENT_COUNT);
        }
      });
    },

    /** A report read again (generated, regenerated, changed): every cached copy takes the new value. */
    replaceReport(report: Report): Promise<void> {
      return update((state) => {
        const clean = withoutSecrets(report);
        for (const cached of Object.values(state.pages)) {
          if (cached.data && sameId(cached.data.id, report.id)) cached.data = clean;
        }
        for (const cached of Object.values(state.recent)) {
          cached.data = cached.data.map((item) => (sameId(item.id, report.id) ? clean : item));
        }
      });
    },

    /** A deleted report: dropped from the lists; its page is looked up again next time. */
    forgetReport(id: ReportId): Promise<void> {
      return update((state) => {
        for (const [url, cached] of Object.entries(state.pages)) {
          if (cached.data && sameId(cached.data.id, id)) delete state.pages[url];
        }
        for (const cached of Object.values(state.recent)) {
          cached.data = cached.data.filter((item) => !sameId(item.id, id));
        }
      });
    },
  };
}

/** Ids may come as numbers or strings; 12 and "12" are the same report. */
export function sameId(a: ReportId, b: ReportId): boolean {
  return String(a) === String(b);
}

/** Defence in depth: the client already turns a password string into a boolean, but a cache must never hold one. */
function withoutSecrets(report: Report): Report {
  if (typeof report.fields.password !== 'string') return report;
  return { ...report, fields: { ...report.fields, password: report.fields.password.length > 0 } };
}

/** storage.session is ours alone, but a shape from an older version must not break the popup. */
function checkedState(value: unknown): PopupCacheState {
  if (typeof value !== 'object' || value === null) return emptyState();
  const { pages, recent } = value as Partial<PopupCacheState>;
  const isMap = (map: unknown) => typeof map === 'object' && map !== null && !Array.isArray(map);
  return { pages: isMap(pages) ? { ...pages } : {}, recent: isMap(recent) ? { ...recent } : {} };
}

function bounded(state: PopupCacheState): PopupCacheState {
  return { pages: newest(state.pages, MAX_PAGES), recent: newest(state.recent, MAX_SCOPES) };
}

/** Keeps the last `max` entries by insertion order (setters re-insert what they touch). */
function newest<T>(map: Record<string, T>, max: number): Record<string, T> {
  const entries = Object.entries(map);
  return entries.length <= max ? map : Object.fromEntries(entries.slice(entries.length - max));
}
