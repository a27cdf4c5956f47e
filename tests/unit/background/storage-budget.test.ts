// One storage budget across connections, over WXT's fake storage: what two connections keep stays under
// it with the oldest gone first, and when the browser's quota is met the user reads why (adding a
// connection, a site read) instead of an internal error or a read "reading" forever.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createConnectionHandlers } from '@/entrypoints/background/connections';
import { followedOf } from '@/entrypoints/background/follower';
import { bulkJobItem } from '@/entrypoints/background/jobs/bulk-change';
import { newJob } from '@/entrypoints/background/jobs/runner';
import { budgets, createSerialUpdates } from '@/entrypoints/background/storage-budget';
import { createMessageRouter, type Handlers } from '@/entrypoints/background/router';
import { createSiteReads } from '@/entrypoints/background/site-reads';
import { summarizeChecks } from '@/lib/api/report-checks';
import type { Page, Report } from '@/lib/api/types';
import { createHistory, readHistory } from '@/lib/history';
import { t } from '@/lib/i18n';
import { catalogFrom, createReportStore } from '@/lib/report-store';
import { siteViewName, type SiteView } from '@/lib/site';
import { makeReport } from '../options/fakes';

/** storage.session's budget (Chrome's quota is 10 MB). */
const SESSION_BUDGET = 8_000_000;
/** What Chrome throws when a write would pass the quota. */
const quotaError = () => new Error('QUOTA_BYTES quota exceeded');

/** The bytes Chrome counts in an area: each key and its value's JSON. */
async function bytesIn(area: 'session' | 'local') {
  const items = await fakeBrowser.storage[area].get(null);
  return Object.entries(items).reduce(
    (sum, [key, value]) => sum + key.length + new TextEncoder().encode(JSON.stringify(value)).length,
    0,
  );
}

const copies = async (connection: string) =>
  Object.keys(await fakeBrowser.storage.session.get(null))
    .filter((key) => key.startsWith(`${connection}:report:`))
    .map((key) => Number(key.slice(`${connection}:report:`.length)));

/** What a site read's job keeps. */
type SiteJob = { rows: unknown[] };

const failing = summarizeChecks({ title: { passed: false, errors: {} } });

/** A page of 100 reports from `first` on, each about 4 KB (a long address). */
const pageFrom = (first: number): Page<Report> => ({
  items: Array.from({ length: 100 }, (_, i) =>
    makeReport(first + i, { url: `https://site.example/${'long-path/'.repeat(200)}${first + i}` }),
  ),
  page: 1,
  perPage: 100,
  total: null,
  lastPage: null,
  hasNext: false,
  hasPrevious: false,
  from: null,
  to: null,
  appliedSort: null,
});

beforeEach(() => fakeBrowser.reset());
afterEach(() => vi.restoreAllMocks());

describe('one budget across connections', () => {
  it('two connections filled past the session budget: the total stays under it, the oldest went first', async () => {
    let clock = 1_000;
    const a = createReportStore('a', budgets.session, () => clock);
    const b = createReportStore('b', budgets.session, () => clock);
    // A's 1,500 reports are seen first, then B's 1,500: 12 MB in all.
    for (const [store, first] of [
      [a, 1],
      [b, 100_001],
    ] as const) {
      for (let page = 0; page < 15; page++, clock += 1_000)
        await store.listed(pageFrom(first + page * 100), null);
    }
    expect(await bytesIn('session')).toBeLessThanOrEqual(SESSION_BUDGET);
    const [keptA, keptB] = [await copies('a'), await copies('b')];
    expect(keptB).toHaveLength(1_500);
    expect(keptA.length).toBeGreaterThan(0);
    expect(keptA.length).toBeLessThan(1_500);
    // A's newest stayed, its oldest went, and A's catalog names only the copies kept.
    expect(keptA).toContain(1_500);
    expect(keptA).not.toContain(1);
    expect(Math.min(...keptA)).toBe(1_500 - keptA.length + 1);
    const catalog = catalogFrom((await fakeBrowser.storage.session.get('a:store'))['a:store']);
    expect(
      Object.keys(catalog.seen)
        .map(Number)
        .sort((x, y) => x - y),
    ).toEqual([...keptA].sort((x, y) => x - y));
    // 12 MB written and measured: seconds on a busy machine.
  }, 60_000);

  it('a write that meets the quota makes room (the oldest histories, any connection) and is tried once more', async () => {
    const noted = (connection: string, id: number, clock: number) =>
      createHistory(
        connection,
        budgets.local,
        () => clock,
        async () => true,
      ).note([makeReport(id, { score: 70, generatedAt: '2024-05-02T10:00:00Z', checks: failing })]);
    await noted('a', 1, 1_000);
    await noted('b', 2, 2_000);
    expect(await readHistory('a').snapshots(1)).toHaveLength(1);
    const set = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
    vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementationOnce(() => Promise.reject(quotaError()));
    vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementation(set);
    await noted('b', 3, 3_000);
    expect(await readHistory('a').snapshots(1)).toEqual([]);
    expect(Object.keys(await readHistory('a').index())).toEqual([]);
    expect(await readHistory('b').snapshots(3)).toHaveLength(1);
  });

  it('the follower’s list and a bulk job that meet the session quota make room (the oldest copies) and are written', async () => {
    await createReportStore('a', budgets.session, () => 1_000).listed(pageFrom(1), null);
    const set = fakeBrowser.storage.session.set.bind(fakeBrowser.storage.session);
    const writes = vi.spyOn(fakeBrowser.storage.session, 'set').mockImplementation(set);
    writes.mockImplementationOnce(() => Promise.reject(quotaError()));
    await followedOf('a').setValue(null);
    writes.mockImplementationOnce(() => Promise.reject(quotaError()));
    const job = {
      ...newJob('1', [{ id: 1, label: 'example.com', state: 'pending' as const }]),
      action: { kind: 'regenerate' as const },
    };
    await bulkJobItem('a').setValue(job);
    expect(await followedOf('a').getValue()).toBeNull();
    expect(await bulkJobItem('a').getValue()).toEqual(job);
    expect((await copies('a')).length).toBeLessThan(100);
  });
});

describe('a full quota', () => {
  it('connections.add answers a sentence saying storage is full and what to do, not an internal error', async () => {
    vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementation(() => Promise.reject(quotaError()));
    const handlers = createConnectionHandlers(
      async () => {},
      async () => ({ ok: true, data: { total: 0, count: 0, account: null } }),
      async () => ({}) as never,
    );
    // Said at the message boundary, as every StorageFull is.
    const trusted = { extensionId: 'abc', extensionBaseUrl: 'chrome-extension://abc/' };
    const route = createMessageRouter(handlers as Handlers, trusted);
    const payload = { baseUrl: 'https://a.example', apiKey: 'key-of-a-1111' };
    const answer = await route(
      { type: 'connections.add', payload },
      { id: 'abc', url: 'chrome-extension://abc/options.html' },
    );
    expect(answer).toEqual({
      ok: false,
      error: expect.objectContaining({ message: t('storageFullLocal') }),
    });
    expect(t('storageFullLocal')).toMatch(
      /^The browser’s storage for this extension is full.*Clear the history/,
    );
  });

  const PROJECT = 'Client A / Landing pages';

  /**
   * A read of a project of `count` reports (100 a page) while storage refuses what `refused` picks, whatever
   * is evicted; it ends failed, and its view says storage is full.
   */
  async function readWhileFull(count: number, refused: (key: string, value: unknown) => boolean) {
    vi.useFakeTimers({ now: 1_000_000 });
    const reports = Array.from({ length: count }, (_, i) =>
      makeReport(i + 1, { project: PROJECT, checks: failing }),
    );
    const asked: number[] = [];
    const list = async ({ page = 1 }: { page?: number }) => {
      asked.push(page);
      const items = reports.slice((page - 1) * 100, page * 100);
      return {
        ok: true as const,
        data: { ...pageFrom(0), items, page, total: count, hasNext: page * 100 < count },
      };
    };
    const set = fakeBrowser.storage.session.set.bind(fakeBrowser.storage.session);
    vi.spyOn(fakeBrowser.storage.session, 'set').mockImplementation((items) =>
      Object.entries(items).some(([key, value]) => refused(key, value))
        ? Promise.reject(quotaError())
        : set(items),
    );
    const sites = createSiteReads('a', { listReports: list }, new AbortController().signal);
    await sites.handlers['site.read']({ name: PROJECT });
    const key = `a:${siteViewName(PROJECT)}`;
    const view = async () => (await fakeBrowser.storage.session.get(key))[key] as SiteView | undefined;
    await vi.waitFor(async () => expect((await view())?.read.phase).toBe('failed'));
    expect((await view())?.read).toEqual({
      phase: 'failed',
      error: expect.objectContaining({ message: t('storageFullSession') }),
    });
    return { asked, list, sites };
  }

  it('a site read whose rows cannot be written ends failed with the sentence, and no worker start resumes it', async () => {
    const { asked, list } = await readWhileFull(150, (key) => /:site(Rows|Read):/.test(key));
    const asksBefore = asked.length;
    await createSiteReads('a', { listReports: list }, new AbortController().signal).resume();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(asked).toHaveLength(asksBefore);
    vi.useRealTimers();
  });

  it('a site read whose job no longer fits mid-read ends failed with the sentence, its alarm gone', async () => {
    // The job's rows past the first page meet the quota.
    const { asked, sites } = await readWhileFull(
      250,
      (key, job) => /:siteJob:/.test(key) && (job as SiteJob).rows.length > 100,
    );
    await vi.waitFor(async () => expect(await fakeBrowser.alarms.getAll()).toEqual([]));
    await sites.resume(PROJECT);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(asked).toEqual([1, 2]);
    vi.useRealTimers();
  });
});

describe('createSerialUpdates', () => {
  it('runs each update after the one before has ended', async () => {
    const run = createSerialUpdates();
    const steps: string[] = [];
    let release!: () => void;
    const first = run(async () => {
      steps.push('first started');
      await new Promise<void>((resolve) => (release = resolve));
      steps.push('first ended');
      return 1;
    });
    const second = run(async () => {
      steps.push('second started');
      return 2;
    });
    await vi.waitFor(() => expect(steps).toEqual(['first started']));
    release();
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(steps).toEqual(['first started', 'first ended', 'second started']);
  });

  it('rejects its caller with a failure, and still runs the next update', async () => {
    const run = createSerialUpdates();
    const cause = new Error('storage full');
    await expect(run(async () => Promise.reject(cause))).rejects.toBe(cause);
    expect(await run(async () => 'next')).toBe('next');
  });
});
