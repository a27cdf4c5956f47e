import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { apiError, type ApiErrorKind } from '@/lib/api/errors';
import { GIVE_UP_AFTER_MS } from '@/lib/report-state';
import type { Report, ReportId } from '@/lib/api/types';
import type { Result } from '@/lib/api/errors';
import {
  createGenerationTracker,
  GENERATION_ALARM,
  pendingGenerationsItem,
} from '@/entrypoints/background/generation-tracker';
import { failed, makeReport, ok } from '../popup/fixtures';

function setup(answers: (id: ReportId) => Result<Report>) {
  let now = 1_000_000;
  const getReport = vi.fn(async (id: ReportId) => answers(id));
  const onGenerated = vi.fn(async (_report: Report) => {});
  const tracker = createGenerationTracker({
    getReport,
    onGenerated,
    alarms: browser.alarms,
    now: () => now,
  });
  return {
    tracker,
    getReport,
    onGenerated,
    advance: (ms: number) => (now += ms),
  };
}

describe('generation tracker', () => {
  beforeEach(() => fakeBrowser.reset());

  it('remembers pending reports in storage and starts the alarm', async () => {
    const { tracker } = setup(() => ok(makeReport({ result: null })));
    await tracker.track(7);
    await tracker.track(7);
    expect((await pendingGenerationsItem.getValue()).map((entry) => entry.id)).toEqual([7]);
    expect(await browser.alarms.get(GENERATION_ALARM)).toMatchObject({ periodInMinutes: 0.5 });
  });

  it('checks nothing before the first wait is over', async () => {
    const { tracker, getReport, advance } = setup(() => ok(makeReport({ result: null })));
    await tracker.track(7);
    advance(10_000);
    await tracker.checkDue();
    expect(getReport).not.toHaveBeenCalled();
  });

  it('hands over the finished report, forgets it and stops the alarm', async () => {
    const done = makeReport({ id: 7, result: 'decent' });
    const { tracker, onGenerated, advance } = setup(() => ok(done));
    await tracker.track(7);
    advance(30_000);
    await tracker.checkDue();
    expect(onGenerated).toHaveBeenCalledWith(done);
    expect(await pendingGenerationsItem.getValue()).toEqual([]);
    expect(await browser.alarms.get(GENERATION_ALARM)).toBeUndefined();
  });

  it('waits longer after each check that finds no result yet', async () => {
    const { tracker, getReport, advance } = setup(() => ok(makeReport({ id: 7, result: null })));
    await tracker.track(7);
    const checksAt: number[] = [];
    for (let second = 0; second <= 600; second += 30) {
      const before = getReport.mock.calls.length;
      await tracker.checkDue();
      if (getReport.mock.calls.length > before) checksAt.push(second);
      advance(30_000);
    }
    // First at 30 s, then 60 s, 120 s, 240 s later, then every 5 minutes.
    expect(checksAt.slice(0, 4)).toEqual([30, 90, 210, 450]);
    expect(await browser.alarms.get(GENERATION_ALARM)).toBeDefined();
  });

  it('keeps waiting through a passing error, and gives up on a deleted report', async () => {
    let answer: Result<Report> = failed(apiError('network'));
    const { tracker, advance } = setup(() => answer);
    await tracker.track(7);
    advance(30_000);
    await tracker.checkDue();
    expect(await pendingGenerationsItem.getValue()).toHaveLength(1);

    answer = failed(apiError('not_found'));
    advance(60_000);
    await tracker.checkDue();
    expect(await pendingGenerationsItem.getValue()).toEqual([]);
  });

  it('gives up after two hours', async () => {
    const { tracker, advance } = setup(() => ok(makeReport({ id: 7, result: null })));
    await tracker.track(7);
    advance(2 * 60 * 60_000 + 1);
    await tracker.checkDue();
    expect(await pendingGenerationsItem.getValue()).toEqual([]);
  });

  it('writes nothing and leaves the alarm alone when a report it does not follow is settled', async () => {
    const { tracker } = setup(() => ok(makeReport()));
    const write = vi.spyOn(pendingGenerationsItem, 'setValue');
    const alarmCalls = ['get', 'create', 'clear'].map((name) =>
      vi.spyOn(browser.alarms, name as 'get' | 'create' | 'clear'),
    );
    const [get, create, clear] = alarmCalls;

    expect(await tracker.settle(5)).toEqual([]); // nothing pending at all
    expect(write).not.toHaveBeenCalled();
    for (const call of alarmCalls) expect(call).not.toHaveBeenCalled();

    await tracker.track(1);
    expect(write).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledTimes(1);
    expect(create).toHaveBeenCalledTimes(1);

    expect((await tracker.settle(2)).map((entry) => entry.id)).toEqual([1]);
    await tracker.track('1'); // followed already
    expect(write).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledTimes(1);
    expect(create).toHaveBeenCalledTimes(1);
    expect(clear).not.toHaveBeenCalled();
    expect((await pendingGenerationsItem.getValue()).map((entry) => entry.id)).toEqual([1]);
  });

  it('settles a report seen elsewhere, and brings the alarm back after a restart', async () => {
    const { tracker } = setup(() => ok(makeReport()));
    await tracker.track(1);
    await tracker.track(2);
    await tracker.settle('1');
    expect((await pendingGenerationsItem.getValue()).map((entry) => entry.id)).toEqual([2]);

    await browser.alarms.clearAll(); // as after a browser restart
    await tracker.resume();
    expect(await browser.alarms.get(GENERATION_ALARM)).toBeDefined();
  });

  it.each<ApiErrorKind>(['unauthorized', 'forbidden', 'not_configured', 'permission'])(
    'stops following every report at once on %s, alarm included',
    async (kind) => {
      const { tracker, getReport, advance } = setup(() => failed(apiError(kind)));
      await tracker.track(7);
      await tracker.track(8);
      advance(30_000);
      await tracker.checkDue();
      expect(getReport).toHaveBeenCalledTimes(1);
      expect(await pendingGenerationsItem.getValue()).toEqual([]);
      expect(await browser.alarms.get(GENERATION_ALARM)).toBeUndefined();
    },
  );

  it('gives up GIVE_UP_AFTER_MS after tracking when every read fails (network)', async () => {
    const { tracker, getReport, advance } = setup(() => failed(apiError('network')));
    await tracker.track(7);
    let lastCheckAt = 0;
    for (let second = 0; second <= 3600; second += 30) {
      const before = getReport.mock.calls.length;
      await tracker.checkDue();
      if (getReport.mock.calls.length > before) lastCheckAt = second;
      advance(30_000);
    }
    expect(await pendingGenerationsItem.getValue()).toEqual([]);
    expect(await browser.alarms.get(GENERATION_ALARM)).toBeUndefined();
    // The last read is the first one due after the limit; the waits are at most 5 minutes.
    expect(lastCheckAt * 1000).toBeGreaterThan(GIVE_UP_AFTER_MS);
    expect(lastCheckAt * 1000).toBeLessThanOrEqual(GIVE_UP_AFTER_MS + 5 * 60_000);
  });
});
