import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createPopupCache, popupCacheItem } from '@/entrypoints/background/popup-cache';
import { makeReport } from '../popup/fixtures';

describe('popup cache (storage.session)', () => {
  beforeEach(() => fakeBrowser.reset());

  it('is empty at first', async () => {
    expect(await createPopupCache(popupCacheItem('a')).read('https://example.com/page')).toEqual({
      pageReport: null,
      recent: null,
    });
  });

  it('keeps this page’s report by URL and the recent list by scope', async () => {
    const cache = createPopupCache(popupCacheItem('a'));
    const report = makeReport();
    await cache.setPageReport('https://example.com/page', { data: report, fetchedAt: 100 });
    await cache.setPageReport('https://example.com/other', { data: null, fetchedAt: 101 });
    await cache.setRecent(undefined, { data: [report], fetchedAt: 102 });
    await cache.setRecent('example.com', { data: [], fetchedAt: 103 });

    expect(await cache.read('https://example.com/page')).toEqual({
      pageReport: { data: report, fetchedAt: 100 },
      recent: { data: [report], fetchedAt: 102 },
    });
    expect(await cache.read('https://example.com/other', 'example.com')).toEqual({
      pageReport: { data: null, fetchedAt: 101 },
      recent: { data: [], fetchedAt: 103 },
    });
    // Session storage: gone when the browser closes.
    expect(Object.keys(await fakeBrowser.storage.session.get())).toContain('a:popupCache');
    expect(await fakeBrowser.storage.local.get()).toEqual({});
  });

  it('never stores a password string, even if one slipped into a report', async () => {
    const cache = createPopupCache(popupCacheItem('a'));
    const report = makeReport({ fields: { id: 1, password: 'hunter2' } });
    await cache.setPageReport(report.url, { data: report, fetchedAt: 1 });
    await cache.setRecent(undefined, { data: [report], fetchedAt: 1 });
    await cache.addCreatedReport(report.url, report, 2);
    await cache.replaceReport(report);
    expect(JSON.stringify(await fakeBrowser.storage.session.get())).not.toContain('hunter2');
    expect((await cache.read(report.url)).pageReport?.data?.fields.password).toBe(true);
  });

  it('puts a created report on its page and at the head of the lists it belongs to', async () => {
    const cache = createPopupCache(popupCacheItem('a'));
    const older = [5, 4, 3, 2, 1].map((id) => makeReport({ id, url: `https://example.com/${id}` }));
    await cache.setRecent(undefined, { data: older, fetchedAt: 10 });
    await cache.setRecent('example.com', { data: older.slice(0, 2), fetchedAt: 10 });
    await cache.setRecent('other.org', { data: [], fetchedAt: 10 });

    const created = makeReport({ id: 6, url: 'https://example.com/new', result: null });
    await cache.addCreatedReport('https://example.com/new', created, 20);

    const all = await cache.read('https://example.com/new');
    expect(all.pageReport).toEqual({ data: created, fetchedAt: 20 });
    expect(all.recent?.data.map((r) => r.id)).toEqual([6, 5, 4, 3, 2]);
    expect((await cache.read(undefined, 'example.com')).recent?.data.map((r) => r.id)).toEqual([6, 5, 4]);
    expect((await cache.read(undefined, 'other.org')).recent?.data).toEqual([]);
  });

  it('replaces every copy of a report read again, matching ids as numbers or strings', async () => {
    const cache = createPopupCache(popupCacheItem('a'));
    const pending = makeReport({ id: 9, result: null });
    await cache.setPageReport(pending.url, { data: pending, fetchedAt: 1 });
    await cache.setRecent(undefined, { data: [pending, makeReport({ id: 8 })], fetchedAt: 1 });

    const done = makeReport({ id: '9', result: 'bad' });
    await cache.replaceReport(done);

    const read = await cache.read(pending.url);
    expect(read.pageReport?.data?.result).toBe('bad');
    expect(read.recent?.data.map((r) => r.result)).toEqual(['bad', 'good']);
  });

  it('forgets a deleted report everywhere', async () => {
    const cache = createPopupCache(popupCacheItem('a'));
    const report = makeReport({ id: 3 });
    await cache.setPageReport(report.url, { data: report, fetchedAt: 1 });
    await cache.setRecent(undefined, { data: [report, makeReport({ id: 2 })], fetchedAt: 1 });
    await cache.forgetReport(3);
    const read = await cache.read(report.url);
    expect(read.pageReport).toBeNull();
    expect(read.recent?.data.map((r) => r.id)).toEqual([2]);
  });

  it('writes nothing when a report it does not hold is read again or deleted', async () => {
    const cache = createPopupCache(popupCacheItem('a'));
    const report = makeReport({ id: 3 });
    await cache.setPageReport(report.url, { data: report, fetchedAt: 1 });
    await cache.setRecent(undefined, { data: [report], fetchedAt: 1 });
    const before = await fakeBrowser.storage.session.get();
    const write = vi.spyOn(fakeBrowser.storage.session, 'set');

    await cache.replaceReport(makeReport({ id: 4, result: 'bad' }));
    await cache.forgetReport(4);
    expect(write).not.toHaveBeenCalled();
    expect(await fakeBrowser.storage.session.get()).toEqual(before);

    await cache.forgetReport('3');
    expect(write).toHaveBeenCalledTimes(1);
    expect((await cache.read(report.url)).pageReport).toBeNull();
  });

  it('loses no update when several run at once', async () => {
    const cache = createPopupCache(popupCacheItem('a'));
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        cache.setPageReport(`https://example.com/${i}`, { data: null, fetchedAt: i }),
      ),
    );
    for (let i = 0; i < 10; i++) {
      expect((await cache.read(`https://example.com/${i}`)).pageReport).toEqual({ data: null, fetchedAt: i });
    }
  });

  it('keeps only the pages seen last', async () => {
    const cache = createPopupCache(popupCacheItem('a'));
    for (let i = 0; i < 55; i++)
      await cache.setPageReport(`https://example.com/${i}`, { data: null, fetchedAt: i });
    expect((await cache.read('https://example.com/0')).pageReport).toBeNull();
    expect((await cache.read('https://example.com/54')).pageReport).not.toBeNull();
    expect((await cache.read('https://example.com/5')).pageReport).not.toBeNull();
  });

  it('survives a broken stored shape', async () => {
    await fakeBrowser.storage.session.set({ popupCache: 'garbage' });
    const cache = createPopupCache(popupCacheItem('a'));
    expect(await cache.read('https://example.com/')).toEqual({ pageReport: null, recent: null });
    await cache.setRecent(undefined, { data: [], fetchedAt: 1 });
    expect((await cache.read()).recent).toEqual({ data: [], fetchedAt: 1 });
  });
});
