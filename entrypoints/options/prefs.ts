// The page size and sort a person used last, per list. The page's own preference: never the key.
import { storage, type WxtStorageItem } from 'wxt/utils/storage';
import { PROJECT_LIST_PREFS_KEY, REPORT_LIST_PREFS_KEY } from '@/lib/storage-keys';
import { PROJECT_SORT_KEYS, REPORT_SORT_KEYS } from '@/lib/api/types';
import { sanitizePrefs, type ListPrefs } from '@/lib/options-route';

/** Read once when the page opens, then kept in memory; saving writes through to storage. */
export function memoryPrefs<K extends string>(
  initial: ListPrefs<K> = {},
  persist?: (prefs: ListPrefs<K>) => void,
) {
  let value = initial;
  return {
    get value() {
      return value;
    },
    save(prefs: ListPrefs<K>) {
      value = prefs;
      persist?.(prefs);
    },
  };
}

export type PrefsStore<K extends string> = ReturnType<typeof memoryPrefs<K>>;

type PrefsItem = WxtStorageItem<unknown, Record<string, unknown>>;

async function loadPrefs<K extends string>(item: PrefsItem, sortKeys: readonly K[]) {
  // The values name sort keys and page sizes a later version of the extension may no longer offer.
  const initial = await item.getValue().then(
    (raw) => sanitizePrefs(raw, sortKeys),
    () => ({}),
  );
  return memoryPrefs(initial, (prefs) => {
    item.setValue(prefs).catch((cause: unknown) => {
      console.warn('Page Reports: could not remember the list preferences', cause);
    });
  });
}

export const loadReportListPrefs = () =>
  loadPrefs(
    storage.defineItem<unknown>(`local:${REPORT_LIST_PREFS_KEY}`, { fallback: {}, version: 1 }),
    REPORT_SORT_KEYS,
  );
export const loadProjectListPrefs = () =>
  loadPrefs(
    storage.defineItem<unknown>(`local:${PROJECT_LIST_PREFS_KEY}`, { fallback: {}, version: 1 }),
    PROJECT_SORT_KEYS,
  );
