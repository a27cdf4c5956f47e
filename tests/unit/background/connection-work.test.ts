import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { apiError } from '@/entrypoints/background/error-messages';
import type { Result } from '@/lib/api/errors';
import { createConnectionWorks } from '@/entrypoints/background/connection-work';
import { react } from '@/entrypoints/background/events';
import { createHandlers, lastPrivacyItem } from '@/entrypoints/background/handlers';
import { createServices } from '@/entrypoints/background/service';
import { writeConnections } from '@/entrypoints/background/settings/storage';
import type { ApiClient } from '@/entrypoints/background/service/client';
import type { ReportId } from '@/lib/api/types';
import type { Handlers } from '@/entrypoints/background/router';
import { readStore } from '@/lib/report-store';
import { LAST_PRIVACY_KEY } from '@/lib/storage-keys';
import { failed, makeReport, ok, pageOf } from '../popup/fixtures';

function coreHandlers(
  overrides: Partial<Record<keyof Handlers, (input: never) => Promise<Result<unknown>>>> = {},
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
  } as unknown as Handlers;
}

const A = { id: 'a', label: 'A', baseUrl: 'https://a.example', apiKey: 'key-a' };
const REF = { id: 'a', account: 'a' };

/**
 * The real handlers and A's work, as the background joins them (`emit` hands each answer to `heard`); `core` stands for the
 * service (each API call answers what the test's fake handler answers). A's follower watched.
 */
function setup(core = coreHandlers()) {
  const events = {
    emit: (type: string, payload: object) => react(type, works.heard({ type, ...payload } as never)),
  };
  const service = {
    createReport: (input: never) => core['reports.create'](input),
    getReport: (id: ReportId) => core['reports.get']({ connection: REF, id }),
    updateReport: (id: ReportId, changes: object) =>
      core['reports.update']({ connection: REF, id, ...changes }),
    deleteReport: (id: ReportId) => core['reports.delete']({ connection: REF, id }),
  };
  const serviceOf = createServices(events.emit, () => service as unknown as ApiClient);
  const works = createConnectionWorks(serviceOf);
  const handlers = createHandlers(works.workOn, events.emit, vi.fn());
  const work = works.workFor({ id: A.id, account: A.id });
  const follower = {
    track: vi.spyOn(work.follower, 'track').mockResolvedValue(),
    settle: vi.spyOn(work.follower, 'settle').mockResolvedValue(),
    forget: vi.spyOn(work.follower, 'forget').mockResolvedValue(),
  };
  // What pages read of A's store, through the one reader; written only through the handlers' events.
  const kept = readStore(A.id);
  return { handlers, kept, store: work.store, creates: work.creates, follower, core };
}

describe('report changes reach the report store and the follower', () => {
  beforeEach(async () => {
    fakeBrowser.reset();
    vi.useFakeTimers({ now: 42, toFake: ['Date'] });
    await writeConnections({ active: A.id, list: [A] });
  });
  afterEach(() => vi.useRealTimers());

  it('a created report becomes its page’s report and is followed while generating', async () => {
    const { handlers, kept, follower } = setup();
    const answer = await handlers['reports.create']({
      connection: REF,
      url: 'https://example.com/page',
      privacy: 2,
      password: 'pw',
    });
    expect(answer).toMatchObject({ ok: true, data: { id: 20 } });
    expect(await kept.pageReport('https://example.com/page')).toMatchObject({
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
    await lastPrivacyItem.setValue(1);
    await handlers['reports.create']({ connection: REF, url: 'https://example.com/page', privacy: 1 });
    expect(await lastPrivacyItem.getValue()).toBe(1);

    // Nothing chosen, nothing stored: the create stores nothing either (only 'popup.rememberPrivacy' does).
    await lastPrivacyItem.removeValue();
    const created = await handlers['reports.create']({
      connection: REF,
      url: 'https://example.com/other',
      privacy: 2,
      password: 'pw',
    });
    expect(created.ok).toBe(true);
    expect(Object.keys(await fakeBrowser.storage.local.get())).not.toContain(LAST_PRIVACY_KEY);
  });

  it('a page’s create is running for its page until answered; a failure is kept for the next popup', async () => {
    let answer!: (value: Result<unknown>) => void;
    const core = coreHandlers({
      'reports.create': () => new Promise<Result<unknown>>((resolve) => (answer = resolve)),
    });
    const { handlers, creates } = setup(core);
    const url = 'https://example.com/page';
    const created = handlers['reports.create']({ connection: REF, url, privacy: 1 });
    await expect.poll(() => creates.state(url)).toEqual({ startedAt: 42 });
    const waited = creates.wait(url);
    answer(failed(apiError('server', { status: 500 })));
    expect(await created).toMatchObject({ ok: false, error: { kind: 'server' } });
    expect(await waited).toMatchObject({ ok: false, error: { kind: 'server' } });
    expect(await creates.state(url)).toMatchObject({ error: { kind: 'server' } });
  });

  it('a create that throws ends its run too (nothing waits for it any more)', async () => {
    const core = coreHandlers({
      'reports.create': async () => {
        throw new Error('storage gone');
      },
    });
    const { handlers, creates } = setup(core);
    const url = 'https://example.com/page';
    await expect(handlers['reports.create']({ connection: REF, url, privacy: 1 })).rejects.toThrow(
      'storage gone',
    );
    expect(await creates.wait(url)).toMatchObject({ ok: false, error: { kind: 'unexpected' } });
  });

  it('a failed create changes nothing', async () => {
    const core = coreHandlers({ 'reports.create': async () => failed(apiError('invalid_input')) });
    const { handlers, kept, follower } = setup(core);
    await handlers['reports.create']({ connection: REF, url: 'https://example.com/page', privacy: 1 });
    expect(await kept.pageReport('https://example.com/page')).toBeNull();
    expect(follower.track).not.toHaveBeenCalled();
    expect(await lastPrivacyItem.getValue()).toBe(0);
  });

  it('bookkeeping that fails never turns a created report into an error', async () => {
    const { handlers, follower } = setup();
    follower.track.mockRejectedValue(new Error('storage full'));
    expect(
      await handlers['reports.create']({ connection: REF, url: 'https://example.com/page' }),
    ).toMatchObject({ ok: true });
  });

  it('a report read with its result settles it; one still generating is followed', async () => {
    const { handlers, follower, core } = setup();
    await handlers['reports.get']({ connection: REF, id: 1 });
    expect(follower.settle).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
    vi.mocked(core['reports.get']).mockResolvedValueOnce(ok(makeReport({ id: 2, result: null })));
    await handlers['reports.get']({ connection: REF, id: 2 });
    expect(follower.track).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }), { restart: false });
  });

  it('an update answered "gone" forgets the report everywhere', async () => {
    const core = coreHandlers({
      'reports.update': vi.fn(async () => failed(apiError('not_found', { status: 403 }))),
    });
    const { handlers, kept, store, follower } = setup(core);
    const report = makeReport({ id: 7 });
    await store.pageFound('https://example.com/page', report);
    await handlers['reports.update']({ connection: REF, id: 7, regenerate: true });
    expect(await kept.pageReport('https://example.com/page')).toBeNull();
    expect(follower.forget).toHaveBeenCalledWith(7, expect.objectContaining({ kind: 'not_found' }));
  });

  it('a regenerated report replaces the kept copy and is followed', async () => {
    const { handlers, kept, store, follower } = setup();
    await store.pageFound('https://example.com/page', makeReport());
    await handlers['reports.update']({ connection: REF, id: 1, regenerate: true });
    expect((await kept.pageReport('https://example.com/page'))?.data?.result).toBeNull();
    // New results asked for: the follower's wait starts again.
    expect(follower.track).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }), { restart: true });
  });

  it('a changed privacy does not lengthen the wait for a report still generating', async () => {
    const { handlers, follower } = setup();
    await handlers['reports.update']({ connection: REF, id: 1, privacy: 1 });
    expect(follower.track).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }), { restart: false });
  });

  it('a deleted (or vanished) report leaves the store and the follower', async () => {
    const core = coreHandlers({ 'reports.get': async () => failed(apiError('not_found')) });
    const { handlers, kept, store, follower } = setup(core);
    await store.pageFound('https://example.com/page', makeReport({ id: 1 }));
    await handlers['reports.delete']({ connection: REF, id: 1 });
    expect(await kept.pageReport('https://example.com/page')).toBeNull();
    expect(follower.forget).toHaveBeenCalledWith(1, null);
    await handlers['reports.get']({ connection: REF, id: 5 });
    expect(follower.forget).toHaveBeenCalledWith(5, expect.objectContaining({ kind: 'not_found' }));
  });
});
