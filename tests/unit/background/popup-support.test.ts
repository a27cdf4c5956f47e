import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { apiError } from '@/entrypoints/background/error-messages';
import type { ApiError, Result } from '@/lib/api/errors';
import type { Report, ReportId } from '@/lib/api/types';
import { loadLastPrivacy, saveLastPrivacy } from '@/entrypoints/background/preferences';
import { followedItem, GENERATION_ALARM } from '@/entrypoints/background/follower';
import { createPopupCache } from '@/entrypoints/background/popup-cache';
import { BULK_ALARM, bulkJobItem, bulkPasswordItem } from '@/entrypoints/background/bulk-changes';
import {
  forgetOnNewConnection,
  trackReportChanges,
  withPopupSupport,
} from '@/entrypoints/background/popup-support';
import type { CoreHandlers } from '@/entrypoints/background/router';
import { failed, makeReport, ok, pageOf } from '../popup/fixtures';

function coreHandlers(
  overrides: Partial<Record<keyof CoreHandlers, (input: never) => Promise<Result<unknown>>>> = {},
) {
  const fail = async () => failed(apiError('unexpected'));
  return {
    'settings.get': fail,
    'settings.save': fail,
    'settings.test': fail,
    'reports.list': vi.fn(async () => ok(pageOf([]))),
    'reports.get': vi.fn(async () => ok(makeReport())),
    'reports.create': vi.fn(async () => ok(makeReport({ id: 20, result: null }))),
    'reports.update': vi.fn(async () => ok(makeReport({ result: null }))),
    'reports.delete': vi.fn(async () => ok(null)),
    'projects.list': fail,
    'projects.delete': fail,
    ...overrides,
  } as unknown as CoreHandlers;
}

function setup(core = coreHandlers()) {
  const cache = createPopupCache();
  const follower = {
    track: vi.fn(async (_report: Report, _options?: { restart?: boolean }) => []),
    settle: vi.fn(async (_report: Report) => []),
    forget: vi.fn(async (_id: ReportId, _error?: ApiError | null) => []),
  };
  const aliases = { remember: vi.fn(async () => {}) };
  const handlers = trackReportChanges(core, { cache, follower, aliases, now: () => 42 });
  return { handlers, cache, follower, core, aliases };
}

describe('report changes reach the popup cache and the follower', () => {
  beforeEach(() => fakeBrowser.reset());

  it('a created report becomes its page’s report and is followed while generating', async () => {
    const { handlers, cache, follower } = setup();
    const answer = await handlers['reports.create']({
      url: 'https://example.com/page',
      privacy: 2,
      password: 'pw',
    });
    expect(answer).toMatchObject({ ok: true, data: { id: 20 } });
    expect((await cache.read('https://example.com/page')).pageReport).toMatchObject({
      data: { id: 20 },
      fetchedAt: 42,
    });
    expect(follower.track).toHaveBeenCalledWith(expect.objectContaining({ id: 20 }), { restart: false });
    expect(JSON.stringify(await fakeBrowser.storage.session.get())).not.toContain('pw');
    expect(JSON.stringify(await fakeBrowser.storage.local.get())).not.toContain('"pw"');
  });

  it('a create leaves the remembered privacy to the popup’s choice', async () => {
    const { handlers } = setup();
    // Never touched: the form kept the restored Private, and nothing is written for it.
    await saveLastPrivacy(1);
    await handlers['reports.create']({ url: 'https://example.com/page', privacy: 1 });
    expect(await loadLastPrivacy()).toBe(1);

    // Nothing chosen, nothing stored: the create stores nothing either (only 'popup.rememberPrivacy' does).
    await fakeBrowser.storage.local.clear();
    await handlers['reports.create']({ url: 'https://example.com/other', privacy: 2, password: 'pw' });
    expect(await fakeBrowser.storage.local.get()).toEqual({});
  });

  it('a failed create changes nothing', async () => {
    const core = coreHandlers({ 'reports.create': async () => failed(apiError('invalid_input')) });
    const { handlers, cache, follower } = setup(core);
    await handlers['reports.create']({ url: 'https://example.com/page', privacy: 1 });
    expect((await cache.read('https://example.com/page')).pageReport).toBeNull();
    expect(follower.track).not.toHaveBeenCalled();
    expect(await loadLastPrivacy()).toBe(0);
  });

  it('bookkeeping that fails never turns a created report into an error', async () => {
    const { handlers, follower } = setup();
    follower.track.mockRejectedValue(new Error('storage full'));
    expect(await handlers['reports.create']({ url: 'https://example.com/page' })).toMatchObject({ ok: true });
  });

  it('a report read with its result settles it; one still generating is followed', async () => {
    const { handlers, follower, core } = setup();
    await handlers['reports.get']({ id: 1 });
    expect(follower.settle).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
    vi.mocked(core['reports.get']).mockResolvedValueOnce(ok(makeReport({ id: 2, result: null })));
    await handlers['reports.get']({ id: 2 });
    expect(follower.track).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }), { restart: false });
  });

  it('an update answered "gone" forgets the report everywhere', async () => {
    const core = coreHandlers({
      'reports.update': vi.fn(async () => failed(apiError('not_found', { status: 403 }))),
    });
    const { handlers, cache, follower } = setup(core);
    const report = makeReport({ id: 7 });
    await cache.setPageReport('https://example.com/page', { data: report, fetchedAt: 1 });
    await handlers['reports.update']({ id: 7, regenerate: true });
    expect((await cache.read('https://example.com/page')).pageReport).toBeNull();
    expect(follower.forget).toHaveBeenCalledWith(7, expect.objectContaining({ kind: 'not_found' }));
  });

  it('a regenerated report replaces the cached copy and is followed', async () => {
    const { handlers, cache, follower } = setup();
    await cache.setPageReport('https://example.com/page', { data: makeReport(), fetchedAt: 1 });
    await handlers['reports.update']({ id: 1, regenerate: true });
    expect((await cache.read('https://example.com/page')).pageReport?.data?.result).toBeNull();
    // New results asked for: the follower's wait starts again.
    expect(follower.track).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }), { restart: true });
  });

  it('a changed privacy does not lengthen the wait for a report still generating', async () => {
    const { handlers, follower } = setup();
    await handlers['reports.update']({ id: 1, privacy: 1 });
    expect(follower.track).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }), { restart: false });
  });

  it('a deleted (or vanished) report leaves the cache and the follower', async () => {
    const core = coreHandlers({ 'reports.get': async () => failed(apiError('not_found')) });
    const { handlers, cache, follower } = setup(core);
    await cache.setPageReport('https://example.com/page', { data: makeReport({ id: 1 }), fetchedAt: 1 });
    await handlers['reports.delete']({ id: 1 });
    expect((await cache.read('https://example.com/page')).pageReport).toBeNull();
    expect(follower.forget).toHaveBeenCalledWith(1, null);
    await handlers['reports.get']({ id: 5 });
    expect(follower.forget).toHaveBeenCalledWith(5, expect.objectContaining({ kind: 'not_found' }));
  });
});

describe('withPopupSupport', () => {
  beforeEach(() => fakeBrowser.reset());

  it('answers the popup’s messages besides the core ones', () => {
    const handlers = withPopupSupport(coreHandlers());
    expect(Object.keys(handlers)).toEqual(
      expect.arrayContaining([
        'reports.create',
        'popup.snapshot',
        'popup.pageReport',
        'popup.recentReports',
        'popup.rememberPrivacy',
      ]),
    );
  });

  it('remembers the privacy the popup sends as chosen, for the next snapshot', async () => {
    const handlers = withPopupSupport(coreHandlers());
    expect(await handlers['popup.rememberPrivacy']({ privacy: 2 })).toEqual(ok(null));
    expect(await loadLastPrivacy()).toBe(2);
    expect(await handlers['popup.snapshot']({})).toMatchObject(ok({ lastPrivacy: 2, create: null }));
  });

  it('a lookup that finds the page’s report scored ends its following at once', async () => {
    const core = coreHandlers();
    const handlers = withPopupSupport(core);
    await handlers['reports.create']({ url: 'https://example.com/page' });
    expect((await followedItem.getValue())[0]?.state).toBe('generating');

    vi.mocked(core['reports.list']).mockResolvedValue(ok(pageOf([makeReport({ id: 20, result: 'bad' })])));
    await handlers['popup.pageReport']({ url: 'https://example.com/page' });
    expect((await followedItem.getValue())[0]).toMatchObject({ id: 20, state: 'scored' });
  });

  it('a lookup that finds the page’s report still generating follows it', async () => {
    const core = coreHandlers();
    const handlers = withPopupSupport(core);
    vi.mocked(core['reports.list']).mockResolvedValue(ok(pageOf([makeReport({ id: 21, result: null })])));
    await handlers['popup.pageReport']({ url: 'https://example.com/page' });
    expect((await followedItem.getValue())[0]).toMatchObject({ id: 21, state: 'generating' });
  });

  it('checks pending reports when the alarm fires and caches the finished result', async () => {
    const done = makeReport({ id: 20, result: 'bad' });
    const core = coreHandlers();
    const handlers = withPopupSupport(core);
    vi.mocked(core['reports.get']).mockResolvedValue(ok(done));
    await handlers['reports.create']({ url: 'https://example.com/page' });
    expect(await browser.alarms.get(GENERATION_ALARM)).toBeDefined();

    // As when the worker was stopped meanwhile: the clock is past the first wait and the alarm wakes it.
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 31_000);
    await fakeBrowser.alarms.onAlarm.trigger({ name: GENERATION_ALARM, scheduledTime: Date.now() });
    await vi.waitFor(async () => expect((await followedItem.getValue())[0]?.state).toBe('scored'));
    const snapshot = await handlers['popup.snapshot']({ url: 'https://example.com/page' });
    expect(snapshot).toMatchObject({ ok: true, data: { pageReport: { data: { id: 20, result: 'bad' } } } });
    expect(await browser.alarms.get(GENERATION_ALARM)).toBeUndefined();
  });
});

describe('forgetOnNewConnection', () => {
  const summary = { baseUrl: 'https://b.example', keySet: true, keyLastFour: null, hostPermission: true };

  function setup(before: { baseUrl: string; apiKey: string }, after: { baseUrl: string; apiKey: string }) {
    const reads = [before, after];
    const forget = vi.fn(async () => {});
    const save = vi.fn(async () => ok(summary));
    const handler = forgetOnNewConnection(save as never, forget, async () => reads.shift()!);
    return { handler, forget, save };
  }

  it('forgets the cache and pending reports when the server changes', async () => {
    const { handler, forget } = setup(
      { baseUrl: 'https://a.example', apiKey: 'k' },
      { baseUrl: 'https://b.example', apiKey: 'k' },
    );
    expect(await handler({ baseUrl: 'https://b.example' })).toEqual(ok(summary));
    expect(forget).toHaveBeenCalledTimes(1);
  });

  it('forgets them when the key changes', async () => {
    const { handler, forget } = setup(
      { baseUrl: 'https://a.example', apiKey: 'k1' },
      { baseUrl: 'https://a.example', apiKey: 'k2' },
    );
    await handler({ baseUrl: 'https://a.example', apiKey: 'k2' });
    expect(forget).toHaveBeenCalledTimes(1);
  });

  it('keeps them when nothing changed', async () => {
    const same = { baseUrl: 'https://a.example', apiKey: 'k' };
    const { handler, forget } = setup(same, same);
    await handler({ baseUrl: 'https://a.example' });
    expect(forget).not.toHaveBeenCalled();
  });

  it('clears the real cache, the pending list and the alarm when wired by withPopupSupport', async () => {
    const stored = [
      { baseUrl: 'https://a.example', apiKey: 'k' },
      { baseUrl: 'https://b.example', apiKey: 'k2' },
    ];
    await fakeBrowser.storage.local.set({ connection: stored[0] });
    const waiting = {
      id: 1,
      state: 'generating' as const,
      report: null,
      error: null,
      since: Date.now(),
      nextCheckAt: Date.now() + 3_600_000,
      attempts: 0,
      endedAt: null,
    };
    await followedItem.setValue([waiting]);
    await browser.alarms.create(GENERATION_ALARM, { periodInMinutes: 0.5 });
    const handlers = withPopupSupport(
      coreHandlers({
        'settings.save': async () => {
          await fakeBrowser.storage.local.set({ connection: stored[1] });
          return ok(summary);
        },
      }),
    );
    await vi.waitFor(async () => expect(await followedItem.getValue()).toEqual([waiting]));
    expect(await browser.alarms.get(GENERATION_ALARM)).toBeDefined();
    await handlers['settings.save']({ baseUrl: 'https://b.example', apiKey: 'k2' });
    expect(await followedItem.getValue()).toEqual([]);
    expect(await browser.alarms.get(GENERATION_ALARM)).toBeUndefined();
  });
});

describe('withPopupSupport: bulk changes', () => {
  beforeEach(() => fakeBrowser.reset());

  const leftBehind = {
    id: 'left',
    action: { kind: 'privacy', privacy: 1 },
    phase: 'running',
    stopRequested: false,
    items: [
      { id: 1, label: 'a', state: 'done' },
      { id: 2, label: 'b', state: 'pending' },
    ],
    notBefore: 0,
    waitingUntil: null,
    error: null,
  } as const;

  it('resumes a job a stopped worker left, at start-up, through the tracked update (never the done one)', async () => {
    await bulkJobItem.setValue(structuredClone(leftBehind) as never);
    const core = coreHandlers();
    withPopupSupport(core);
    await vi.waitFor(async () => expect((await bulkJobItem.getValue())?.phase).toBe('ended'));
    expect(core['reports.update']).toHaveBeenCalledTimes(1);
    // Not marked checked: the client checks what the runner sends.
    expect(core['reports.update']).toHaveBeenCalledWith({ id: 2, privacy: 1 }, undefined);
  });

  it('resumes on its alarm too', async () => {
    const core = coreHandlers();
    withPopupSupport(core);
    await vi.waitFor(() => expect(core['reports.list']).toHaveBeenCalledTimes(0));
    await bulkJobItem.setValue(structuredClone(leftBehind) as never);
    await fakeBrowser.alarms.onAlarm.trigger({ name: BULK_ALARM, scheduledTime: Date.now() });
    await vi.waitFor(async () => expect((await bulkJobItem.getValue())?.phase).toBe('ended'));
    // Not marked checked: the client checks what the runner sends.
    expect(core['reports.update']).toHaveBeenCalledWith({ id: 2, privacy: 1 }, undefined);
  });

  it('forgets the job and its password when another account is saved', async () => {
    await fakeBrowser.storage.local.set({ connection: { baseUrl: 'https://a.example', apiKey: 'k' } });
    const handlers = withPopupSupport(
      coreHandlers({
        'settings.save': async () => {
          await fakeBrowser.storage.local.set({ connection: { baseUrl: 'https://b.example', apiKey: 'k2' } });
          return ok({});
        },
      }),
    );
    await bulkJobItem.setValue({ ...structuredClone(leftBehind), phase: 'ended' } as never);
    await bulkPasswordItem.setValue('secret');
    await handlers['settings.save']({ baseUrl: 'https://b.example', apiKey: 'k2' });
    expect(await bulkJobItem.getValue()).toBeNull();
    expect(await bulkPasswordItem.getValue()).toBeNull();
  });
});
