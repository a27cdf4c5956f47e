// A connection's storage and one budget for each area across every connection: report copies, site reads
// and histories stay well under the browser's quota (10 MB each; storage.local 5 MB before Chrome 114), the
// oldest going first, leaving room for what is never evicted (connections, settings, jobs, followed reports).
import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import type { ApiError } from '@/lib/api/errors';
import { spaceKey } from '@/lib/connection-space';
import { HISTORY_INDEX_NAME, historyIndexFrom, historyName, jsonBytes } from '@/lib/history';
import { t } from '@/lib/i18n';
import { catalogFrom, dropCopies, storedReportName } from '@/lib/report-store';
import { siteViewName } from '@/lib/site';
import { SITE_JOB_PREFIX, SITE_KEPT_KEY, SITE_ROWS_PREFIX, STORE_KEY } from '@/lib/storage-keys';
import { apiError } from './error-messages';

export type Area = 'session' | 'local';
type Items = Record<string, unknown>;

export const BUDGET_BYTES: Record<Area, number> = { session: 8_000_000, local: 4_000_000 };
/** What a write outside the budget (the connections) frees when it meets the quota. */
const ROOM_FOR_OTHERS = 64_000;

export class StorageFull extends Error {
  constructor(readonly area: Area) {
    super(`storage.${area} is full`);
  }
}

export const storageFullError = (area: Area): ApiError =>
  apiError('unexpected', {
    message: area === 'local' ? t('storageFullLocal') : t('storageFullSession'),
    retrySafe: true,
  });

/** Chrome: "QUOTA_BYTES quota exceeded"…; Firefox: QuotaExceededError. */
export const isQuotaError = (cause: unknown) =>
  cause instanceof Error && /quota/i.test(`${cause.name} ${cause.message}`);

/** One thing a connection keeps that may go, when it was last used. */
interface Unit {
  keys: string[];
  at: number;
  /** Takes it out of its bookkeeping item (in place), and returns that item's key. */
  forget?(): string;
}

const entryBytes = (key: string, value: unknown) => key.length + jsonBytes(value);
const sizeOf = (items: Items) =>
  Object.entries(items).reduce((sum, [key, value]) => sum + entryBytes(key, value), 0);

/** Every connection's evictable units among an area's items (their bookkeeping parsed in place). */
function unitsOf(area: Area, items: Items): Unit[] {
  const units: Unit[] = [];
  const claimed = new Set<string>();
  const claim = (unit: Unit) => {
    unit.keys = unit.keys.filter((key) => key in items);
    unit.keys.forEach((key) => claimed.add(key));
    if (unit.keys.length > 0) units.push(unit);
  };
  for (const key of Object.keys(items)) {
    const owner = key.slice(0, key.indexOf(':'));
    const name = key.slice(owner.length + 1);
    if (area === 'session' && name === STORE_KEY) {
      const catalog = (items[key] = catalogFrom(items[key]));
      for (const [id, at] of Object.entries(catalog.seen)) {
        claim({
          keys: [spaceKey(owner, storedReportName(id))],
          at,
          forget: () => (dropCopies(catalog, [id]), key),
        });
      }
    } else if (area === 'session' && name === SITE_KEPT_KEY && Array.isArray(items[key])) {
      const kept = items[key] as { name: string; at?: number }[];
      for (const entry of kept) {
        const view = items[spaceKey(owner, siteViewName(entry.name))] as
          { read?: { phase?: string } } | undefined;
        // A read under way is in use: it goes once it ended.
        if (view?.read?.phase === 'reading') continue;
        const names = [SITE_ROWS_PREFIX + entry.name, SITE_JOB_PREFIX + entry.name, siteViewName(entry.name)];
        claim({
          keys: names.map((each) => spaceKey(owner, each)),
          at: entry.at ?? 0,
          forget: () => (kept.splice(kept.indexOf(entry), 1), key),
        });
      }
    } else if (area === 'local' && name === HISTORY_INDEX_NAME) {
      const index = (items[key] = historyIndexFrom(items[key]));
      for (const [id, entry] of Object.entries(index)) {
        claim({
          keys: [spaceKey(owner, historyName(id))],
          at: entry.touched,
          forget: () => (delete index[id], key),
        });
      }
    }
  }
  // Kept by no bookkeeping (a write cut short): the first to go.
  const orphan = area === 'session' ? /^[^:]+:(report|siteRows|siteJob):/ : /^[^:]+:history:/;
  for (const key of Object.keys(items))
    if (orphan.test(key) && !claimed.has(key)) units.push({ keys: [key], at: 0 });
  return units;
}

/** `run` starts `work` once every earlier one ended (a read-modify-write must not miss the one before it). */
export function createSerialUpdates() {
  let queue: Promise<unknown> = Promise.resolve();
  return function run<T>(work: () => Promise<T>): Promise<T> {
    const next = queue.then(work);
    queue = next.catch(() => undefined);
    return next;
  };
}

export type Budget = ReturnType<typeof createBudget>;

/** Every read-modify-write of what it evicts runs in `serially`, so an eviction never races a writer. */
export function createBudget(area: Area, limit = BUDGET_BYTES[area]) {
  const storage = () => browser.storage[area];
  const serially = createSerialUpdates();
  /** As last measured plus written since; null: unknown. */
  let used: number | null = null;

  /** What to write for `incoming` once the oldest made room (once the quota was met: `freeing` bytes more). */
  async function fitted(incoming: Items, freeing?: number): Promise<Items> {
    const stored = await storage().get(null);
    const items = { ...stored, ...incoming };
    let total = sizeOf(items);
    // Down to 90%: the next writes fit without another pass over everything.
    const cap =
      freeing !== undefined ? Math.min(limit, sizeOf(stored) - freeing) : total > limit ? limit * 0.9 : limit;
    const removed = new Set<string>();
    const edited = new Set(Object.keys(incoming));
    const evictable = unitsOf(area, items).filter((unit) => !unit.keys.some((key) => key in incoming));
    for (const unit of evictable.sort((a, b) => a.at - b.at)) {
      if (total <= cap) break;
      for (const key of unit.keys) total -= entryBytes(key, items[key]);
      unit.keys.forEach((key) => removed.add(key));
      const changed = unit.forget?.();
      if (changed) edited.add(changed);
    }
    if (removed.size > 0) await storage().remove([...removed]);
    used = total;
    return Object.fromEntries([...edited].map((key) => [key, items[key]]));
  }

  const full = (again: unknown) => {
    throw isQuotaError(again) ? new StorageFull(area) : again;
  };

  return {
    serially,

    /** A write that meets the quota frees room and is tried once more. */
    async set(items: Items): Promise<void> {
      const bytes = sizeOf(items);
      const fits = used !== null && used + bytes <= limit;
      try {
        await storage().set(fits ? items : await fitted(items));
        if (fits) used! += bytes;
      } catch (cause) {
        if (!isQuotaError(cause)) throw cause;
        await storage()
          .set(await fitted(items, 0))
          .catch(full);
      }
    },

    /** A write of what the budget does not keep (the connections), tried once more after making room. */
    async retrying(write: () => Promise<void>): Promise<void> {
      try {
        await write();
      } catch (cause) {
        if (!isQuotaError(cause)) throw cause;
        await serially(async () => {
          const edits = await fitted({}, ROOM_FOR_OTHERS);
          if (Object.keys(edits).length > 0) await storage().set(edits);
        });
        await write().catch(full);
      }
    },
  };
}

export const budgets = { session: createBudget('session'), local: createBudget('local') };

/** A connection's item `name`; written within `budget` (only inside its queue) when given. */
export function spaceItem<T>(area: Area, connectionId: string, name: string, fallback: T, budget?: Budget) {
  const item = storage.defineItem<T>(`${area}:${spaceKey(connectionId, name)}`, { fallback });
  if (budget) item.setValue = (value: T) => budget.set({ [spaceKey(connectionId, name)]: value });
  return item;
}

/** Everything kept under `connectionId` goes, in each budget's queue: once the writes under way there ended. */
export async function clearSpace(connectionId: string): Promise<void> {
  const prefix = spaceKey(connectionId, '');
  for (const area of ['session', 'local'] as const) {
    await budgets[area].serially(async () => {
      const keys = Object.keys(await browser.storage[area].get(null)).filter((key) => key.startsWith(prefix));
      if (keys.length > 0) await browser.storage[area].remove(keys);
    });
  }
}
