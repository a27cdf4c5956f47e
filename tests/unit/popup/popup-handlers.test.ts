import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { apiError } from '@/lib/api/errors';
import type { ReportListQuery } from '@/lib/api/types';
import { payloadSchemas } from '@/lib/messaging/schemas';
import { loadLastPrivacy, saveLastPrivacy } from '@/lib/preferences';
import { createPopupCache } from '@/entrypoints/background/popup-cache';
import { createPopupHandlers } from '@/entrypoints/background/popup-handlers';
import { failed, makeReport, ok, pageOf } from './fixtures';

function setup(items = [makeReport()], configured = true) {
  const cache = createPopupCache();
  const listReports = vi.fn(async (_query: ReportListQuery) => ok(pageOf(items)));
  const trackGeneration = vi.fn(async () => {});
  const handlers = createPopupHandlers({
    isConfigured: async () => configured,
    listReports,
    cache,
    trackGeneration,
    now: () => 5000,
  });
  return { handlers, listReports, trackGeneration, cache };
}

describe('popup handlers', () => {
  beforeEach(() => fakeBrowser.reset());

  describe('popup.snapshot', () => {
    it('answers from the cache and the settings, without the network', async () => {
      const { handlers, listReports, cache } = setup();
      await cache.setPageReport('https://example.com/page', { data: null, fetchedAt: 1 });
      await saveLastPrivacy(1);
      expect(await handlers['popup.snapshot']({ url: 'https://example.com/page' })).toEqual(
        ok({ configured: true, pageReport: { data: null, fetchedAt: 1 }, recent: null, lastPrivacy: 1 }),
      );
      expect(listReports).not.toHaveBeenCalled();
    });

    it('says when nothing is set up', async () => {
      const { handlers } = setup([], false);
      expect(await handlers['popup.snapshot']({})).toMatchObject(ok({ configured: false, lastPrivacy: 0 }));
    });
  });

  describe('popup.pageReport', () => {
    it('searches by URL and keeps only an exact match, the newest first', async () => {
      const url = 'https://example.com/page';
      const items = [
        makeReport({ id: 9, url: 'https://example.com/page/sub' }),
        makeReport({ id: 8, url: 'https://example.com/page?x=1' }),
        makeReport({ id: 7, url }),
        makeReport({ id: 3, url }),
      ];
      const { handlers, listReports, cache } = setup(items);
      const answer = await handlers['popup.pageReport']({ url });
      expect(listReports).toHaveBeenCalledWith({
        search: url,
        searchBy: 'url',
        sortBy: 'id',
        sort: 'desc',
        perPage: 100,
      });
      expect(answer).toEqual(ok({ data: items[2], fetchedAt: 5000 }));
      expect((await cache.read(url)).pageReport).toEqual({ data: items[2], fetchedAt: 5000 });
    });

    it('answers null when only similar pages have reports', async () => {
      const { handlers, cache } = setup([makeReport({ url: 'https://example.com/page2' })]);
      expect(await handlers['popup.pageReport']({ url: 'https://example.com/page' })).toEqual(
        ok({ data: null, fetchedAt: 5000 }),
      );
      expect((await cache.read('https://example.com/page')).pageReport).toEqual({
        data: null,
        fetchedAt: 5000,
      });
    });

    it('follows the generation of a report whose result is null', async () => {
      const { handlers, trackGeneration } = setup([makeReport({ id: 4, result: null })]);
      await handlers['popup.pageReport']({ url: 'https://example.com/page' });
      expect(trackGeneration).toHaveBeenCalledWith(4);
    });

    it('passes errors on and leaves the cache as it was', async () => {
      const { handlers, listReports, cache } = setup();
      await cache.setPageReport('https://example.com/page', { data: null, fetchedAt: 1 });
      listReports.mockResolvedValueOnce(failed(apiError('server', { status: 503 })));
      expect(await handlers['popup.pageReport']({ url: 'https://example.com/page' })).toMatchObject({
        ok: false,
        error: { kind: 'server' },
      });
      expect((await cache.read('https://example.com/page')).pageReport).toEqual({ data: null, fetchedAt: 1 });
    });
  });

  describe('popup.recentReports', () => {
    it('takes the 5 newest by id', async () => {
      const items = [10, 9, 8, 7, 6, 5, 4].map((id) => makeReport({ id }));
      const { handlers, listReports } = setup(items);
      const answer = await handlers['popup.recentReports']({});
      expect(listReports).toHaveBeenCalledWith({ sortBy: 'id', sort: 'desc', perPage: 10 });
      expect(answer.ok && answer.data.data.map((r) => r.id)).toEqual([10, 9, 8, 7, 6]);
    });

    it('narrows to one host: searched by URL, then matched on the host exactly', async () => {
      const items = [
        makeReport({ id: 5, url: 'https://notexample.com/' }),
        makeReport({ id: 4, url: 'https://example.com/a' }),
        makeReport({ id: 3, url: 'https://other.org/?ref=example.com' }),
        makeReport({ id: 2, url: 'http://example.com/b' }),
      ];
      const { handlers, listReports, cache } = setup(items);
      const answer = await handlers['popup.recentReports']({ host: 'example.com' });
      expect(listReports).toHaveBeenCalledWith({
        search: 'example.com',
        searchBy: 'url',
        sortBy: 'id',
        sort: 'desc',
        perPage: 25,
      });
      expect(answer.ok && answer.data.data.map((r) => r.id)).toEqual([4, 2]);
      expect((await cache.read(undefined, 'example.com')).recent?.data.map((r) => r.id)).toEqual([4, 2]);
      expect((await cache.read()).recent).toBeNull();
    });
  });

  describe('popup.rememberPrivacy', () => {
    it('keeps the chosen privacy for the next popup, without creating anything', async () => {
      const { handlers, listReports } = setup();
      expect(await loadLastPrivacy()).toBe(0);
      expect(await handlers['popup.rememberPrivacy']({ privacy: 2 })).toEqual(ok(null));
      expect(await loadLastPrivacy()).toBe(2);
      expect(await handlers['popup.snapshot']({})).toMatchObject(ok({ lastPrivacy: 2 }));
      await handlers['popup.rememberPrivacy']({ privacy: 1 });
      expect(await loadLastPrivacy()).toBe(1);
      expect(listReports).not.toHaveBeenCalled();
    });

    it.each([
      ['a privacy outside 0-2', { privacy: 3 }],
      ['a privacy as text', { privacy: '1' }],
      ['no privacy', {}],
      ['a password alongside (strict)', { privacy: 2, password: 'x' }],
    ])('refuses %s', (_name, payload) => {
      expect(payloadSchemas['popup.rememberPrivacy'].safeParse(payload).success).toBe(false);
    });

    it('accepts each privacy', () => {
      for (const privacy of [0, 1, 2]) {
        expect(payloadSchemas['popup.rememberPrivacy'].safeParse({ privacy }).success).toBe(true);
      }
    });
  });
});
