// Each connection's caches and pending work (issue 11). The items stay where they are, for the active
// connection; a switch puts the old one's aside under its id and brings the new one's back, so switching
// back shows its cached data at once, and one connection's data never shows under another.
// A crash between the steps loses at most a cache: the items are put aside before they are removed.
import { browser } from '@/lib/page-browser';
import {
  ACTIVE_CONNECTION_KEY,
  BULK_JOB_KEY,
  BULK_JOB_PASSWORD_KEY,
  CONNECTION_STASH_PREFIX,
  CREATE_RUNS_KEY,
  FOLLOWED_KEY,
  LIST_CACHE_PREFIX,
  PAGE_ALIASES_KEY,
  POPUP_CACHE_KEY,
} from '@/lib/storage-keys';

type Area = Pick<typeof browser.storage.local, 'get' | 'set' | 'remove'>;

/**
 * Per area: the items that belong to one connection (WXT keeps an item's version under `key$`), and the
 * options page's kept lists (under LIST_CACHE_PREFIX). tests/unit/lib/storage-keys.test.ts fails when an
 * item is defined that is neither here nor named there as everyone's.
 */
export const CONNECTION_ITEMS = {
  // The popup's cache, reports followed while generating, creates running, the bulk job and its password.
  session: [POPUP_CACHE_KEY, FOLLOWED_KEY, CREATE_RUNS_KEY, BULK_JOB_KEY, BULK_JOB_PASSWORD_KEY],
  // Where a create was redirected to: kept across browser restarts.
  local: [PAGE_ALIASES_KEY],
} as const;

const stashKey = (id: string) => `${CONNECTION_STASH_PREFIX}${id}`;

async function switchArea(area: Area, names: readonly string[], fromId: string, toId: string) {
  const all = await area.get(null);
  const current = Object.fromEntries(
    Object.entries(all).filter(
      ([key]) => names.includes(key.replace(/\$$/, '')) || key.startsWith(LIST_CACHE_PREFIX),
    ),
  );
  const stashed = (all[stashKey(toId)] ?? {}) as Record<string, unknown>;
  if (fromId) await area.set({ [stashKey(fromId)]: current });
  await area.remove([...Object.keys(current), stashKey(toId)]);
  await area.set(stashed);
}

/** Puts the caches of `fromId` ('' : nobody's, dropped) aside and brings back those of `toId`. */
export async function switchConnectionData(fromId: string, toId: string, storage = browser.storage) {
  // Whose the options page's kept lists are (lib/options-list-cache): one written late never shows here.
  await storage.session.set({ [ACTIVE_CONNECTION_KEY]: toId });
  await switchArea(storage.session, CONNECTION_ITEMS.session, fromId, toId);
  await switchArea(storage.local, CONNECTION_ITEMS.local, fromId, toId);
}

/** A removed connection's caches, put aside, go with it. */
export async function dropConnectionData(id: string, storage = browser.storage) {
  await storage.session.remove(stashKey(id));
  await storage.local.remove(stashKey(id));
}
