// The list model both options lists share (entrypoints/options/list/list-model.ts), through its public
// API: the state in the hash, what is asked and when, which answer is shown, and what is remembered. Its
// config here is the Projects list's, with a scripted fetchPage; on the fake clock throughout.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Result } from '@/lib/api/errors';
import { PROJECT_SORT_KEYS, type Page, type ProjectSortKey } from '@/lib/api/types';
import {
  resolveProjectList,
  type ListPrefs,
  type OptionsRoute,
  type ProjectListState,
} from '@/lib/options-route';
import { createListModel, SEARCH_DELAY_MS, type ListModel } from '@/entrypoints/options/list/list-model';
import { memoryPrefs } from '@/entrypoints/options/prefs';
import { createHashRouter, type HashRouter } from '@/entrypoints/options/router';
import { deferred, fail, makePage, ok, type Deferred } from '../fakes';

interface Item {
  name: string;
}
type Model = ListModel<ProjectSortKey, ProjectListState, Item>;
type Fetch = (state: ProjectListState) => Result<Page<Item>> | Promise<Result<Page<Item>>>;

let router: HashRouter | undefined;
let model: Model | undefined;

function start(hash: string, fetchPage: Fetch, prefs = memoryPrefs<ProjectSortKey>()) {
  window.history.replaceState(null, '', `${window.location.pathname}${hash}`);
  router = createHashRouter({ section: 'settings' });
  const fetch = vi.fn(async (state: ProjectListState) => fetchPage(state));
  const list = createListModel<ProjectSortKey, ProjectListState, Item>({
    router,
    prefs,
    readList: (route) => (route.section === 'projects' ? route.list : null),
    resolve: resolveProjectList,
    routeFor: (state) => ({ section: 'projects', list: state }),
    fetchPage: fetch,
    sortKeys: PROJECT_SORT_KEYS,
  });
  model = list;
  return { list, fetch, prefs, router };
}

/** What each request asked for, in a short form. */
const asked = (fetch: { mock: { calls: [ProjectListState][] } }) =>
  fetch.mock.calls.map(([state]) => ({ ...state }));

const items = (...names: string[]): Item[] => names.map((name) => ({ name }));
const answer = (names: string[], meta: Parameters<typeof makePage>[1] = {}) =>
  ok(makePage(items(...names), meta));
const names = (list: Model) => list.page.value?.items.map((item) => item.name);

/** Every answer already given delivered, and every timer (the search pause included) run. */
const settle = () => vi.advanceTimersByTimeAsync(1000);

const DEFAULTS: ProjectListState = { search: '', sortBy: 'created_at', sort: 'desc', perPage: 10, page: 1 };

beforeEach(() => {
  vi.useFakeTimers();
  window.history.replaceState(null, '', window.location.pathname);
});

afterEach(() => {
  model?.dispose();
  model = undefined;
  router?.dispose();
  router = undefined;
  vi.useRealTimers();
});

describe('the list model: opening', () => {
  it('asks once for the state in the hash, remembered size and sort filling the gaps, and shows it', async () => {
    const prefs = memoryPrefs<ProjectSortKey>({ perPage: 25, sortBy: 'project', sort: 'asc' });
    const { list, fetch } = start('#/projects?search=acme&sort=desc', () => answer(['a', 'b']), prefs);
    expect(list.loading.value).toBe(true);
    expect(list.stale.value).toBe(true);
    await settle();
    expect(asked(fetch)).toEqual([{ search: 'acme', sortBy: 'project', sort: 'desc', perPage: 25, page: 1 }]);
    expect(names(list)).toEqual(['a', 'b']);
    expect(list.loading.value).toBe(false);
    expect(list.stale.value).toBe(false);
    expect(list.error.value).toBeNull();
    expect(list.searchText.value).toBe('acme');
  });

  it('completes the address in place (no new history entry) without asking twice', async () => {
    const entries = window.history.length;
    const { fetch } = start('#/projects', () => answer(['a']));
    expect(window.location.hash).toBe('#/projects?sort_by=created_at&sort=desc&per_page=10');
    expect(window.history.length).toBe(entries);
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('asks nothing while another section is shown, and loads on entering, again on every return', async () => {
    const { list, fetch, router } = start('#/settings', () => answer(['a']));
    await settle();
    expect(fetch).not.toHaveBeenCalled();
    expect(list.state.value).toEqual(DEFAULTS);

    router.navigate({ section: 'projects', list: {} });
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);

    router.navigate({ section: 'settings' });
    // The state of the list stays as it was while another section is shown.
    expect(list.state.value).toEqual(DEFAULTS);
    router.navigate({ section: 'projects', list: {} });
    await settle();
    // The same state, but entering the section refreshes what it shows.
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

describe('the list model: changing what is shown', () => {
  it('change() goes back to page 1 unless a page is given, as a new history entry', async () => {
    const { list, fetch } = start('#/projects?page=3', (state) =>
      answer(['a'], { page: state.page, total: 50 }),
    );
    await settle();
    const entries = window.history.length;
    list.change({ perPage: 25 });
    expect(list.state.value).toMatchObject({ perPage: 25, page: 1 });
    expect(window.location.hash).toBe('#/projects?sort_by=created_at&sort=desc&per_page=25');
    expect(window.history.length).toBe(entries + 1);
    list.change({ page: 2 });
    await settle();
    expect(asked(fetch).map((state) => `${state.perPage}/${state.page}`)).toEqual(['10/3', '25/1', '25/2']);
  });

  it('remembers the page size and sort, and nothing else', async () => {
    const saved: ListPrefs<ProjectSortKey>[] = [];
    const prefs = memoryPrefs<ProjectSortKey>({}, (value) => saved.push(value));
    const { list } = start('#/projects', () => answer(['a'], { total: 40 }), prefs);
    await settle();
    list.goToPage(2);
    list.change({ search: 'acme' });
    expect(saved).toEqual([]);
    list.change({ perPage: 50 });
    list.sortBy('project');
    expect(saved).toEqual([
      { perPage: 50, sortBy: 'created_at', sort: 'desc' },
      { perPage: 50, sortBy: 'project', sort: 'asc' },
    ]);
    expect(prefs.value).toEqual({ perPage: 50, sortBy: 'project', sort: 'asc' });
  });

  it('sorts a new key in its first direction and flips the key already sorted by', async () => {
    const { list, fetch } = start('#/projects', () => answer(['a']));
    await settle();
    list.sortBy('project');
    expect(list.state.value).toMatchObject({ sortBy: 'project', sort: 'asc' });
    await settle();
    list.sortBy('project');
    expect(list.state.value).toMatchObject({ sortBy: 'project', sort: 'desc' });
    await settle();
    list.sortBy('created_at');
    expect(list.state.value).toMatchObject({ sortBy: 'created_at', sort: 'desc' });
    await settle();
    expect(asked(fetch).map((state) => `${state.sortBy} ${state.sort}`)).toEqual([
      'created_at desc',
      'project asc',
      'project desc',
      'created_at desc',
    ]);
  });

  it('goToPage never goes below page 1', async () => {
    const { list } = start('#/projects?page=2', (state) => answer(['a'], { page: state.page, total: 30 }));
    await settle();
    list.goToPage(0);
    expect(list.state.value.page).toBe(1);
    list.goToPage(-4);
    expect(list.state.value.page).toBe(1);
  });

  it('follows back and forward: a new hash is a new request, and the search field follows it', async () => {
    const { list, fetch } = start('#/projects?search=one', () => answer(['a']));
    await settle();
    list.change({ search: 'two' });
    await settle();
    window.history.back();
    await vi.waitFor(() => expect(list.state.value.search).toBe('one'));
    expect(list.searchText.value).toBe('one');
    await settle();
    expect(asked(fetch).map((state) => state.search)).toEqual(['one', 'two', 'one']);
  });
});

describe('the list model: typing a search', () => {
  it('asks only once typing pauses, with the search trimmed, from page 1', async () => {
    const { list, fetch } = start('#/projects?page=2', (state) =>
      answer(['a'], { page: state.page, total: 30 }),
    );
    await settle();
    list.typeSearch('ac');
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS - 1);
    list.typeSearch('acme ');
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS - 1);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(list.searchText.value).toBe('acme ');
    await vi.advanceTimersByTimeAsync(1);
    expect(asked(fetch).at(-1)).toMatchObject({ search: 'acme', page: 1 });
    expect(fetch).toHaveBeenCalledTimes(2);
    // The field keeps what was typed, the trailing space included.
    expect(list.searchText.value).toBe('acme ');
  });

  it('typing back to the search on show cancels the pending one', async () => {
    const { list, fetch } = start('#/projects?search=acme', () => answer(['a']));
    await settle();
    list.typeSearch('acm');
    list.typeSearch('acme');
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('says why a search too long to send cannot be sent, and asks nothing', async () => {
    const { list, fetch } = start('#/projects', () => answer(['a']));
    await settle();
    list.typeSearch('p'.repeat(2049));
    expect(list.searchProblem.value).toMatch(/longer than 2,048 characters/);
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(list.state.value.search).toBe('');
    list.typeSearch('p');
    expect(list.searchProblem.value).toBeNull();
  });

  it('asks nothing for such a search in the address, and drops an answer still on its way', async () => {
    const first = deferred<Result<Page<Item>>>();
    const { list, fetch } = start('#/projects', () => first.promise);
    list.change({ search: 'q'.repeat(2100) });
    expect(list.loading.value).toBe(false);
    first.resolve(answer(['late']));
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(list.page.value).toBeNull();
    expect(list.error.value).toBeNull();
    expect(list.searchText.value).toBe('q'.repeat(2100));
  });

  it('another change during the pause keeps what is being typed', async () => {
    const { list, fetch } = start('#/projects', () => answer(['a']));
    await settle();
    list.typeSearch('acm');
    list.sortBy('project');
    expect(list.searchText.value).toBe('acm');
    await settle();
    expect(asked(fetch).at(-1)).toMatchObject({ search: 'acm', sortBy: 'project' });
  });
});

describe('the list model: answers', () => {
  it('never shows an answer to an older state over the answer to a newer one', async () => {
    const answers: Deferred<Result<Page<Item>>>[] = [];
    const { list } = start('#/projects', () => {
      const next = deferred<Result<Page<Item>>>();
      answers.push(next);
      return next.promise;
    });
    list.goToPage(2);
    await settle();
    expect(answers).toHaveLength(2);
    answers[1]!.resolve(answer(['page 2'], { page: 2, total: 20 }));
    await settle();
    expect(names(list)).toEqual(['page 2']);
    answers[0]!.resolve(answer(['page 1'], { total: 20 }));
    await settle();
    expect(names(list)).toEqual(['page 2']);
    expect(list.loading.value).toBe(false);
  });

  it('stays loading until the answer to the newest state comes, even when an older one came first', async () => {
    const answers: Deferred<Result<Page<Item>>>[] = [];
    const { list } = start('#/projects', () => {
      const next = deferred<Result<Page<Item>>>();
      answers.push(next);
      return next.promise;
    });
    list.goToPage(2);
    answers[0]!.resolve(answer(['page 1'], { total: 20 }));
    await settle();
    expect(list.page.value).toBeNull();
    expect(list.loading.value).toBe(true);
  });

  it('takes the rows of another page off when its load fails, and loads again on reload', async () => {
    let broken = false;
    const { list, fetch } = start('#/projects', (state) =>
      broken ? fail('server') : answer([`page ${state.page}`], { page: state.page, total: 30 }),
    );
    await settle();
    broken = true;
    list.goToPage(2);
    await settle();
    expect(list.error.value?.kind).toBe('server');
    expect(list.loading.value).toBe(false);
    expect(list.page.value).toBeNull();
    expect(list.stale.value).toBe(true);
    broken = false;
    list.reload();
    await settle();
    expect(list.error.value).toBeNull();
    expect(list.stale.value).toBe(false);
    expect(names(list)).toEqual(['page 2']);
    expect(asked(fetch).map((state) => state.page)).toEqual([1, 2, 2]);
  });

  it('is stale while the next state loads, and not once its answer is on show', async () => {
    const next = deferred<Result<Page<Item>>>();
    let calls = 0;
    const { list } = start('#/projects', () => (++calls === 1 ? answer(['a'], { total: 30 }) : next.promise));
    await settle();
    list.goToPage(2);
    expect(list.stale.value).toBe(true);
    expect(names(list)).toEqual(['a']);
    next.resolve(answer(['b'], { page: 2, total: 30 }));
    await settle();
    expect(list.stale.value).toBe(false);
  });

  it('shows the page and size the server applied, in the address in place, without asking again', async () => {
    const { list, fetch } = start('#/projects?per_page=50&page=4', () =>
      answer(['a'], { page: 2, perPage: 25, total: 40 }),
    );
    await settle();
    expect(list.state.value).toMatchObject({ perPage: 25, page: 2 });
    expect(window.location.hash).toBe('#/projects?sort_by=created_at&sort=desc&per_page=25&page=2');
    expect(list.stale.value).toBe(false);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('keeps the size asked for when the server answers with one the page does not offer', async () => {
    const { list, fetch } = start('#/projects?per_page=25', () => answer(['a'], { perPage: 15 }));
    await settle();
    expect(list.state.value.perPage).toBe(25);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('asks for the last page when the one asked for is past the end', async () => {
    const { list, fetch } = start('#/projects?page=9', (state) =>
      state.page === 9 ? answer([], { page: 9, total: 23 }) : answer(['c'], { page: state.page, total: 23 }),
    );
    await settle();
    expect(asked(fetch).map((state) => state.page)).toEqual([9, 3]);
    expect(list.state.value.page).toBe(3);
    expect(names(list)).toEqual(['c']);
    expect(window.location.hash).toContain('page=3');
  });

  it('does not follow the server when the person moved on meanwhile', async () => {
    const first = deferred<Result<Page<Item>>>();
    let calls = 0;
    const { fetch } = start('#/projects?page=9', (state) =>
      ++calls === 1 ? first.promise : answer(['x'], { page: state.page, total: 23 }),
    );
    // Another section is shown before the (past-the-end) answer comes.
    router!.navigate({ section: 'settings' });
    first.resolve(answer([], { page: 9, total: 23 }));
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(window.location.hash).toBe('#/settings');
  });
});

describe('the sort on show', () => {
  it('is the sort asked for while it loads, then the one the server says it applied', async () => {
    const reply = deferred<Result<Page<Item>>>();
    const { list } = start('#/projects?sort_by=project&sort=asc', () => reply.promise);
    expect(list.sorted.value).toEqual({ sortBy: 'project', sort: 'asc' });
    expect(list.sortReplaced.value).toBeNull();
    reply.resolve(ok({ ...makePage(items('a')), appliedSort: { sortBy: 'created_at', sort: 'desc' } }));
    await settle();
    expect(list.sorted.value).toEqual({ sortBy: 'created_at', sort: 'desc' });
    expect(list.sortReplaced.value).toEqual({ asked: 'project', applied: 'created_at' });
    // The address keeps the sort asked for.
    expect(list.state.value.sortBy).toBe('project');
  });

  it('believes only a key and direction it knows', async () => {
    const { list } = start('#/projects?sort_by=project&sort=asc', () =>
      ok({ ...makePage(items('a')), appliedSort: { sortBy: 'name', sort: 'up' } }),
    );
    await settle();
    expect(list.sorted.value).toEqual({ sortBy: 'project', sort: 'asc' });
  });

  it('a click on the header the server sorted by flips the sort on show', async () => {
    const { list } = start('#/projects?sort_by=project&sort=asc', () =>
      ok({ ...makePage(items('a')), appliedSort: { sortBy: 'created_at', sort: 'desc' } }),
    );
    await settle();
    list.sortBy('created_at');
    expect(list.state.value).toMatchObject({ sortBy: 'created_at', sort: 'asc' });
    // While the new sort loads, the header just clicked shows it.
    expect(list.sorted.value).toEqual({ sortBy: 'created_at', sort: 'asc' });
  });
});

describe('changing the page on show after a write', () => {
  it('patchPage changes the rows without asking the server, and does nothing before a page came', async () => {
    const reply = deferred<Result<Page<Item>>>();
    const { list, fetch } = start('#/projects', () => reply.promise);
    list.patchPage(() => {
      throw new Error('not called without a page');
    });
    reply.resolve(answer(['a', 'b']));
    await settle();
    list.patchPage((page) => ({
      ...page,
      items: page.items.map((item) => ({ name: item.name.toUpperCase() })),
    }));
    expect(names(list)).toEqual(['A', 'B']);
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('removeItems takes the matching rows off at once, one off the total each, then reloads', async () => {
    const reload = deferred<Result<Page<Item>>>();
    let calls = 0;
    const { list, fetch } = start('#/projects', () =>
      ++calls === 1 ? answer(['a', 'b', 'c'], { total: 12 }) : reload.promise,
    );
    await settle();
    list.removeItems((item) => item.name !== 'b');
    expect(names(list)).toEqual(['b']);
    expect(list.page.value?.total).toBe(10);
    expect(list.loading.value).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(2);
    reload.resolve(answer(['b', 'd'], { total: 10 }));
    await settle();
    expect(names(list)).toEqual(['b', 'd']);
  });

  it('removeItems leaves an unknown total unknown', async () => {
    const { list } = start('#/projects', () => ok({ ...makePage(items('a', 'b')), total: null }));
    await settle();
    list.removeItems((item) => item.name === 'a');
    expect(list.page.value?.total).toBeNull();
  });
});

describe('dispose', () => {
  it('cancels a pending search, drops an answer on its way and stops following the address', async () => {
    const reply = deferred<Result<Page<Item>>>();
    const { list, fetch, router } = start('#/projects', () => reply.promise);
    list.typeSearch('acme');
    list.dispose();
    reply.resolve(answer(['late']));
    router.navigate({ section: 'projects', list: { page: 2 } } satisfies OptionsRoute);
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(list.page.value).toBeNull();
  });
});
