// Issue 11: what an answer writes belongs to the connection that asked. Each test holds a request on A
// until a switch to B (run in the settings queue, with the real stash) has ended, then lets it answer:
// nothing of A may land in B's popup cache, page aliases, followed reports or create runs.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { apiError } from '@/entrypoints/background/error-messages';
import type { Result } from '@/lib/api/errors';
import type { Report, ReportId } from '@/lib/api/types';
import { t } from '@/lib/i18n';
import { connectionGuard } from '@/entrypoints/background/connection-guard';
import { switchConnectionData } from '@/entrypoints/background/connection-stash';
import { createCreateRuns, createRunsItem } from '@/entrypoints/background/create-runs';
import { createFollower, followedItem } from '@/entrypoints/background/follower';
import { createPageAliases, pageAliasesItem } from '@/entrypoints/background/page-aliases';
import { createPopupCache, popupCacheItem } from '@/entrypoints/background/popup-cache';
import { createPopupHandlers } from '@/entrypoints/background/popup-handlers';
import { trackReportChanges } from '@/entrypoints/background/popup-support';
import type { CoreHandlers, Handlers } from '@/entrypoints/background/router';
import { createSerialUpdates } from '@/entrypoints/background/serial-update';
import { withToolbarScore, type ToolbarScore } from '@/entrypoints/background/toolbar-score';
import { failed, makeReport, ok, pageOf } from '../popup/fixtures';

const PAGE = 'https://example.com/page';

/** Two connections, A active; `switchTo` runs in the settings queue as connections.switch does. */
function connections() {
  let active = 'A';
  const queue = createSerialUpdates('test settings');
  const guard = connectionGuard(queue, async () => ({
    id: active,
    baseUrl: `https://${active.toLowerCase()}.example`,
    apiKey: `key-${active}`,
  }));
  const switchTo = (id: string) =>
    queue(async () => {
      const from = active;
      active = id;
      await switchConnectionData(from, id);
    });
  return { guard, switchTo };
}

function held<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** The request has reached `call` (it was started on A). */
const started = (call: ReturnType<typeof vi.fn>) => expect.poll(() => call.mock.calls.length).toBe(1);

/** Every per-connection item B's views read, as a copy (the fake storage hands out what it holds). */
/** A create for PAGE sent on A, its answer held, then B made active. */
async function createOnAThenSwitchToB() {
  const { guard, switchTo } = connections();
  const runs = createCreateRuns({ now: () => 1_000, keepAliveWhile: (work) => work, guard });
  const answer = held<Result<Report>>();
  const create = vi.fn(() => answer.promise);
  const running = runs.run(PAGE, create);
  await started(create);
  await switchTo('B');
  return { runs, answer, running, switchTo };
}

async function itemsOfB() {
  const items = {
    cache: await popupCacheItem.getValue(),
    aliases: await pageAliasesItem.getValue(),
    followed: await followedItem.getValue(),
    runs: await createRunsItem.getValue(),
  };
  return structuredClone(items);
}

beforeEach(() => fakeBrowser.reset());

describe('an answer to A that comes after a switch to B', () => {
  it.each(['reports.create', 'reports.get', 'reports.update'] as const)(
    '%s writes nothing into B’s cache, aliases or followed reports',
    async (type) => {
      const { guard, switchTo } = connections();
      const answer = held<Result<Report>>();
      const call = vi.fn(() => answer.promise);
      const core = { [type]: call } as unknown as CoreHandlers;
      const follower = { track: vi.fn(async () => []), settle: vi.fn(async () => []), forget: vi.fn() };
      const cache = createPopupCache();
      const handlers = trackReportChanges(core, {
        cache,
        aliases: createPageAliases(),
        follower: follower as never,
        now: () => 42,
        guard,
      });

      const request = (handlers[type] as (input: unknown) => Promise<Result<Report>>)({
        id: 1,
        url: PAGE,
        privacy: 0,
      });
      await started(call);
      // The answer passed the request's own check on A; the switch lands before its writes.
      await switchTo('B');
      // B's own report 1 (ids are per server) is this page's report in B's cache.
      await cache.setPageReport(PAGE, { data: makeReport({ id: 1, url: PAGE }), fetchedAt: 1 });
      const before = await itemsOfB();
      answer.resolve(ok(makeReport({ id: 1, url: 'https://example.com/moved', result: null })));

      expect(await request).toMatchObject({ ok: true }); // the answer still goes to the page that asked
      expect(await itemsOfB()).toEqual(before);
      expect(follower.track).not.toHaveBeenCalled();
      expect(follower.settle).not.toHaveBeenCalled();
    },
  );

  it('still writes when no switch came (the guard lets the asking connection’s writes through)', async () => {
    const { guard } = connections();
    const core = { 'reports.get': vi.fn(async () => ok(makeReport({ id: 3 }))) } as unknown as CoreHandlers;
    const follower = { track: vi.fn(async () => []), settle: vi.fn(async () => []), forget: vi.fn() };
    const cache = createPopupCache();
    const handlers = trackReportChanges(core, {
      cache,
      aliases: createPageAliases(),
      follower: follower as never,
      now: () => 42,
      guard,
    });
    await cache.setPageReport(PAGE, { data: makeReport({ id: 3, result: 'bad' }), fetchedAt: 1 });
    await handlers['reports.get']({ id: 3 });
    expect((await cache.read(PAGE)).pageReport?.data).toMatchObject({ id: 3, result: 'good' });
    expect(follower.settle).toHaveBeenCalledOnce();
  });

  it('a create run started on A is noted only under A, and the switched error never in B’s runs', async () => {
    const { runs, answer, running, switchTo } = await createOnAThenSwitchToB();
    // What withClient answers when the active connection changed while A answered.
    answer.resolve(failed(apiError('unexpected', { message: t('connSwitchedMeanwhile') })));
    await running;

    expect(await createRunsItem.getValue()).toEqual({});
    expect(await runs.state(PAGE)).toBeNull(); // B's popup shows nothing for this page
    // A keeps its note of a create that went out: back on A, the popup says it may have been made.
    await switchTo('A');
    expect(await runs.state(PAGE)).toMatchObject({ error: { kind: 'unexpected', retrySafe: false } });
  });

  it('a create running on A is not this page’s running create under B (a popup on B waits for nothing)', async () => {
    const { runs, answer, running, switchTo } = await createOnAThenSwitchToB();
    expect(await runs.wait(PAGE)).toBeNull();
    expect(await runs.state(PAGE)).toBeNull();
    await switchTo('A');
    const waited = runs.wait(PAGE);
    answer.resolve(ok(makeReport({ id: 9 })));
    expect(await waited).toMatchObject({ ok: true, data: { id: 9 } });
    await running;
  });

  it.each([
    ['a scored copy', ok(makeReport({ id: 7 }))],
    ['a refused key', failed(apiError('unauthorized'))],
  ])('the follower’s read of A (%s) reaches neither B’s cache nor B’s followed reports', async (_, read) => {
    let now = 0;
    const { guard, switchTo } = connections();
    const answer = held<Result<Report>>();
    const getReport = vi.fn((_id: ReportId) => answer.promise);
    const onSettled = vi.fn(async (_report: Report) => {});
    const follower = createFollower({
      getReport,
      onSettled,
      alarms: browser.alarms,
      now: () => now,
      guard,
      setTimeout: () => 0,
      clearTimeout: () => undefined,
    });
    await follower.track(makeReport({ id: 7, result: null }));
    now = 5_000;
    const checking = follower.checkDue();
    await started(getReport);
    await switchTo('B');
    // B follows its own report 7 (ids are per server), started at the same moment.
    await follower.track(makeReport({ id: 7, result: null, url: 'https://b.example/7' }));
    const before = await followedItem.getValue();
    answer.resolve(read);
    await checking;

    expect(onSettled).not.toHaveBeenCalled();
    // A's copy settles nothing of B's; A's 401 stops nothing of B's.
    expect(await followedItem.getValue()).toEqual(before);
  });

  it.each(['reports.create', 'reports.delete'] as const)(
    '%s changes nothing in the toolbar score’s index for B',
    async (type) => {
      const { guard, switchTo } = connections();
      const answer = held<Result<unknown>>();
      const call = vi.fn(() => answer.promise);
      const toolbar = { noteCreated: vi.fn(async () => {}), noteDeleted: vi.fn(async () => {}) };
      const handlers = withToolbarScore(
        { [type]: call } as unknown as Handlers,
        toolbar as unknown as ToolbarScore,
        guard,
      );
      const request = (handlers[type] as (input: unknown) => Promise<Result<unknown>>)({ id: 1, url: PAGE });
      await started(call);
      await switchTo('B');
      answer.resolve(ok(makeReport({ id: 1 })));
      expect(await request).toMatchObject({ ok: true });
      expect(toolbar.noteCreated).not.toHaveBeenCalled();
      expect(toolbar.noteDeleted).not.toHaveBeenCalled();
    },
  );

  it.each([
    ['popup.pageReport', { url: PAGE }],
    ['popup.recentReports', { host: 'example.com' }],
  ] as const)('the popup’s %s writes nothing into B’s cache, nor follows for B', async (type, input) => {
    const { guard, switchTo } = connections();
    const answer = held<Result<unknown>>();
    const listReports = vi.fn(() => answer.promise);
    const followReport = vi.fn(async () => {});
    const handlers = createPopupHandlers({
      isConfigured: async () => true,
      listReports: listReports as never,
      cache: createPopupCache(),
      aliases: { lookup: async () => null },
      creates: {} as never,
      followReport,
      now: () => 42,
      guard,
    });
    const request = (handlers[type] as (input: unknown) => Promise<Result<unknown>>)(input);
    await started(listReports);
    await switchTo('B');
    const before = await itemsOfB();
    answer.resolve(ok(pageOf([makeReport({ id: 1, url: PAGE, result: null })])));
    expect(await request).toMatchObject({ ok: true, data: { fetchedAt: 42 } });
    expect(await itemsOfB()).toEqual(before);
    expect(followReport).not.toHaveBeenCalled();
  });
});
