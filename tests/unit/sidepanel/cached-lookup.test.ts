// The panel's lookups: the report store's copy while it is younger than five minutes, else a request. The
// store is written by the background's own writer, in WXT's fake browser.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { send } from '@/lib/messaging/send';
import { summaryOf } from '@/lib/api/summary';
import { readStore, recentView } from '@/lib/report-store';
import { STORE_KEY } from '@/lib/storage-keys';
import { createReportStore } from '@/entrypoints/background/report-store';
import { cachedLookup, FRESH_FOR_MS } from '@/entrypoints/sidepanel/cached-lookup';
import { makeReport, ok } from '../popup/fixtures';

const NOW = 1_800_000_000_000;
const report = makeReport({ id: 3, url: 'https://example.com/a' });

/** The background's store of connection 'a', each write made at the time `at` holds. */
let at = NOW;
const store = () => createReportStore('a', () => at);

function setUp() {
  const request = vi.fn(async () => ok({ data: null, fetchedAt: NOW }));
  const lookUp = cachedLookup({
    send: request as unknown as typeof send,
    store: () => readStore('a'),
    now: () => NOW,
  });
  return { lookUp, request };
}

beforeEach(() => {
  fakeBrowser.reset();
  at = NOW;
});

describe('cachedLookup', () => {
  it('answers this page’s report and each recent scope from a fresh store, without a request', async () => {
    const fresh = NOW - FRESH_FOR_MS + 1;
    at = fresh;
    const kept = store();
    await kept.pageFound('https://example.com/a', report);
    await kept.recentFound(recentView(), [report]);
    await kept.recentFound(recentView('example.com'), []);
    const { lookUp, request } = setUp();
    expect(await lookUp('popup.pageReport', { url: 'https://example.com/a' })).toEqual(
      ok({ data: summaryOf(report), fetchedAt: fresh }),
    );
    expect(await lookUp('popup.recentReports', {})).toEqual(
      ok({ data: [summaryOf(report)], fetchedAt: fresh }),
    );
    expect(await lookUp('popup.recentReports', { host: 'example.com' })).toEqual(
      ok({ data: [], fetchedAt: fresh }),
    );
    expect(request).not.toHaveBeenCalled();
  });

  it('asks when the copy is five minutes old, from the future, missing, or the store unreadable', async () => {
    const kept = store();
    at = NOW - FRESH_FOR_MS;
    await kept.pageFound('https://example.com/old', makeReport({ id: 4, url: 'https://example.com/old' }));
    at = NOW + 1;
    await kept.pageFound(
      'https://example.com/future',
      makeReport({ id: 5, url: 'https://example.com/future' }),
    );
    at = NOW;
    await kept.recentFound(recentView(), [report]);
    const { lookUp, request } = setUp();
    await lookUp('popup.pageReport', { url: 'https://example.com/old' });
    await lookUp('popup.pageReport', { url: 'https://example.com/future' });
    await lookUp('popup.pageReport', { url: 'https://example.com/none' });
    await lookUp('popup.recentReports', { host: 'example.com' });
    expect(request).toHaveBeenCalledTimes(4);

    await fakeBrowser.storage.session.set({ [`a:${STORE_KEY}`]: 'garbage' });
    await lookUp('popup.recentReports', {});
    expect(request).toHaveBeenCalledWith('popup.recentReports', {});
  });

  it('sends any other message as it is', async () => {
    const { lookUp, request } = setUp();
    await lookUp('reports.get', { id: report.id });
    expect(request).toHaveBeenCalledWith('reports.get', { id: report.id });
  });
});
