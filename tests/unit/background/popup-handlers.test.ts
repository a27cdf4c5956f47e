import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { apiError } from '@/entrypoints/background/error-messages';
import type { ReportListQuery } from '@/lib/messaging/inputs';
import { messages } from '@/lib/messaging/inputs';
import { createCreateRuns } from '@/entrypoints/background/create-runs';
import { summaryOf } from '@/lib/api/summary';
import { budgets } from '@/entrypoints/background/storage-budget';
import { createReportStore, readStore } from '@/lib/report-store';
import { createHandlers, lastPrivacyItem } from '@/entrypoints/background/handlers';
import { createServices } from '@/entrypoints/background/service';
import { writeConnections } from '@/entrypoints/background/settings/storage';
import { cleanUrl } from '@/reference-api/phprank/address';
import { failed, makeReport, ok, pageOf } from '../popup/fixtures';

const REF = { id: 'a', account: 'a' };

function setup(items = [makeReport()], configured = true) {
  const store = createReportStore('a', budgets.session, () => 5000);
  const listReports = vi.fn(async (_query: ReportListQuery) => ok(pageOf(items)));
  const followReport = vi.fn(async () => {});
  const creates = createCreateRuns('a', new AbortController().signal);
  const service = createServices(
    async () => {},
    () => ({ listReports: (query: ReportListQuery) => listReports(query) }) as never,
  )(REF);
  const work = { service, store, creates, follow: followReport };
  const handlers = createHandlers(
    async () => (configured ? (work as never) : null),
    async () => {},
    async () => ({ ok: true, data: { total: 0, count: 0, account: null } }),
  );
  return { handlers, listReports, followReport, store, kept: readStore('a'), creates };
}

describe('popup handlers', () => {
  beforeEach(async () => {
    fakeBrowser.reset();
    vi.spyOn(Date, 'now').mockReturnValue(5000);
    await writeConnections({
      active: REF.id,
      list: [{ id: REF.id, label: 'A', baseUrl: 'https://a.example', apiKey: 'key-a-long' }],
    });
  });

  it.each([
    'https://example.com/caf%C3%A9',
    'https://example.com/a%20b',
    'https://example.com/search?q=a%20b',
    'https://de.wikipedia.org/wiki/Stra%C3%9Fe',
  ])(
    'finds the report phpRank stored for %s (its search is a substring match on the stored url)',
    async (url) => {
      const stored = makeReport({ id: 5, url: cleanUrl(url), pageUrl: url });
      const { handlers, listReports } = setup([stored]);
      // phpRank: `url LIKE %search%`, the search cleaned as the stored address is.
      listReports.mockImplementation(async (query) =>
        ok(pageOf([stored].filter((report) => report.url.includes(cleanUrl(query.search ?? ''))))),
      );
      const answer = await handlers['popup.pageReport']({ connection: REF, url });
      expect(answer.ok && answer.data.data?.id).toBe(5);
    },
  );

  describe('popup.snapshot', () => {
    it('answers from the settings, without the network', async () => {
      const { handlers, listReports } = setup();
      await lastPrivacyItem.setValue(1);
      expect(await handlers['popup.snapshot']({ connection: REF, url: 'https://example.com/page' })).toEqual(
        ok({ configured: true, lastPrivacy: 1, create: null }),
      );
      expect(listReports).not.toHaveBeenCalled();
    });

    it('keeps nothing for a connection removed or saved as another account, and says so', async () => {
      const { handlers } = setup([makeReport()], false);
      const answer = await handlers['popup.rememberPrivacy']({ connection: REF, privacy: 2 });
      expect(answer).toMatchObject({
        ok: false,
        error: {
          kind: 'not_configured',
          message: 'This connection was removed or saved with another key. Reload to see the active one.',
        },
      });
      expect(await lastPrivacyItem.getValue()).toBe(0);
    });

    it('says when nothing is set up', async () => {
      const { handlers } = setup([], false);
      expect(await handlers['popup.snapshot']({ connection: REF })).toMatchObject(
        ok({ configured: false, lastPrivacy: 0, create: null }),
      );
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
      const { handlers, listReports, kept } = setup(items);
      const answer = await handlers['popup.pageReport']({ connection: REF, url });
      // Searched as the service stores addresses: no scheme, no www.
      expect(listReports).toHaveBeenCalledWith({
        search: 'example.com/page',
        searchBy: 'url',
        sortBy: 'id',
        sort: 'desc',
        perPage: 100,
      });
      expect(answer).toEqual(ok({ data: summaryOf(items[2]!), fetchedAt: 5000 }));
      expect(await kept.pageReport(url)).toEqual({ data: summaryOf(items[2]!), fetchedAt: 5000 });
    });

    it('answers null when only similar pages have reports', async () => {
      const { handlers, kept } = setup([makeReport({ url: 'https://example.com/page2' })]);
      expect(
        await handlers['popup.pageReport']({ connection: REF, url: 'https://example.com/page' }),
      ).toEqual(ok({ data: null, fetchedAt: 5000 }));
      expect(await kept.pageReport('https://example.com/page')).toEqual({
        data: null,
        fetchedAt: 5000,
      });
    });

    it('recognises phpRank’s stored address (no scheme, no www, no root slash)', async () => {
      const stored = makeReport({ id: 12, url: 'example.com', pageUrl: 'https://www.example.com/' });
      const { handlers, listReports } = setup([makeReport({ id: 13, url: 'example.com/pricing' }), stored]);
      const answer = await handlers['popup.pageReport']({ connection: REF, url: 'https://www.example.com/' });
      expect(listReports).toHaveBeenCalledWith(expect.objectContaining({ search: 'example.com' }));
      expect(answer.ok && answer.data.data?.id).toBe(12);
    });

    it('finds the report of a page whose create the service was redirected from', async () => {
      const landed = makeReport({ id: 30, url: 'shop.example/en', pageUrl: 'https://shop.example/en' });
      const { handlers, listReports, store } = setup([landed]);
      listReports.mockResolvedValueOnce(ok(pageOf([])));
      await store.created('http://shop.example/', landed);
      const answer = await handlers['popup.pageReport']({ connection: REF, url: 'http://shop.example/' });
      expect(listReports.mock.calls.map(([query]) => query.search)).toEqual([
        'shop.example',
        'shop.example/en',
      ]);
      expect(answer.ok && answer.data.data?.id).toBe(30);
    });

    it('hands the follower the report it found, generating or not (it follows or ends the following)', async () => {
      const noScore = makeReport({ id: 4, result: null, generatedAt: '2026-01-01T00:00:00Z' });
      const { handlers, followReport } = setup([noScore]);
      await handlers['popup.pageReport']({ connection: REF, url: 'https://example.com/page' });
      expect(followReport).toHaveBeenCalledWith(expect.objectContaining({ id: 4 }));
    });

    it('hands the follower nothing when the page has no report', async () => {
      const { handlers, followReport } = setup([]);
      await handlers['popup.pageReport']({ connection: REF, url: 'https://example.com/page' });
      expect(followReport).not.toHaveBeenCalled();
    });

    it('passes errors on and leaves the cache as it was', async () => {
      const { handlers, listReports, store, kept } = setup();
      await store.pageFound('https://example.com/page', null);
      listReports.mockResolvedValueOnce(failed(apiError('server', { status: 503 })));
      expect(
        await handlers['popup.pageReport']({ connection: REF, url: 'https://example.com/page' }),
      ).toMatchObject({
        ok: false,
        error: { kind: 'server' },
      });
      expect(await kept.pageReport('https://example.com/page')).toEqual({ data: null, fetchedAt: 5000 });
    });
  });

  describe('popup.recentReports (phpRank: addresses without scheme)', () => {
    it('"This site only" searches the site as the service names it and keeps its reports only', async () => {
      const items = [
        makeReport({ id: 3, url: 'example.com/a' }),
        makeReport({ id: 2, url: 'shop.example.com/b' }),
        makeReport({ id: 1, url: 'https://www.example.com/c' }),
      ];
      const { handlers, listReports } = setup(items);
      const answer = await handlers['popup.recentReports']({ connection: REF, host: 'www.example.com' });
      expect(listReports).toHaveBeenCalledWith(expect.objectContaining({ search: 'example.com' }));
      expect(answer.ok && answer.data.data.map((r) => r.id)).toEqual([3, 1]);
    });
  });

  describe('popup.recentReports', () => {
    it('takes the 5 newest by id', async () => {
      const items = [10, 9, 8, 7, 6, 5, 4].map((id) => makeReport({ id }));
      const { handlers, listReports } = setup(items);
      const answer = await handlers['popup.recentReports']({ connection: REF });
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
      const { handlers, listReports, kept } = setup(items);
      const answer = await handlers['popup.recentReports']({ connection: REF, host: 'example.com' });
      expect(listReports).toHaveBeenCalledWith({
        search: 'example.com',
        searchBy: 'url',
        sortBy: 'id',
        sort: 'desc',
        perPage: 25,
      });
      expect(answer.ok && answer.data.data.map((r) => r.id)).toEqual([4, 2]);
      expect((await kept.recent('example.com'))?.data.map((r) => r.id)).toEqual([4, 2]);
      expect(await kept.recent()).toBeNull();
    });
  });

  describe('popup.rememberPrivacy', () => {
    it('keeps the chosen privacy for the next popup, without creating anything', async () => {
      const { handlers, listReports } = setup();
      expect(await lastPrivacyItem.getValue()).toBe(0);
      expect(await handlers['popup.rememberPrivacy']({ connection: REF, privacy: 2 })).toEqual(ok(null));
      expect(await lastPrivacyItem.getValue()).toBe(2);
      expect(await handlers['popup.snapshot']({ connection: REF })).toMatchObject(
        ok({ lastPrivacy: 2, create: null }),
      );
      await handlers['popup.rememberPrivacy']({ connection: REF, privacy: 1 });
      expect(await lastPrivacyItem.getValue()).toBe(1);
      expect(listReports).not.toHaveBeenCalled();
    });

    it('keeps nothing for a connection removed or saved as another account, and says so', async () => {
      const { handlers } = setup([makeReport()], false);
      const answer = await handlers['popup.rememberPrivacy']({ connection: REF, privacy: 2 });
      expect(answer).toMatchObject({
        ok: false,
        error: {
          kind: 'not_configured',
          message: 'This connection was removed or saved with another key. Reload to see the active one.',
        },
      });
      expect(await lastPrivacyItem.getValue()).toBe(0);
    });

    it.each([
      ['a privacy outside 0-2', { connection: REF, privacy: 3 }],
      ['a privacy as text', { connection: REF, privacy: '1' }],
      ['no privacy', { connection: REF }],
      ['no connection', { privacy: 1 }],
      ['a password alongside (strict)', { connection: REF, privacy: 2, password: 'x' }],
    ])('refuses %s', (_name, payload) => {
      expect(messages['popup.rememberPrivacy'].safeParse(payload).success).toBe(false);
    });

    it('accepts each privacy', () => {
      for (const privacy of [0, 1, 2]) {
        expect(messages['popup.rememberPrivacy'].safeParse({ connection: REF, privacy }).success).toBe(true);
      }
    });
  });
});
