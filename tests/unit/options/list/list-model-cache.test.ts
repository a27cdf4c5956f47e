// The list model with kept answers (ListModelConfig.readKept, which the background writes): a state's kept
// rows show while its request is on the way, marked, then the answer replaces them; rows kept for one
// state never show for another, and a kept page never covers a fresher answer.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Result } from '@/lib/api/errors';
import { PROJECT_SORT_KEYS, type Page, type ProjectSortKey } from '@/lib/api/types';
import { formatRoute, resolveProjectList, type ProjectListState } from '@/lib/options-route';
import { createListModel, type KeptPage, type ListModel } from '@/entrypoints/options/list/list-model';
import { memoryPrefs } from '@/entrypoints/options/prefs';
import { createHashRouter, type HashRouter } from '@/entrypoints/options/router';
import { deferred, fail, makePage, ok, type Deferred } from '../fakes';

interface Item {
  name: string;
}
type Model = ListModel<ProjectSortKey, ProjectListState, Item>;

let router: HashRouter | undefined;
let model: Model | undefined;

const KEPT_AT = Date.UTC(2026, 10, 1, 9, 30);
const page = (...names: string[]) => makePage(names.map((name) => ({ name })));
const kept = (...names: string[]): KeptPage<Item> => ({ ...page(...names), fetchedAt: KEPT_AT });
const names = (list: Model) => list.page.value?.items.map((item) => item.name);
const settle = () => vi.advanceTimersByTimeAsync(1000);

/**
 * Kept answers in memory, by the route that shows their state, whose reads wait until the test lets them
 * go (or answer at once).
 */
function memoryCache(keptPages: Record<string, Page<Item>> = {}, { holdReads = false } = {}) {
  const reads: { query: string; answer: Deferred<KeptPage<Item> | null> }[] = [];
  const keptFor = (query: string) => {
    const found = keptPages[query];
    return found ? { ...found, fetchedAt: KEPT_AT } : null;
  };
  const cache = (state: ProjectListState) => {
    const query = formatRoute({ section: 'projects', list: state });
    if (!holdReads) return Promise.resolve(keptFor(query));
    const answer = deferred<KeptPage<Item> | null>();
    reads.push({ query, answer });
    return answer.promise;
  };
  const release = () => reads.splice(0).forEach(({ query, answer }) => answer.resolve(keptFor(query)));
  return { cache, reads, release };
}

function start(
  hash: string,
  fetchPage: (state: ProjectListState) => Promise<Result<Page<Item>>>,
  cache: (state: ProjectListState) => Promise<KeptPage<Item> | null>,
) {
  window.history.replaceState(null, '', `${window.location.pathname}${hash}`);
  router = createHashRouter({ section: 'settings' });
  const list = createListModel<ProjectSortKey, ProjectListState, Item>({
    router,
    prefs: memoryPrefs<ProjectSortKey>(),
    readList: (route) => (route.section === 'projects' ? route.list : null),
    resolve: resolveProjectList,
    routeFor: (state) => ({ section: 'projects', list: state }),
    fetchPage,
    sortKeys: PROJECT_SORT_KEYS,
    readKept: cache,
  });
  model = list;
  return list;
}

const ALL = '#/projects?sort_by=created_at&sort=desc&per_page=10';
const ACME = '#/projects?search=acme&sort_by=created_at&sort=desc&per_page=10';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  model?.dispose();
  model = undefined;
  router?.dispose();
  router = undefined;
  vi.useRealTimers();
});

describe('the list model with kept answers', () => {
  it('settles firstKeptRows once the kept rows are on show, and without them once their read found none', async () => {
    const { cache, release } = memoryCache({ [ALL]: page('kept-a') }, { holdReads: true });
    const answer = deferred<Result<Page<Item>>>();
    const list = start('#/projects', () => answer.promise, cache);
    let settled = false;
    void list.firstKeptRows.then(() => (settled = true));
    await settle();
    expect(settled).toBe(false);
    release();
    await list.firstKeptRows;
    expect(names(list)).toEqual(['kept-a']);
    list.dispose();
    router?.dispose();

    const empty = memoryCache();
    const other = start('#/projects', () => answer.promise, empty.cache);
    await other.firstKeptRows;
    expect(other.page.value).toBeNull();
  });

  it('keeps the items on show that the answer holds again unchanged, so their rows do not render again', async () => {
    const keptA = { name: 'a', tag: { x: 1, y: 2 } } as Item;
    const keptB = { name: 'b' };
    const { cache } = memoryCache({ [ALL]: makePage([keptA, keptB]) });
    const answer = deferred<Result<Page<Item>>>();
    const list = start('#/projects', () => answer.promise, cache);
    await settle();
    // Storage gives the keys back sorted: the same values in another order are the same item.
    answer.resolve(
      ok(makePage([{ tag: { y: 2, x: 1 }, name: 'a' } as Item, { name: 'b', tag: null } as Item])),
    );
    await settle();
    expect(list.keptAt.value).toBeNull();
    expect(list.page.value?.items[0]).toBe(keptA);
    expect(list.page.value?.items[1]).not.toBe(keptB);
    expect(list.page.value?.items[1]).toEqual({ name: 'b', tag: null });
  });

  it('shows the rows kept for the state at once, marked, then the answer in their place', async () => {
    const { cache } = memoryCache({ [ALL]: page('kept-a', 'kept-b') });
    const answer = deferred<Result<Page<Item>>>();
    const list = start('#/projects', () => answer.promise, cache);
    await settle();
    expect(names(list)).toEqual(['kept-a', 'kept-b']);
    expect(list.keptAt.value).not.toBeNull();
    expect(list.loading.value).toBe(true);
    expect(list.stale.value).toBe(false);
    answer.resolve(ok(page('fresh')));
    await settle();
    expect(names(list)).toEqual(['fresh']);
    expect(list.keptAt.value).toBeNull();
    expect(list.loading.value).toBe(false);
  });

  it('never shows rows kept for another state: another search, sort, size or page', async () => {
    const { cache } = memoryCache({
      [ALL]: page('all'),
      '#/projects?sort_by=project&sort=asc&per_page=10': page('by-name'),
      '#/projects?sort_by=created_at&sort=desc&per_page=25': page('25'),
      '#/projects?sort_by=created_at&sort=desc&per_page=10&page=2': page('page-2'),
    });
    const list = start('#/projects?search=acme', () => new Promise(() => {}), cache);
    await settle();
    expect(list.page.value).toBeNull();
    expect(list.keptAt.value).toBeNull();
  });

  it('never shows the kept page of a state the person has moved away from meanwhile', async () => {
    const { cache, reads } = memoryCache({}, { holdReads: true });
    const list = start('#/projects', () => new Promise(() => {}), cache);
    await settle();
    expect(reads.map((read) => read.query)).toEqual([ALL]);
    list.change({ search: 'acme' });
    await settle();
    expect(reads.map((read) => read.query)).toEqual([ALL, ACME]);
    reads[0]!.answer.resolve(kept('all')); // the old state's read comes back late
    await settle();
    expect(list.page.value).toBeNull();
    reads[1]!.answer.resolve(kept('acme'));
    await settle();
    expect(names(list)).toEqual(['acme']);
    expect(list.keptAt.value).not.toBeNull();
  });

  it('does not cover a fresher answer with a kept page read late', async () => {
    const { cache, release } = memoryCache({ [ALL]: page('kept') }, { holdReads: true });
    const list = start('#/projects', async () => ok(page('fresh')), cache);
    await settle();
    expect(names(list)).toEqual(['fresh']);
    release();
    await settle();
    expect(names(list)).toEqual(['fresh']);
    expect(list.keptAt.value).toBeNull();
  });

  it('keeps the kept rows, still marked, when the answer fails', async () => {
    const { cache } = memoryCache({ [ALL]: page('kept') });
    const list = start('#/projects', async () => fail('server'), cache);
    await settle();
    expect(names(list)).toEqual(['kept']);
    expect(list.keptAt.value).not.toBeNull();
    expect(list.error.value?.kind).toBe('server');
    expect(list.keptAt.value).toBe(KEPT_AT);
  });

  it('shows the kept rows of the state when its answer fails before they were read', async () => {
    const { cache, release } = memoryCache({ [ALL]: page('kept') }, { holdReads: true });
    const list = start('#/projects', async () => fail('network'), cache);
    await settle();
    release();
    await settle();
    expect(names(list)).toEqual(['kept']);
    expect(list.keptAt.value).toBe(KEPT_AT);
    expect(list.error.value?.kind).toBe('network');
  });

  it('takes the rows of another state off when this one fails and has none kept', async () => {
    const { cache } = memoryCache();
    let answer: Result<Page<Item>> = ok(page('all'));
    const list = start('#/projects', async () => answer, cache);
    await settle();
    expect(names(list)).toEqual(['all']);
    answer = fail('network');
    list.change({ search: 'acme' });
    await settle();
    expect(list.page.value).toBeNull();
    expect(list.keptAt.value).toBeNull();
    expect(list.error.value?.kind).toBe('network');
  });

  it('shows the rows kept for the new state when it fails, with when they were answered', async () => {
    const { cache } = memoryCache({ [ACME]: page('kept-acme') });
    let answer: Result<Page<Item>> = ok(page('all'));
    const list = start('#/projects', async () => answer, cache);
    await settle();
    answer = fail('network');
    list.change({ search: 'acme' });
    await settle();
    expect(names(list)).toEqual(['kept-acme']);
    expect(list.keptAt.value).not.toBeNull();
    expect(list.keptAt.value).toBe(KEPT_AT);
  });
});
