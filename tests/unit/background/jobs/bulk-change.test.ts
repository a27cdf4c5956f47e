// The background's bulk-change runner on the fake clock: the pace (headers, Retry-After), Stop,
// failures and "Retry failed", the password kept out of the job, and resuming a job a stopped worker left
// without sending a done report again (and the in-flight rule).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  bulkJobItem,
  bulkPasswordItem,
  createBulkChanges,
  type BulkService,
} from '@/entrypoints/background/jobs/bulk-change';
import { apiError } from '@/entrypoints/background/error-messages';
import { workAlarm } from '@/entrypoints/background/jobs/runner';
import type { ApiError, RateLimit, Result } from '@/lib/api/errors';
import type { Page, Report, ReportId, ReportSummary } from '@/lib/api/types';
import type { BulkItem, BulkJob } from '@/lib/bulk-job';
import type { ReportListQuery } from '@/lib/messaging/inputs';
import type { PageInput } from '@/lib/messaging/protocol';
import { t } from '@/lib/i18n';
import { makePage, makeReport } from '../../options/fakes';

type UpdateInput = PageInput<'reports.update'>;

/** The fake service's calls, which a test may replace. */
interface FakeService {
  update(input: UpdateInput): Promise<Result<Report>>;
  delete(input: { id: ReportId }): Promise<Result<unknown>>;
  get(input: { id: ReportId }): Promise<Result<Report>>;
  list(query: ReportListQuery): Promise<Result<Page<ReportSummary>>>;
}

/** Connection a's bulk changes over `fake`, each call made to it as it is when the job sends. */
const bulkOver = (fake: FakeService, gone = new AbortController().signal) =>
  createBulkChanges(
    'a',
    {
      updateReport: (id, changes) => fake.update({ id, ...changes }),
      deleteReport: (id) => fake.delete({ id }),
      getReport: (id) => fake.get({ id }),
      listReports: (query) => fake.list(query),
    } as BulkService,
    gone,
  );

interface Sent {
  input: UpdateInput;
  at: number;
}

/** A fake service: `answer` decides each update's answer; every update and read is recorded with its time. */
function setup(answer: (input: UpdateInput, sent: Sent[]) => Result<Report> = (input) => changed(input)) {
  const sent: Sent[] = [];
  const reads: ReportId[] = [];
  const privacyOnService = new Map<ReportId, number>();
  const deleted: ReportId[] = [];
  const gone = new Set<ReportId>();
  const deps: FakeService = {
    update: async (input) => {
      sent.push({ input, at: Date.now() });
      const result = answer(input, sent);
      if (result.ok && input.privacy !== undefined) privacyOnService.set(input.id, input.privacy);
      return result;
    },
    delete: async ({ id }) => {
      deleted.push(id);
      gone.add(id);
      return { ok: true, data: null };
    },
    get: async ({ id }) => {
      reads.push(id);
      if (gone.has(id)) return { ok: false, error: apiError('not_found', { status: 404 }) };
      return { ok: true, data: makeReport(Number(id), { privacy: (privacyOnService.get(id) ?? 0) as 0 }) };
    },
    list: async (query) => {
      const page = query.page ?? 1;
      const items = page === 1 ? [makeReport(1), makeReport(2)] : [makeReport(3)];
      return { ok: true, data: makePage(items, { page, perPage: 2, total: 3 }) };
    },
  };
  return { bulk: bulkOver(deps), sent, reads, privacyOnService, deleted, gone, deps };
}

function changed(input: UpdateInput, rateLimit?: RateLimit): Result<Report> {
  const report = makeReport(Number(input.id), input.privacy === undefined ? {} : { privacy: input.privacy });
  return rateLimit ? { ok: true, data: report, rateLimit } : { ok: true, data: report };
}

const reportsTarget = (...ids: number[]) => ({
  reports: ids.map((id) => ({ id, label: `site.example/page-${id}` })),
});
const toPrivate = {
  action: { kind: 'privacy' as const, privacy: 1 as const },
  target: reportsTarget(1, 2, 3),
};

const job = () => bulkJobItem('a').getValue() as Promise<BulkJob>;
const states = async () => (await job()).items.map((item) => item.state);
/** Runs the clock until the job ended (a job that never ends fails the test). */
async function untilEnded(maxMs = 600_000) {
  for (let elapsed = 0; elapsed < maxMs; elapsed += 100) {
    if ((await bulkJobItem('a').getValue())?.phase === 'ended') return job();
    await vi.advanceTimersByTimeAsync(100);
  }
  throw new Error('the job never ended');
}
const gaps = (sent: Sent[]) => sent.slice(1).map((entry, index) => entry.at - sent[index]!.at);

beforeEach(() => {
  fakeBrowser.reset();
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => vi.useRealTimers());

describe('bulk changes in the background', () => {
  it('changes each report once, at the normal pace while the service has room, and ends', async () => {
    const { bulk, sent } = setup((input) => changed(input, { limit: 60, remaining: 50 }));
    expect(await bulk.handlers['bulk.start'](toPrivate)).toEqual({ ok: true, data: null });
    const ended = await untilEnded();
    expect(sent.map((entry) => entry.input)).toEqual([
      { id: 1, privacy: 1 },
      { id: 2, privacy: 1 },
      { id: 3, privacy: 1 },
    ]);
    expect(ended.items.map((item) => item.state)).toEqual(['done', 'done', 'done']);
    expect(gaps(sent).every((gap) => gap >= 250 && gap < 400)).toBe(true);
    expect(await fakeBrowser.alarms.get(workAlarm('bulk', 'a'))).toBeUndefined();
  });

  it('slows to one request per (60 s / limit) when the headers say room is low', async () => {
    const { bulk, sent } = setup((input) => changed(input, { limit: 10, remaining: 1 }));
    await bulk.handlers['bulk.start'](toPrivate);
    await untilEnded();
    expect(gaps(sent)).toEqual([2000, 2000]); // 60 s / 10 = 6 s, capped at the steady pace's 2 s
  });

  it('waits out Retry-After, says so while waiting, and sends that report again (once it is done)', async () => {
    const { bulk, sent } = setup((input, all) =>
      input.id === 2 && all.filter((entry) => entry.input.id === 2).length === 1
        ? { ok: false, error: apiError('rate_limited', { status: 429, retryAfterSeconds: 7 }) }
        : changed(input),
    );
    await bulk.handlers['bulk.start'](toPrivate);
    await vi.waitFor(async () => expect((await job()).waitingUntil).not.toBeNull(), { interval: 10 });
    const ended = await untilEnded();
    expect(sent.map((entry) => entry.input.id)).toEqual([1, 2, 2, 3]);
    expect(sent[2]!.at - sent[1]!.at).toBeGreaterThanOrEqual(7000);
    // The pace stays at that wait until an answer shows room again (these answers carry no headers).
    expect(sent[3]!.at - sent[2]!.at).toBeGreaterThanOrEqual(7000);
    expect(ended.items.map((item) => item.state)).toEqual(['done', 'done', 'done']);
    expect(ended.waitingUntil).toBeNull();
  });

  it('deletes each named report once, paced like any change', async () => {
    const { bulk, deleted } = setup();
    await bulk.handlers['bulk.start']({ action: { kind: 'delete' }, target: reportsTarget(1, 2, 3) });
    const ended = await untilEnded();
    expect(deleted).toEqual([1, 2, 3]);
    expect(ended.items.map((item) => item.state)).toEqual(['done', 'done', 'done']);
  });

  it('Stop sends nothing more: the rest are skipped', async () => {
    const { bulk, sent } = setup((input) => changed(input, { limit: 60, remaining: 1 }));
    await bulk.handlers['bulk.start'](toPrivate);
    await vi.waitFor(() => expect(sent).toHaveLength(1), { interval: 1 });
    await bulk.handlers['bulk.stop']();
    const ended = await untilEnded();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toHaveLength(1);
    expect(ended.items.map((item) => item.state)).toEqual(['done', 'skipped', 'skipped']);
  });

  it('lists failures with the background’s sentence; Retry failed sends only what errorAction retries', async () => {
    // Worth trying again; refused again if asked again (errorAction: no Retry); a write that may have happened.
    const busy: ApiError = apiError('server', { message: 'The service had a problem.' });
    const gone: ApiError = apiError('not_found', { message: 'This report no longer exists on the service.' });
    const maybe: ApiError = apiError('timeout', {
      message: 'It may have been regenerated.',
      retrySafe: false,
    });
    const failures = new Map([
      [1, busy],
      [2, gone],
      [3, maybe],
    ]);
    let round = 1;
    const { bulk, sent } = setup((input) => {
      const error = round === 1 ? failures.get(input.id as number) : undefined;
      return error ? { ok: false, error } : changed(input);
    });
    await bulk.handlers['bulk.start'](toPrivate);
    const ended = await untilEnded();
    expect(ended.items.map((item) => [item.state, item.error?.message])).toEqual([
      ['failed', busy.message],
      ['failed', gone.message],
      ['failed', maybe.message],
    ]);
    round = 2;
    sent.length = 0;
    await bulk.handlers['bulk.retryFailed']();
    const retried = await untilEnded();
    expect(sent.map((entry) => entry.input.id)).toEqual([1]);
    expect(retried.items).toEqual([expect.objectContaining({ id: 1, state: 'done' })]);
  });

  it('refuses a second job while one runs, and forgets an ended one (and its password) on Dismiss', async () => {
    const { bulk } = setup();
    await bulk.handlers['bulk.start']({
      action: { kind: 'privacy', privacy: 2 },
      target: reportsTarget(1),
      password: 'secret-1',
    });
    const again = await bulk.handlers['bulk.start'](toPrivate);
    expect(again.ok).toBe(false);
    expect((await bulk.handlers['bulk.dismiss']()).ok).toBe(false);
    await untilEnded();
    expect(await bulk.handlers['bulk.dismiss']()).toEqual({ ok: true, data: null });
    expect(await bulkJobItem('a').getValue()).toBeNull();
    expect(await bulkPasswordItem('a').getValue()).toBeNull();
  });

  it('refuses the second of two starts at once: the first job is not replaced', async () => {
    const { bulk, sent } = setup();
    const answers = await Promise.all([
      bulk.handlers['bulk.start']({ ...toPrivate, target: reportsTarget(1) }),
      bulk.handlers['bulk.start']({ action: { kind: 'privacy', privacy: 0 }, target: reportsTarget(2) }),
    ]);
    expect(answers).toEqual([
      { ok: true, data: null },
      { ok: false, error: expect.objectContaining({ message: t('bulkAlreadyRunning') }) },
    ]);
    await untilEnded();
    expect(sent.map((entry) => entry.input)).toEqual([{ id: 1, privacy: 1 }]);
  });

  it('tells a job from the last one even when both started in the same millisecond', async () => {
    const { bulk } = setup();
    await bulk.handlers['bulk.start']({ ...toPrivate, target: reportsTarget(1) });
    // The clock stands still (fake timers): only what is due now runs.
    for (let turn = 0; turn < 100 && (await job()).phase !== 'ended'; turn++)
      await vi.advanceTimersByTimeAsync(0);
    expect((await job()).phase).toBe('ended');
    const first = (await job()).id;
    expect((await bulk.handlers['bulk.start'](toPrivate)).ok).toBe(true);
    expect((await job()).id).not.toBe(first);
  });

  it('sends the password with each change but keeps it out of the job pages watch, in storage.session only', async () => {
    const { bulk, sent } = setup();
    await bulk.handlers['bulk.start']({
      action: { kind: 'privacy', privacy: 2 },
      target: reportsTarget(1, 2),
      password: 'secret-1',
    });
    const ended = await untilEnded();
    expect(sent.map((entry) => entry.input)).toEqual([
      { id: 1, privacy: 2, password: 'secret-1' },
      { id: 2, privacy: 2, password: 'secret-1' },
    ]);
    expect(JSON.stringify(ended)).not.toContain('secret-1');
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain('secret-1');
    expect(await bulkPasswordItem('a').getValue()).toBe('secret-1'); // session: kept for Retry failed
  });

  it('lists every matching report across pages first, then changes each', async () => {
    const { bulk, sent } = setup();
    await bulk.handlers['bulk.start']({
      action: { kind: 'regenerate' },
      target: { query: { search: 'site', searchBy: 'url', sortBy: 'id', sort: 'desc' } },
    });
    const ended = await untilEnded();
    expect(ended.items.map((item) => item.label)).toEqual([
      makeReport(1).url,
      makeReport(2).url,
      makeReport(3).url,
    ]);
    expect(sent.map((entry) => entry.input)).toEqual([1, 2, 3].map((id) => ({ id, regenerate: true })));
  });

  it('keeps each regenerated report’s score before (as the page or the list showed it) and after', async () => {
    const { bulk } = setup((input) => ({ ok: true, data: makeReport(Number(input.id), { score: 60 }) }));
    await bulk.handlers['bulk.start']({
      action: { kind: 'regenerate' },
      target: {
        reports: [
          { id: 1, label: 'site.example/page-1', score: 27 },
          { id: 2, label: 'site.example/page-2' },
        ],
      },
    });
    const ended = await untilEnded();
    expect(ended.items.map(({ before, after }) => ({ before, after }))).toEqual([
      { before: 27, after: 60 },
      { before: undefined, after: 60 },
    ]);
  });

  it('takes the score before from the list when it regenerates every matching report', async () => {
    const { deps } = setup();
    deps.list = async () => ({ ok: true, data: makePage([makeReport(1, { score: 44 })]) });
    const started = bulkOver(deps);
    await started.handlers['bulk.start']({ action: { kind: 'regenerate' }, target: { query: {} } });
    const ended = await untilEnded();
    expect(ended.items[0]).toMatchObject({ before: 44, state: 'done' });
  });

  describe('listing every matching report stops', () => {
    const everyMatching = {
      action: { kind: 'regenerate' as const },
      target: {
        query: { search: 'site', searchBy: 'url' as const, sortBy: 'id' as const, sort: 'desc' as const },
      },
    };
    /** A service whose list answers `answer(page)`; the pages asked for are recorded. */
    function listing(answer: (page: number) => ReturnType<typeof makePage<Report>>) {
      const context = setup();
      const asked: number[] = [];
      context.deps.list = async ({ page = 1 }) => (asked.push(page), { ok: true, data: answer(page) });
      return { ...context, bulk: bulkOver(context.deps), asked };
    }

    it('at a page that adds nothing new, though the server says more follow', async () => {
      // A simple paginator that answers the first page again for every page, always with a next one.
      const { bulk, sent, asked } = listing((page) => ({
        ...makePage([makeReport(1), makeReport(2)], { page, perPage: 2, total: 0 }),
        total: null,
        lastPage: null,
        hasNext: true,
      }));
      await bulk.handlers['bulk.start'](everyMatching);
      const ended = await untilEnded();
      expect(asked).toEqual([1, 2]);
      expect(sent.map((entry) => entry.input.id)).toEqual([1, 2]);
      expect(ended.error).toBeNull();
    });

    it('not at a 429: the listing waits out Retry-After and asks for that page again', async () => {
      const context = setup();
      const asked: { page: number; at: number }[] = [];
      context.deps.list = async ({ page = 1 }) => {
        asked.push({ page, at: Date.now() });
        if (page === 2 && asked.filter((entry) => entry.page === 2).length === 1)
          return { ok: false, error: apiError('rate_limited', { status: 429, retryAfterSeconds: 5 }) };
        const items = page === 1 ? [makeReport(1), makeReport(2)] : [makeReport(3)];
        return { ok: true, data: makePage(items, { page, perPage: 2, total: 3 }) };
      };
      const bulk = bulkOver(context.deps);
      await bulk.handlers['bulk.start'](everyMatching);
      const ended = await untilEnded();
      expect(asked.map((entry) => entry.page)).toEqual([1, 2, 2]);
      expect(asked[2]!.at - asked[1]!.at).toBeGreaterThanOrEqual(5000);
      expect(ended.error).toBeNull();
      expect(context.sent.map((entry) => entry.input.id)).toEqual([1, 2, 3]);
    });

    it('at once when the server counts more reports than a job holds', async () => {
      const { bulk, sent, asked } = listing((page) =>
        makePage([makeReport(page)], { page, perPage: 100, total: 2001 }),
      );
      await bulk.handlers['bulk.start'](everyMatching);
      const ended = await untilEnded();
      expect(asked).toEqual([1]);
      expect(sent).toEqual([]);
      expect(ended.items).toEqual([]);
      expect(ended.error?.message).toBe('More than 2000 reports match. Narrow the filters and try again.');
    });

    it('past 2000 reports when the server gives no count', async () => {
      const { bulk, sent, asked } = listing((page) => ({
        ...makePage(
          Array.from({ length: 100 }, (_, index) => makeReport((page - 1) * 100 + index + 1)),
          { page, perPage: 100, total: 0 },
        ),
        total: null,
        lastPage: null,
        hasNext: true,
      }));
      await bulk.handlers['bulk.start'](everyMatching);
      const ended = await untilEnded();
      expect(asked).toHaveLength(21);
      expect(sent).toEqual([]);
      expect(ended.error?.message).toBe('More than 2000 reports match. Narrow the filters and try again.');
    });
  });
});

describe('resuming after the worker stopped', () => {
  /** A job as a stopped worker left it. */
  async function leftBehind(action: BulkJob['action'], items: Omit<BulkItem, 'label'>[]) {
    const stored: BulkJob = {
      id: 'left',
      action,
      phase: 'running',
      stopRequested: false,
      items: items.map((item) => ({ label: `site.example/page-${item.id}`, ...item })),
      notBefore: 0,
      waitingUntil: null,
      error: null,
    };
    await bulkJobItem('a').setValue(stored);
  }

  it('never sends a done report again; re-reads the one in flight and skips it when already changed', async () => {
    const { bulk, sent, reads, privacyOnService } = setup();
    privacyOnService.set(2, 1); // its PATCH reached the service before the worker stopped
    await leftBehind({ kind: 'privacy', privacy: 1 }, [
      { id: 1, state: 'done' },
      { id: 2, state: 'sending', sentAt: 999_000 },
      { id: 3, state: 'pending' },
    ]);
    void bulk.resume();
    // Not before the client would have given up on that request (sent 1 s before the restart).
    await vi.advanceTimersByTimeAsync(14_000);
    expect(reads).toEqual([]);
    await untilEnded();
    expect(reads).toEqual([2]);
    expect(sent.map((entry) => entry.input.id)).toEqual([3]);
    expect(await states()).toEqual(['done', 'done', 'done']);
  });

  it('sends the one in flight once when the read shows it unchanged', async () => {
    const { bulk, sent } = setup();
    await leftBehind({ kind: 'privacy', privacy: 1 }, [
      { id: 1, state: 'sending', sentAt: 999_000 },
      { id: 2, state: 'pending' },
    ]);
    void bulk.resume();
    await untilEnded();
    expect(sent.map((entry) => entry.input.id)).toEqual([1, 2]);
  });

  it('sends a Password change in flight again: a new password cannot be read back', async () => {
    const { bulk, sent, privacyOnService } = setup();
    privacyOnService.set(1, 2); // already Password, with the old password
    await bulkPasswordItem('a').setValue('the-new-password');
    await leftBehind({ kind: 'privacy', privacy: 2 }, [{ id: 1, state: 'sending', sentAt: 999_000 }]);
    void bulk.resume();
    const ended = await untilEnded();
    expect(sent.map((entry) => entry.input)).toEqual([{ id: 1, privacy: 2, password: 'the-new-password' }]);
    expect(ended.items[0]!.state).toBe('done');
  });

  it('a regenerate in flight may have happened: failed, not sent again, and left out of Retry failed', async () => {
    const { bulk, sent, reads } = setup();
    await leftBehind({ kind: 'regenerate' }, [
      { id: 1, state: 'sending', sentAt: 999_000 },
      { id: 2, state: 'pending' },
    ]);
    void bulk.resume();
    const ended = await untilEnded();
    expect(reads).toEqual([]);
    expect(sent.map((entry) => entry.input.id)).toEqual([2]);
    expect(ended.items[0]).toMatchObject({ state: 'failed', error: { retrySafe: false } });
    expect(ended.items[0]!.error!.message).toMatch(/may have been generated/);
    sent.length = 0;
    await bulk.handlers['bulk.retryFailed']();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent).toEqual([]);
  });

  it('a delete in flight is read back: gone counts as deleted, still there is deleted once more', async () => {
    const { bulk, deleted, gone, reads } = setup();
    gone.add(1); // its DELETE reached the service before the worker stopped
    await leftBehind({ kind: 'delete' }, [
      { id: 1, state: 'sending', sentAt: 999_000 },
      { id: 2, state: 'sending', sentAt: 999_000 },
      { id: 3, state: 'pending' },
    ]);
    void bulk.resume();
    const ended = await untilEnded();
    expect(reads).toEqual([1, 2]);
    expect(deleted).toEqual([2, 3]);
    expect(ended.items.map((item) => item.state)).toEqual(['done', 'done', 'done']);
  });

  it('Stop settles the one in flight at once, then ends', async () => {
    const { bulk, sent, reads, privacyOnService } = setup();
    privacyOnService.set(1, 1);
    await leftBehind({ kind: 'privacy', privacy: 1 }, [
      { id: 1, state: 'sending', sentAt: 999_000 },
      { id: 2, state: 'pending' },
    ]);
    await bulk.handlers['bulk.stop']();
    const ended = await untilEnded(1000);
    expect(reads).toEqual([1]);
    expect(sent).toEqual([]);
    expect(ended.items.map((item) => item.state)).toEqual(['done', 'skipped']);
  });

  it('keeps a 429’s wait across the restart', async () => {
    const { bulk, sent } = setup();
    await leftBehind({ kind: 'privacy', privacy: 0 }, [{ id: 1, state: 'pending' }]);
    await bulkJobItem('a').setValue({
      ...(await job()),
      notBefore: Date.now() + 20_000,
      waitingUntil: Date.now() + 20_000,
    });
    void bulk.resume();
    await vi.advanceTimersByTimeAsync(19_000);
    expect(sent).toEqual([]);
    await untilEnded();
    expect(sent).toHaveLength(1);
  });

  it('counts a report’s 429s across restarts: the worker stopped in each wait, the fourth 429 fails it', async () => {
    const { deps, sent } = setup(() => ({
      ok: false,
      error: apiError('rate_limited', { status: 429, retryAfterSeconds: 60 }),
    }));
    let worker = new AbortController();
    let bulk = bulkOver(deps, worker.signal);
    await bulk.handlers['bulk.start']({ ...toPrivate, target: reportsTarget(1) });
    for (let restart = 0; restart < 5; restart++) {
      await vi.advanceTimersByTimeAsync(30_000);
      // Chrome stops the worker waiting idle; the alarm wakes a new one.
      worker.abort();
      worker = new AbortController();
      bulk = bulkOver(deps, worker.signal);
      void bulk.resume();
      await vi.advanceTimersByTimeAsync(35_000);
    }
    expect(sent).toHaveLength(4);
    expect((await job()).items[0]).toMatchObject({ state: 'failed', error: { kind: 'rate_limited' } });
  });

  it('resume does nothing twice: a second resume while one runs sends nothing more', async () => {
    const { bulk, sent } = setup();
    await leftBehind({ kind: 'privacy', privacy: 1 }, [
      { id: 1, state: 'pending' },
      { id: 2, state: 'pending' },
    ]);
    void bulk.resume();
    void bulk.resume();
    await untilEnded();
    expect(sent.map((entry) => entry.input.id)).toEqual([1, 2]);
  });
});

describe('when a step fails outright', () => {
  it('keeps the alarm, so the job is picked up again', async () => {
    const { bulk, deps } = setup();
    deps.update = async () => {
      throw new Error('storage gone');
    };
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await bulk.handlers['bulk.start'](toPrivate);
    await vi.waitFor(() => expect(console.error).toHaveBeenCalled(), { interval: 1 });
    expect(await fakeBrowser.alarms.get(workAlarm('bulk', 'a'))).toBeDefined();
    expect((await job()).items[0]!.state).toBe('sending');
  });
});

describe('a connection saved as another account meanwhile', () => {
  it('the old job, dropped, leaves the new job’s alarm in place', async () => {
    const { deps } = setup();
    const connection = new AbortController();
    const old = bulkOver(deps, connection.signal);
    const held: (() => void)[] = [];
    // The first request of each job is held until the test answers it.
    deps.update = (input) =>
      held.length < 2 && input.id === 1
        ? new Promise((resolve) => held.push(() => resolve(changed(input))))
        : Promise.resolve(changed(input));
    await old.handlers['bulk.start'](toPrivate);
    await vi.waitFor(() => expect(held).toHaveLength(1), { interval: 1 });
    connection.abort();
    await bulkJobItem('a').removeValue(); // the connection's space, forgotten
    const replacement = bulkOver(deps);
    await replacement.handlers['bulk.start'](toPrivate);
    await vi.waitFor(() => expect(held).toHaveLength(2), { interval: 1 });
    held[0]!(); // the old job's answer arrives late
    await vi.advanceTimersByTimeAsync(1000);
    expect(await fakeBrowser.alarms.get(workAlarm('bulk', 'a'))).toBeDefined();
    held[1]!();
    await untilEnded();
  });
});
