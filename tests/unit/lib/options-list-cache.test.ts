// The options page's kept list answers (lib/options-list-cache.ts): one entry per query, never another
// query's, bounded, checked when read. Kept under the page's connection (here none: ''), so the background
// removes them with that connection's space (tests/unit/background/connection-spaces.test.ts).
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Page, Report } from '@/lib/api/types';
import { LIST_CACHE_SIZE, readCachedList, writeCachedList } from '@/lib/options-list-cache';
import { makePage, makeReport } from '../options/fakes';

/** No connection is active in these tests: the page's lists are kept under the id ''. */
const LIST_CACHE_PREFIX = ':optionsList:';

const page = (...ids: number[]): Page<ReturnType<typeof makeReport>> =>
  makePage(ids.map((id) => makeReport(id)));
const ALL = 'reports?sort_by=id&sort=desc&per_page=10';
const BAD = 'reports?result=bad&sort_by=id&sort=desc&per_page=10';

beforeEach(() => {
  fakeBrowser.reset();
});

describe('the options list cache', () => {
  it('gives back the page kept for the same query, and nothing for any other', async () => {
    expect(await readCachedList<Report>(ALL)).toBeNull();
    await writeCachedList(ALL, page(1, 2));
    expect((await readCachedList<Report>(ALL))?.items.map((report) => report.id)).toEqual([1, 2]);
    expect(await readCachedList<Report>(BAD)).toBeNull();
    expect(await readCachedList<Report>(`${ALL}&page=2`)).toBeNull();
    await writeCachedList(BAD, page(3));
    expect((await readCachedList<Report>(BAD))?.items.map((report) => report.id)).toEqual([3]);
    expect((await readCachedList<Report>(ALL))?.items.map((report) => report.id)).toEqual([1, 2]);
  });

  it(`keeps the ${LIST_CACHE_SIZE} newest queries only; writing one again makes it the newest`, async () => {
    const queries = Array.from({ length: LIST_CACHE_SIZE + 1 }, (_, index) => `${ALL}&page=${index + 1}`);
    for (const [index, query] of queries.slice(0, LIST_CACHE_SIZE).entries()) {
      await writeCachedList(query, page(index));
    }
    await writeCachedList(queries[0]!, page(100)); // the oldest, written again
    await writeCachedList(queries[LIST_CACHE_SIZE]!, page(200));
    expect(await readCachedList<Report>(queries[1]!)).toBeNull(); // now the oldest: dropped
    expect((await readCachedList<Report>(queries[0]!))?.items[0]?.id).toBe(100);
    expect((await readCachedList<Report>(queries[LIST_CACHE_SIZE]!))?.items[0]?.id).toBe(200);
    const stored = Object.keys(await fakeBrowser.storage.session.get(null));
    expect(stored.filter((key) => key.startsWith(`${LIST_CACHE_PREFIX}q:`))).toHaveLength(LIST_CACHE_SIZE);
  });

  it('ignores what it did not write: another shape, or an entry filed under another query', async () => {
    await fakeBrowser.storage.session.set({ [`${LIST_CACHE_PREFIX}q:${ALL}`]: { query: ALL, page: 'rows' } });
    expect(await readCachedList<Report>(ALL)).toBeNull();
    await fakeBrowser.storage.session.set({
      [`${LIST_CACHE_PREFIX}q:${ALL}`]: { query: BAD, page: page(1), fetchedAt: 0 },
    });
    expect(await readCachedList<Report>(ALL)).toBeNull();
  });
});
