// The one report store: written by the background (entrypoints/background/report-store.ts), read by pages
// through the one reader (lib/report-store.ts), both over WXT's fake storage.
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { listView, summaryOf } from '@/lib/api/summary';
import { budgets } from '@/entrypoints/background/storage-budget';
import { createReportStore, readStore, recentView } from '@/lib/report-store';
import { checksOf, makeReport, pageOf } from '../popup/fixtures';

const C = 'conn-1';
let clock = 1000;
const store = () => createReportStore(C, budgets.session, () => clock);
const kept = () => readStore(C);

const withTests = makeReport({
  id: 4,
  url: 'example.com/a',
  pageUrl: 'https://example.com/a',
  checks: checksOf({
    counts: { high: 1, medium: 1, low: 0, passed: 9 },
    failures: [
      { key: 'title', name: 'Title', category: 'seo', importance: 'high', detail: null },
      { key: 'meta', name: 'Meta', category: 'seo', importance: 'medium', detail: null },
    ],
  }),
  fields: { results: { title: { passed: false } }, password: 'secret-pass', notes: 'x' },
});

describe('the report store', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    clock = 1000;
  });

  it('keeps each report trimmed once: no raw fields, no full list of failed tests, never a password', async () => {
    await store().seen(withTests);
    await store().pageFound('https://example.com/a', withTests);
    const found = await kept().pageReport('https://www.example.com/a');
    expect(found).toEqual({ data: summaryOf(withTests), fetchedAt: 1000 });
    expect(found?.data).not.toHaveProperty('fields');
    expect(found?.data?.checks).toEqual({ counts: withTests.checks!.counts, top: withTests.checks!.top });
    const everything = JSON.stringify(await fakeBrowser.storage.session.get(null));
    expect(everything).not.toContain('secret-pass');
    expect(everything).not.toContain('results');
  });

  it('gives a page’s list back as it was answered, in order, for the same query in any key order', async () => {
    const items = [3, 2, 1].map((id) => makeReport({ id, url: `example.com/${id}` }));
    await store().listed({ ...pageOf(items), total: 42, page: 2 }, listView({ perPage: 10, page: 2 }));
    const list = await kept().list(listView({ page: 2, perPage: 10, search: undefined }));
    expect(list).toMatchObject({ page: 2, total: 42, fetchedAt: 1000 });
    expect(list?.items.map((item) => item.id)).toEqual([3, 2, 1]);
    expect(await kept().list(listView({ page: 3, perPage: 10 }))).toBeNull();
    // A list read by the background itself (no view) keeps the copies only.
    await store().listed(pageOf([makeReport({ id: 9 })]), null);
    expect(await kept().list(listView({}))).toBeNull();
  });

  it('shows a newer copy of a report in every view that holds it', async () => {
    const report = makeReport({ id: 5, url: 'example.com/5', result: 'bad' });
    await store().recentFound(recentView(), [report]);
    await store().pageFound('https://example.com/5', report);
    await store().seen({ ...report, result: 'good' });
    expect((await kept().recent())?.data[0]?.result).toBe('good');
    expect((await kept().pageReport('https://example.com/5'))?.data?.result).toBe('good');
  });

  it('a created report becomes its page’s report and heads the recent lists of its site only', async () => {
    const older = makeReport({ id: 1, url: 'example.com/old' });
    const elsewhere = makeReport({ id: 2, url: 'other.org/x' });
    await store().recentFound(recentView(), [older, elsewhere]);
    await store().recentFound(recentView('www.example.com'), [older]);
    await store().recentFound(recentView('other.org'), [elsewhere]);
    const created = makeReport({ id: 3, url: 'example.com/new' });
    await store().created('https://example.com/new', created);
    expect((await kept().recent())?.data.map((item) => item.id)).toEqual([3, 1, 2]);
    expect((await kept().recent('www.example.com'))?.data.map((item) => item.id)).toEqual([3, 1]);
    expect((await kept().recent('other.org'))?.data.map((item) => item.id)).toEqual([2]);
    expect((await kept().pageReport('https://example.com/new'))?.data?.id).toBe(3);
  });

  it('finds a page’s report where the service was redirected, after the browser restarts too', async () => {
    const landed = makeReport({ id: 30, url: 'shop.example/en', pageUrl: 'https://shop.example/en' });
    await store().created('http://shop.example/', landed);
    expect(await store().aliasOf('https://www.shop.example/')).toBe('shop.example/en');
    // A restart empties storage.session; the alias is on disk, the lookup finds it again.
    await fakeBrowser.storage.session.clear();
    expect(await kept().pageReport('http://shop.example/')).toBeNull();
    await store().pageFound('https://shop.example/en', landed);
    expect((await kept().pageReport('http://shop.example/'))?.data?.id).toBe(30);
  });

  it('remembers that a page has no report, and forgets a deleted one everywhere', async () => {
    await store().pageFound('https://example.com/none', null);
    expect(await kept().pageReport('https://example.com/none')).toEqual({ data: null, fetchedAt: 1000 });
    const report = makeReport({ id: 7, url: 'example.com/7' });
    await store().pageFound('https://example.com/7', report);
    await store().recentFound(recentView(), [report, makeReport({ id: 8 })]);
    await store().gone(7);
    expect(await kept().pageReport('https://example.com/7')).toBeNull();
    expect((await kept().recent())?.data.map((item) => item.id)).toEqual([8]);
    expect(Object.keys(await fakeBrowser.storage.session.get(null))).not.toContain(`${C}:report:7`);
  });

  it('keeps the catalog bounded, newest first: 2,500 pages, 16 lists, 200 redirects, 500,000 characters of addresses', async () => {
    const page = (n: number) => `https://example.com/${n}`;
    for (let n = 0; n <= 2_500; n++) await store().pageFound(page(n), null);
    expect(await kept().pageReport(page(0))).toBeNull();
    expect(await kept().pageReport(page(1))).toEqual({ data: null, fetchedAt: 1000 });

    fakeBrowser.reset();
    // Addresses of 5,012 characters: the newest 99 of 101 fit in 500,000.
    const long = (n: number) => `https://example.com/${String(n).padStart(5_000, '0')}`;
    for (let n = 0; n <= 100; n++) await store().pageFound(long(n), null);
    expect(await kept().pageReport(long(1))).toBeNull();
    expect(await kept().pageReport(long(2))).not.toBeNull();

    for (let n = 0; n <= 16; n++) await store().listed(pageOf([]), listView({ page: n + 1 }));
    expect(await kept().list(listView({ page: 1 }))).toBeNull();
    expect(await kept().list(listView({ page: 2 }))).not.toBeNull();

    const landed = (n: number) => makeReport({ id: n + 1, url: `shop.example/${n}/en` });
    for (let n = 0; n <= 200; n++) await store().created(`https://shop.example/${n}`, landed(n));
    expect(await store().aliasOf('https://shop.example/0')).not.toBe('shop.example/0/en');
    expect(await store().aliasOf('https://shop.example/1')).toBe('shop.example/1/en');
  });

  it('drops a deleted project’s reports', async () => {
    const mine = makeReport({ id: 1, url: 'example.com/1', project: 'example.com' });
    const theirs = makeReport({ id: 2, url: 'other.org/2', project: 'other.org' });
    await store().recentFound(recentView(), [mine, theirs]);
    await store().projectGone('example.com');
    expect((await kept().recent())?.data.map((item) => item.id)).toEqual([2]);
  });

  it('indexes the newest report of each address; a complete read forgets what the service no longer has', async () => {
    const deleted = makeReport({ id: 1, url: 'example.com/gone' });
    await store().pageFound('https://example.com/gone', deleted);
    const newest = makeReport({ id: 9, url: 'example.com/a' });
    const older = makeReport({ id: 3, url: 'example.com/a' });
    // A report created while the read was on its way is newer than the read: it stays.
    clock = 2000;
    const createdMeanwhile = makeReport({ id: 10, url: 'example.com/new' });
    await store().created('https://example.com/new', createdMeanwhile);
    await store().indexed([newest, older], 1500);
    expect((await kept().pageReport('https://example.com/a'))?.data?.id).toBe(9);
    expect(await kept().pageReport('https://example.com/gone')).toBeNull();
    expect((await kept().pageReport('https://example.com/new'))?.data?.id).toBe(10);
    // A read cut short says nothing of what it did not reach.
    await store().pageFound('https://example.com/gone', deleted);
    await store().indexed([newest], null);
    expect((await kept().pageReport('https://example.com/gone'))?.data?.id).toBe(1);
  });

  it('indexes the toolbar’s list answer without writing its copies a second time', async () => {
    const listedPage = pageOf([makeReport({ id: 5, url: 'example.com/b' })]);
    await store().listed(listedPage, null);
    const writes: string[] = [];
    const set = fakeBrowser.storage.session.set.bind(fakeBrowser.storage.session);
    fakeBrowser.storage.session.set = async (items) => {
      writes.push(...Object.keys(items));
      return set(items);
    };
    await store().indexed([...listedPage.items, makeReport({ id: 6, url: 'example.com/c' })], null);
    expect(writes).not.toContain(`${C}:report:5`);
    expect(writes).toContain(`${C}:report:6`);
    expect((await kept().pageReport('https://example.com/b'))?.data?.id).toBe(5);
  });

  it('reads nothing but what it can trust: another connection’s store, garbage, a missing copy', async () => {
    await store().pageFound('https://example.com/a', withTests);
    expect(await readStore('conn-2').pageReport('https://example.com/a')).toBeNull();
    await fakeBrowser.storage.session.remove(`${C}:report:4`);
    expect(await kept().pageReport('https://example.com/a')).toBeNull();
    await fakeBrowser.storage.session.set({ [`${C}:store`]: 'garbage' });
    expect(await kept().pageReport('https://example.com/a')).toBeNull();
    expect(await kept().recent()).toBeNull();
    await fakeBrowser.storage.session.set({ [`${C}:store`]: { pages: { 'example.com/a': { id: 4 } } } });
    expect(await kept().pageReport('https://example.com/a')).toBeNull();
  });

  it('reads the active connection’s store by default', async () => {
    await store().pageFound('https://example.com/none', null);
    expect(await readStore().pageReport('https://example.com/none')).toBeNull();
    await fakeBrowser.storage.session.set({ activeConnection: C });
    expect(await readStore().pageReport('https://example.com/none')).toEqual({ data: null, fetchedAt: 1000 });
  });
});
