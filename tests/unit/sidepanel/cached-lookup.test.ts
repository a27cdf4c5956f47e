// The panel's lookups: the popup cache's copy while it is younger than five minutes, else a request.
import { describe, expect, it, vi } from 'vitest';
import type { send } from '@/lib/messaging/send';
import type { CachedViews } from '@/entrypoints/popup/cached';
import { cachedLookup, FRESH_FOR_MS } from '@/entrypoints/sidepanel/cached-lookup';
import { makeReport, ok } from '../popup/fixtures';

const NOW = 1_800_000_000_000;
const report = makeReport({ id: 3, url: 'https://example.com/a' });

function setUp(views: CachedViews | null) {
  const request = vi.fn(async () => ok({ data: null, fetchedAt: NOW }));
  const lookUp = cachedLookup({
    send: request as unknown as typeof send,
    readCachedViews: async () => views,
    now: () => NOW,
  });
  return { lookUp, request };
}

describe('cachedLookup', () => {
  it('answers this page’s report and each recent scope from a fresh cache, without a request', async () => {
    const fresh = NOW - FRESH_FOR_MS + 1;
    const { lookUp, request } = setUp({
      pages: { 'https://example.com/a': { data: report, fetchedAt: fresh } },
      recent: { '': { data: [report], fetchedAt: fresh }, 'example.com': { data: [], fetchedAt: fresh } },
    });
    expect(await lookUp('popup.pageReport', { url: 'https://example.com/a' })).toEqual(
      ok({ data: report, fetchedAt: fresh }),
    );
    expect(await lookUp('popup.recentReports', {})).toEqual(ok({ data: [report], fetchedAt: fresh }));
    expect(await lookUp('popup.recentReports', { host: 'example.com' })).toEqual(
      ok({ data: [], fetchedAt: fresh }),
    );
    expect(request).not.toHaveBeenCalled();
  });

  it('asks when the copy is five minutes old, from the future, missing, or the cache unreadable', async () => {
    const { lookUp, request } = setUp({
      pages: {
        'https://example.com/old': { data: report, fetchedAt: NOW - FRESH_FOR_MS },
        'https://example.com/future': { data: report, fetchedAt: NOW + 1 },
      },
      recent: {},
    });
    await lookUp('popup.pageReport', { url: 'https://example.com/old' });
    await lookUp('popup.pageReport', { url: 'https://example.com/future' });
    await lookUp('popup.pageReport', { url: 'https://example.com/none' });
    await lookUp('popup.recentReports', { host: 'example.com' });
    expect(request).toHaveBeenCalledTimes(4);
    const noCache = setUp(null);
    await noCache.lookUp('popup.recentReports', {});
    expect(noCache.request).toHaveBeenCalledWith('popup.recentReports', {});
  });

  it('sends any other message as it is', async () => {
    const { lookUp, request } = setUp({ pages: {}, recent: {} });
    await lookUp('reports.get', { id: report.id });
    expect(request).toHaveBeenCalledWith('reports.get', { id: report.id });
  });
});
