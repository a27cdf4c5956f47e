// What the Reports and Projects lists have in common: their state lives in the hash, the page on show
// follows what the server applied, searches wait for a pause in typing, stale answers are dropped.
import { batch, computed, effect, signal, untracked, type ReadonlySignal } from '@preact/signals';
import type { ApiError, Result } from '@/lib/api/errors';
import {
  PER_PAGE_VALUES,
  type Page,
  type PerPage,
  type ProjectSortKey,
  type ReportSortKey,
  type SortDirection,
} from '@/lib/api/types';
import { firstSortDirection, formatRoute, type ListPrefs, type OptionsRoute } from '@/lib/options-route';
import { searchProblem } from '@/lib/page-url';
import { latestOnly } from './latest-only';
import type { PrefsStore } from '../prefs';
import type { HashRouter } from '../router';

type SortKey = ReportSortKey | ProjectSortKey;

/** The pause in typing after which a search is asked. */
export const SEARCH_DELAY_MS = 350;

export interface ListSort<K extends SortKey> {
  sortBy: K;
  sort: SortDirection;
}

export interface BaseListState<K extends SortKey> {
  search: string;
  sortBy: K;
  sort: SortDirection;
  perPage: PerPage;
  page: number;
}

export interface ListModelConfig<K extends SortKey, S extends BaseListState<K>, Item> {
  router: HashRouter;
  prefs: PrefsStore<K>;
  /** Null when the route shows another section. */
  readList(route: OptionsRoute): Partial<S> | null;
  resolve(list: Partial<S>, prefs: ListPrefs<K>): S;
  routeFor(state: S, current: OptionsRoute | null): OptionsRoute;
  fetchPage(state: S): Promise<Result<Page<Item>>>;
  sortKeys: readonly K[];
  /** The last answer the background kept: shown, marked as refreshing, while the request is on its way. */
  readKept?: (state: S) => Promise<KeptPage<Item> | null>;
}

/** A page kept from an earlier answer, and when that answer came. */
export type KeptPage<Item> = Page<Item> & { fetchedAt: number };

/** Items equal to the ones on show are replaced by them, so their rows render nothing again. */
function withShownItems<Item>(shown: Page<Item> | null, answer: Page<Item>): Page<Item> {
  if (!shown) return answer;
  const items = answer.items.map((item, index) => {
    const before = shown.items[index];
    return before !== undefined && sameValues(before, item) ? before : item;
  });
  return { ...answer, items };
}

/** Equal as data, whatever the order of the keys (storage gives them back sorted). */
function sameValues(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  // Plain data only: a Date or a Map has no keys of its own to compare.
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (!Array.isArray(a) && Object.getPrototypeOf(a) !== Object.prototype) return false;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every(
      (key) =>
        Object.hasOwn(b, key) &&
        sameValues((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
    )
  );
}

export type ListModel<K extends SortKey, S extends BaseListState<K>, Item> = ReturnType<
  typeof createListModel<K, S, Item>
>;

export function createListModel<K extends SortKey, S extends BaseListState<K>, Item>(
  config: ListModelConfig<K, S, Item>,
) {
  const { router, prefs } = config;
  const initial = config.readList(router.route.peek());

  const state = signal<S>(config.resolve(initial ?? {}, prefs.value));
  /** The page on show and the state it shows; kept rows carry when they were answered, this visit's do not. */
  const shown = signal<{ key: string; page: Page<Item> & { fetchedAt?: number } } | null>(null);
  const page = computed(() => shown.value?.page ?? null);
  const loading = signal(false);
  const error = signal<ApiError | null>(null);
  const searchText = signal(state.peek().search);

  /** The state whose answer is on show or on its way, so the same view is not asked for twice. */
  let requestedKey: string | null = null;
  let searchTimer: ReturnType<typeof setTimeout> | undefined;
  /** The route shows this list. */
  let active = false;
  let firstKeptRows: Promise<void> | undefined;
  const fetchLatest = latestOnly(config.fetchPage);

  const keyOf = (list: S) => formatRoute(config.routeFor(list, null));

  async function load(target: S) {
    const key = keyOf(target);
    requestedKey = key;
    // A search from the address bar or a link that no request could carry: the field says why.
    if (searchProblem(target.search)) {
      fetchLatest.invalidate();
      batch(() => {
        loading.value = false;
        error.value = null;
      });
      return;
    }
    loading.value = true;
    if (config.readKept && shown.peek()?.key !== key) {
      const showing = showKept(config.readKept, target);
      firstKeptRows ??= showing;
    }
    const { current, value: result } = await fetchLatest(target);
    if (!current) return;
    if (!result.ok) {
      batch(() => {
        loading.value = false;
        error.value = result.error;
        // Rows of another view never stand under this one's filters: its own kept rows do, or none.
        if (shown.peek()?.key !== key) shown.value = null;
      });
      return;
    }
    // Past the last page (its rows were deleted, or an old bookmark): show the last page instead.
    const { items, lastPage, page: shownPage } = result.data;
    const pastTheEnd = items.length === 0 && lastPage !== null && shownPage > Math.max(1, lastPage);
    if (pastTheEnd && followServer(target, { ...target, page: Math.max(1, lastPage) }, true)) return;
    const applied = appliedState(target, result.data);
    batch(() => {
      loading.value = false;
      error.value = null;
      shown.value = { key: keyOf(applied), page: withShownItems(page.peek(), result.data) };
    });
    if (keyOf(applied) !== key) followServer(target, applied);
  }

  /** Unless this visit's answer is on show already, or the person moved on. */
  async function showKept(readKept: (state: S) => Promise<KeptPage<Item> | null>, target: S) {
    const kept = await readKept(target).catch(() => null);
    const key = keyOf(target);
    if (kept && keyOf(state.peek()) === key && shown.peek()?.key !== key) shown.value = { key, page: kept };
  }

  /** The server may replace an out-of-range page or size with its own: what it applied is what shows. */
  function appliedState(target: S, data: Page<Item>): S {
    const perPage = PER_PAGE_VALUES.find((value) => value === data.perPage) ?? target.perPage;
    return { ...target, page: data.page >= 1 ? data.page : target.page, perPage };
  }

  /** Unless the person moved on meanwhile. */
  function followServer(target: S, applied: S, reload = false): boolean {
    const route = router.route.peek();
    if (config.readList(route) === null || keyOf(state.peek()) !== keyOf(target)) return false;
    if (!reload) requestedKey = keyOf(applied);
    router.navigate(config.routeFor(applied, route), { replace: true });
    return true;
  }

  const stopFollowingRoute = effect(() => {
    const route = router.route.value;
    const list = config.readList(route);
    untracked(() => {
      const entering = !active;
      active = list !== null;
      if (!list) return;
      const next = config.resolve(list, prefs.value);
      const searchChanged = next.search !== state.peek().search;
      batch(() => {
        if (keyOf(next) !== keyOf(state.peek())) state.value = next;
        // A search changed from outside the field (back/forward): the field follows. Any other change
        // leaves alone what is being typed.
        if (searchChanged) showSearch(next.search);
      });
      // Entering the section refreshes what it shows; within it, only a new state asks again.
      if (entering || keyOf(next) !== requestedKey) void load(next);
      // An address that leaves part of the state out (no hash, a link, an old bookmark) is completed with
      // what it resolved to, in place (no new history entry): a bookmark then always restores this view.
      const full = config.routeFor(next, route);
      if (formatRoute(full) !== formatRoute(route)) router.navigate(full, { replace: true });
    });
  });

  /** Unless the field already says it (a trailing space is kept). */
  function showSearch(search: string) {
    if (searchText.peek().trim() === search) return;
    clearTimeout(searchTimer);
    searchText.value = search;
  }

  function reload() {
    void load(state.peek());
  }

  function patchPage(update: (page: Page<Item>) => Page<Item>) {
    const current = shown.peek();
    if (current) shown.value = { ...current, page: update(current.page) };
  }

  function change(patch: Partial<S>) {
    if (patch.search !== undefined) showSearch(patch.search);
    const current = state.peek();
    const next: S = { ...current, page: 1, ...patch };
    if (next.perPage !== current.perPage || next.sortBy !== current.sortBy || next.sort !== current.sort) {
      prefs.save({ perPage: next.perPage, sortBy: next.sortBy, sort: next.sort });
    }
    router.navigate(config.routeFor(next, router.route.peek()));
  }

  const stale = computed(() => shown.value?.key !== keyOf(state.value));
  const typedSearchProblem = computed(() => searchProblem(searchText.value));
  // A server may ignore the sort asked without an error (phpRank replaces `sort_by=generated_at` by `id`);
  // its page links carry what it applied, and what they leave out is taken as asked.
  const sorted = computed<ListSort<K>>(() => {
    const asked = { sortBy: state.value.sortBy, sort: state.value.sort };
    const applied = stale.value ? null : page.value?.appliedSort;
    if (!applied) return asked;
    return {
      sortBy: config.sortKeys.find((key) => key === applied.sortBy) ?? asked.sortBy,
      sort: applied.sort === 'asc' || applied.sort === 'desc' ? applied.sort : asked.sort,
    };
  });
  const sortReplaced = computed(() => {
    const asked = state.value.sortBy;
    const applied = sorted.value.sortBy;
    return applied === asked ? null : { asked, applied };
  });

  return {
    /** Settles once the first state's kept rows are on show or known missing: the page renders once. */
    firstKeptRows: firstKeptRows ?? Promise.resolve(),
    state: state as ReadonlySignal<S>,
    /** Kept on screen while the next page loads or after a failure. */
    page: page as ReadonlySignal<Page<Item> | null>,
    loading: loading as ReadonlySignal<boolean>,
    /** The page on show was loaded for another state (still loading it, or that failed). */
    stale,
    /** When the kept rows on show were answered, while they show (null: none show). */
    keptAt: computed(() => (stale.value ? null : (page.value?.fetchedAt ?? null))),
    error: error as ReadonlySignal<ApiError | null>,
    /** What the search field shows, which runs ahead of the search in the hash while typing. */
    searchText: searchText as ReadonlySignal<string>,
    searchProblem: typedSearchProblem,
    sorted,
    sortReplaced,
    typeSearch(text: string) {
      searchText.value = text;
      clearTimeout(searchTimer);
      const search = text.trim();
      if (search === state.peek().search || searchProblem(search)) return;
      searchTimer = setTimeout(() => change({ search } as Partial<S>), SEARCH_DELAY_MS);
    },
    change,
    sortBy(key: K) {
      // From the sort on show, not the one asked: after the server replaced it, the header marked as
      // sorted is the one a second click must flip.
      const current = sorted.peek();
      const sort =
        key === current.sortBy ? (current.sort === 'asc' ? 'desc' : 'asc') : firstSortDirection(key);
      change({ sortBy: key, sort } as Partial<S>);
    },
    goToPage(target: number) {
      change({ page: Math.max(1, target) } as Partial<S>);
    },
    reload,
    patchPage,
    /** Takes confirmed deletes off the page on show, then reloads to bring the next ones in. */
    removeItems(deleted: (item: Item) => boolean) {
      patchPage((current) => {
        const items = current.items.filter((item) => !deleted(item));
        const removed = current.items.length - items.length;
        return {
          ...current,
          items,
          total: current.total === null ? null : Math.max(0, current.total - removed),
        };
      });
      reload();
    },
    dispose() {
      clearTimeout(searchTimer);
      fetchLatest.invalidate();
      stopFollowingRoute();
    },
  };
}
