// The one follower of reports still generating: its delays, its give-up rule and what it writes for
// pages to watch, driven by fake timers (no sleeps).
import { workAlarm } from '@/entrypoints/background/jobs/runner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { apiError } from '@/entrypoints/background/error-messages';
import type { ApiErrorKind, Result } from '@/lib/api/errors';
import type { Report, ReportId } from '@/lib/api/types';
import { followedFrom, watchFollowed, type Followed } from '@/lib/following';
import { GIVE_UP_AFTER_MS } from '@/lib/report-state';
import { summaryOf } from '@/lib/api/summary';
import { createFollower, FOLLOW_DELAYS_MS, followedOf } from '@/entrypoints/background/follower';
import { createApiClient, type ReadOptions } from '@/entrypoints/background/service/client';
import { failed, makeReport, ok } from '../popup/fixtures';

const START = new Date('2026-01-01T12:00:00Z').getTime();

function setup(answers: (id: ReportId) => Result<Report> = () => ok(pending(7))) {
  const getReport = vi.fn(async (id: ReportId) => answers(id));
  const worker = new AbortController();
  const follower = createFollower('a', { getReport }, worker.signal);
  /** Seconds since START at which each read was made. */
  const readAt: number[] = [];
  getReport.mockImplementation(async (id) => {
    readAt.push((Date.now() - START) / 1000);
    return answers(id);
  });
  return { follower, getReport, readAt, stop: () => worker.abort() };
}

/** Still generating as the service sends it: no result, not generated, changed just now. */
const pending = (id: number, overrides: Partial<Report> = {}) =>
  makeReport({ id, result: null, generatedAt: null, ...overrides });

const followedItem = followedOf('a');
/** The entries as pages read them. */
const entries = async () => followedFrom(await followedItem.getValue());
const stored = async () => (await followedItem.getValue())?.items ?? [];
const entryOf = async (id: ReportId) => (await entries()).find((entry) => entry.id === id);

beforeEach(() => {
  fakeBrowser.reset();
  vi.useFakeTimers({ now: START });
});
afterEach(() => vi.useRealTimers());

describe('the follower', () => {
  it('keeps each followed report in storage once, and starts the alarm', async () => {
    const { follower } = setup();
    await follower.track(pending(7));
    await follower.track(pending(7));
    expect((await entries()).map((entry) => [entry.id, entry.state])).toEqual([[7, 'generating']]);
    expect(await browser.alarms.get(workAlarm('generation', 'a'))).toMatchObject({ periodInMinutes: 0.5 });
  });

  it('reads again after 1, 2, 4, 8 and 15 s, then every 30 s', async () => {
    const { follower, readAt } = setup();
    await follower.track(pending(7));
    await vi.advanceTimersByTimeAsync(999);
    expect(readAt).toEqual([]);
    await vi.advanceTimersByTimeAsync(150_000);
    expect(readAt).toEqual([1, 3, 7, 15, 30, 60, 90, 120, 150]);
    expect(FOLLOW_DELAYS_MS.at(-1)).toBe(30_000);
  });

  it('ends with the scored report: pages see its summary, the alarm and the reads stop', async () => {
    const done = makeReport({ id: 7, result: 'decent' });
    const reads = [ok(pending(7)), ok(done)];
    const { follower, readAt } = setup(() => reads.shift() ?? ok(done));
    await follower.track(pending(7));
    await vi.advanceTimersByTimeAsync(3000);
    expect(await entryOf(7)).toMatchObject({ state: 'scored', report: summaryOf(done), error: null });
    expect(await browser.alarms.get(workAlarm('generation', 'a'))).toBeUndefined();
    await vi.advanceTimersByTimeAsync(GIVE_UP_AFTER_MS);
    expect(readAt).toEqual([1, 3]);
  });

  it('ends as “no score” when the service generated the report without one (phpRank 1.1.0)', async () => {
    const unscored = makeReport({ id: 7, result: null, generatedAt: new Date(START).toISOString() });
    const { follower, readAt } = setup(() => ok(unscored));
    await follower.track(pending(7));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await entryOf(7)).toMatchObject({ state: 'no_score', report: summaryOf(unscored) });
    expect(readAt).toEqual([1]);
  });

  it('keeps following through a 429, says until when it waits, and waits as long as the server asks', async () => {
    let answer: Result<Report> = failed(apiError('rate_limited', { retryAfterSeconds: 20 }));
    const { follower, readAt } = setup(() => answer);
    await follower.track(pending(7));
    await vi.advanceTimersByTimeAsync(1000);
    expect(await entryOf(7)).toMatchObject({ state: 'generating' });
    expect((await followedItem.getValue())?.waitingUntil).toBe(START + 21_000);
    answer = ok(pending(7));
    await vi.advanceTimersByTimeAsync(20_000);
    // 20 s asked, not the table's 2 s; a good read clears the failure.
    expect(readAt).toEqual([1, 21]);
    expect(await entryOf(7)).toMatchObject({ state: 'generating', error: null });
  });

  it('waits out a 429 itself: the client sends each read once, and pages are shown no wait of the client’s', async () => {
    const fetchedAt: number[] = [];
    const onRateLimitWait = vi.fn();
    const client = createApiClient({
      baseUrl: 'https://reports.example.com',
      apiKey: 'key-1234abcd',
      onRateLimitWait,
      fetch: (async () => {
        fetchedAt.push((Date.now() - START) / 1000);
        return new Response(JSON.stringify({ message: 'Too Many Attempts.' }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '1' },
        });
      }) as typeof fetch,
    });
    const getReport = (id: ReportId, read?: ReadOptions) => client.getReport(id, read);
    const follower = createFollower('a', { getReport }, new AbortController().signal);
    await follower.track(pending(7));
    await vi.advanceTimersByTimeAsync(7500);
    // Three 429s waited out a second each, the fourth answered the follower: one request each.
    expect(fetchedAt).toEqual([1, 2, 3, 4]);
    expect(onRateLimitWait).not.toHaveBeenCalled();
  });

  it('ends as gone when the service says the report does not exist', async () => {
    const { follower, readAt } = setup(() => failed(apiError('not_found')));
    await follower.track(pending(7));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await entryOf(7)).toMatchObject({ state: 'gone', error: { kind: 'not_found' } });
    expect(readAt).toEqual([1]);
  });

  it.each<ApiErrorKind>(['unauthorized', 'forbidden', 'not_configured', 'permission'])(
    'stops following every report at once on %s, alarm included',
    async (kind) => {
      const { follower, readAt } = setup(() => failed(apiError(kind)));
      await follower.track(pending(7));
      await follower.track(pending(8));
      await vi.advanceTimersByTimeAsync(1000);
      expect((await entries()).map((entry) => [entry.id, entry.state, entry.error?.kind])).toEqual([
        [7, 'stopped', kind],
        [8, 'stopped', kind],
      ]);
      expect(await browser.alarms.get(workAlarm('generation', 'a'))).toBeUndefined();
      await vi.advanceTimersByTimeAsync(GIVE_UP_AFTER_MS);
      expect(readAt).toHaveLength(1);
    },
  );

  it('gives up GIVE_UP_AFTER_MS after it started when every read fails, and keeps what failed', async () => {
    const { follower, readAt } = setup(() => failed(apiError('network')));
    await follower.track(pending(7));
    await vi.advanceTimersByTimeAsync(GIVE_UP_AFTER_MS - 1);
    expect((await entryOf(7))?.state).toBe('generating');
    await vi.advanceTimersByTimeAsync(1);
    expect(await entryOf(7)).toMatchObject({ state: 'no_score', error: { kind: 'network' } });
    // The last read is at the limit itself; about 24 in all.
    expect(readAt.at(-1)).toBe(GIVE_UP_AFTER_MS / 1000);
    expect(readAt.length).toBeLessThan(30);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(readAt.at(-1)).toBe(GIVE_UP_AFTER_MS / 1000);
    expect(await browser.alarms.get(workAlarm('generation', 'a'))).toBeUndefined();
  });

  it('gives up on a report that carries no dates (it would look generating forever)', async () => {
    const undated = pending(7, { createdAt: null, updatedAt: null });
    const { follower } = setup(() => ok(undated));
    await follower.track(undated);
    await vi.advanceTimersByTimeAsync(GIVE_UP_AFTER_MS);
    expect(await entryOf(7)).toMatchObject({ state: 'no_score', report: summaryOf(undated), error: null });
    // Seen again as it was: still given up, not followed for another ten minutes.
    await follower.track(undated);
    expect((await entryOf(7))?.state).toBe('no_score');
    // New results asked for: a new wait.
    await follower.track(undated, { restart: true });
    expect((await stored())[0]).toMatchObject({ follow: 'generating', since: Date.now() });
  });

  it('ends the following of a report a page read scored, and writes nothing for one it does not follow', async () => {
    const { follower, readAt } = setup();
    const write = vi.spyOn(browser.storage.session, 'set');
    await follower.settle(makeReport({ id: 5 }));
    expect(write).not.toHaveBeenCalled();

    await follower.track(pending(7));
    const scored = makeReport({ id: 7, result: 'good' });
    await follower.settle(scored);
    expect(await entryOf(7)).toMatchObject({ state: 'scored', report: summaryOf(scored) });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(readAt).toEqual([]);
  });

  it('a deleted report ends as gone', async () => {
    const { follower } = setup();
    await follower.track(pending(7));
    await follower.forget('7');
    expect((await entryOf(7))?.state).toBe('gone');
  });

  it('drops an ended entry a minute after it ended', async () => {
    const { follower } = setup((id) => ok(makeReport({ id })));
    await follower.track(pending(7));
    await follower.track(pending(8));
    await vi.advanceTimersByTimeAsync(2000); // 7 and 8 are scored (reads are paced)
    await follower.track(pending(9));
    await vi.advanceTimersByTimeAsync(60_000);
    await follower.track(pending(10));
    expect((await entries()).map((entry) => entry.id)).toEqual([9, 10]);
  });

  it('shows pages the last ended entry for a minute after it ended, when nothing else happens', async () => {
    const { follower } = setup((id) => ok(makeReport({ id })));
    await follower.track(pending(7));
    await vi.advanceTimersByTimeAsync(1000); // 7 is scored: nothing is followed any more
    expect((await entryOf(7))?.state).toBe('scored');
    await vi.advanceTimersByTimeAsync(59_999);
    expect(await entryOf(7)).toBeDefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(await entries()).toEqual([]);
  });

  it('a new worker drops the ended entries whose minute passed while no worker ran', async () => {
    const first = setup((id) => ok(makeReport({ id })));
    await first.follower.track(pending(7));
    await vi.advanceTimersByTimeAsync(1000);
    vi.clearAllTimers(); // the worker stops before the entry's minute is over
    vi.setSystemTime(Date.now() + 120_000);
    await setup().follower.resume();
    expect(await stored()).toEqual([]);
  });

  it('a new worker picks up what the old one followed: the alarm again, and the reads due', async () => {
    const first = setup();
    await first.follower.track(pending(7));
    // The worker stops: its timer is gone, and so is the alarm after a browser restart.
    first.stop();
    vi.clearAllTimers();
    await browser.alarms.clearAll();
    vi.setSystemTime(START + 5000);
    const second = setup();
    await second.follower.resume();
    await vi.advanceTimersByTimeAsync(100);
    expect(second.readAt).toEqual([5]);
    expect(await browser.alarms.get(workAlarm('generation', 'a'))).toBeDefined();
    await vi.advanceTimersByTimeAsync(1900);
    expect(second.readAt).toEqual([5, 7]);
  });

  it('keeps reports in memory only (storage.session)', async () => {
    const { follower } = setup();
    await follower.resume();
    await follower.track(pending(7));
    expect(await fakeBrowser.storage.local.get()).toEqual({});
    expect(Object.keys(await fakeBrowser.storage.session.get())).toEqual(['a:followedReports']);
  });

  it('the alarm reads what is due when the worker was stopped meanwhile', async () => {
    const first = setup();
    await first.follower.track(pending(7));
    first.stop(); // the worker stops
    vi.clearAllTimers();
    vi.setSystemTime(START + 30_000);
    const { follower, readAt } = setup();
    await follower.resume();
    await vi.advanceTimersByTimeAsync(100);
    expect(readAt).toEqual([30]);
    // And the timers run again from there.
    await vi.advanceTimersByTimeAsync(1900);
    expect(readAt).toEqual([30, 32]);
  });
});

describe('pages watching the follower (lib/following)', () => {
  it('hear of each entry that changed, first of those already stored', async () => {
    const { follower } = setup((id) => ok(makeReport({ id, result: 'bad' })));
    await fakeBrowser.storage.session.set({ activeConnection: 'a' }); // pages read the active one's list
    await follower.track(pending(7));
    const heard: Followed[][] = [];
    const stop = watchFollowed((changed) => heard.push(changed));
    await vi.waitFor(() => expect(heard).toHaveLength(1));
    expect(heard[0]?.map((entry) => entry.state)).toEqual(['generating']);
    await follower.track(pending(8));
    await vi.waitFor(() => expect(heard).toHaveLength(2));
    expect(heard[1]?.map((entry) => entry.id)).toEqual([8]);
    await vi.advanceTimersByTimeAsync(2000);
    await vi.waitFor(() => expect(heard.length).toBeGreaterThanOrEqual(3));
    expect(
      heard
        .flat()
        .filter((entry) => entry.state === 'scored')
        .map((entry) => entry.id),
    ).toEqual([7, 8]);
    stop();
    const before = heard.length;
    await follower.track(pending(9));
    expect(heard).toHaveLength(before);
  });
});
