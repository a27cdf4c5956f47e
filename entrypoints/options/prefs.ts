// The page size and sort a person used last, per list. The page's own preference: never the key.
import { storage, type WxtStorageItem } from 'wxt/utils/storage';
import { PROJECT_LIST_PREFS_KEY, REPORT_LIST_PREFS_KEY } from '@/lib/storage-keys';
import type { ProjectSortKey, ReportSortKey } from '@/lib/api/types';
import { sanitizeProjectPrefs, sanitizeReportPrefs, type ListPrefs } from '@/lib/options-route';

// Defined once. The values are still checked on reading: they name sort keys and page sizes of the API,
// which a later version of the extension may no longer offer.
const reportListPrefsItem = storage.defineItem<ListPrefs<ReportSortKey>, Record<string, never>>(
  `local:${REPORT_LIST_PREFS_KEY}`,
  { fallback: {}, version: 1 },
);

const projectListPrefsItem = storage.defineItem<ListPrefs<ProjectSortKey>, Record<string, never>>(
  `local:${PROJECT_LIST_PREFS_KEY}`,
  { fallback: {}, version: 1 },
);

/** Read once when the page opens, then kept in memory; saving writes through to storage. */
export interface PrefsStore<K extends string> {
  readonly value: ListPrefs<K>;
  save(prefs: ListPrefs<K>): void;
}

export function memoryPrefs<K extends string>(
  initial: ListPrefs<K> = {},
  persist?: (prefs: ListPrefs<K>) => void,
) {
  let value = initial;
  const store: PrefsStore<K> = {
    get value() {
      return value;
    },
    save(prefs) {
      value = prefs;
      persist?.(prefs);
    },
  };
  return store;
}

async function loadPrefs<K extends string>(
  item: WxtStorageItem<ListPrefs<K>, Record<string, never>>,
  sanitize: (raw: unknown) => ListPrefs<K>,
): Promise<PrefsStore<K>> {
  // Stored data is not trusted: an old or hand-edited value falls back to the defaults.
  const initial = await item.getValue().then(sanitize, () => ({}));
  return memoryPrefs(initial, (prefs) => {
    item.setValue(prefs).catch((cause: unknown) => {
      console.warn('Page Reports: could not remember the list preferences', cause);
    });
  });
}

export function loadReportListPrefs(): Promise<PrefsStore<ReportSortKey>> {
  return loadPrefs(reportListPrefsItem, sanitizeReportPrefs);
}

export function loadProjectListPrefs(): Promise<PrefsStore<ProjectSortKey>> {
  return loadPrefs(projectListPrefsItem, sanitizeProjectPrefs);
}
