// The runner on the fake clock: the worker is kept alive while a request is on its way, never while a job
// only waits for a step due later (its alarm wakes a stopped worker then).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createRunner, newJob, workAlarm, type Job, type Step } from '@/entrypoints/background/jobs/runner';
import { budgets, spaceItem } from '@/entrypoints/background/storage-budget';
import type { Result } from '@/lib/api/errors';

interface TimedStep extends Step {
  key: string;
}

const START = 1_000_000;
const ALARM = workAlarm('test', 'a');

function setup(answerAfterMs: number) {
  const sentAt: number[] = [];
  const item = spaceItem<Job<TimedStep> | null>('session', 'a', 'testJob', null, budgets.session);
  const runner = createRunner<Job<TimedStep>>(
    {
      name: 'test',
      keyOf: (step) => step.key,
      async send() {
        sentAt.push(Date.now() - START);
        await new Promise((resolve) => setTimeout(resolve, answerAfterMs));
        return { ok: true, data: null } satisfies Result<null>;
      },
      settle: async () => ({ state: 'pending' }),
    },
    {
      item,
      alarm: ALARM,
      gone: new AbortController().signal,
    },
  );
  const add = (dueInMs: number) =>
    runner.update(
      (job) =>
        void job.items.push({ key: String(job.items.length), state: 'pending', dueAt: Date.now() + dueInMs }),
      () => newJob('test', []),
    );
  return { add, sentAt, runner, item };
}

beforeEach(() => {
  fakeBrowser.reset();
  vi.useFakeTimers({ now: START });
});
afterEach(() => vi.useRealTimers());

describe('the runner', () => {
  it('holds no keep-alive while the next step is due in 5 minutes; its alarm stays to wake the worker', async () => {
    const keptAlive = vi.spyOn(fakeBrowser.runtime, 'getPlatformInfo');
    const { add, sentAt } = setup(0);
    await add(5 * 60_000);
    await vi.advanceTimersByTimeAsync(5 * 60_000 - 1000);
    expect(keptAlive).not.toHaveBeenCalled();
    expect(sentAt).toEqual([]);
    expect(await browser.alarms.get(ALARM)).toBeDefined();
    // A worker that lived on sends it when due.
    await vi.advanceTimersByTimeAsync(2000);
    expect(sentAt).toEqual([5 * 60_000]);
  });

  it('keeps the worker alive while a request is on its way', async () => {
    const keptAlive = vi.spyOn(fakeBrowser.runtime, 'getPlatformInfo');
    const { add, sentAt } = setup(45_000);
    await add(0);
    await vi.advanceTimersByTimeAsync(50_000);
    expect(sentAt).toEqual([0]);
    expect(keptAlive).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(keptAlive).toHaveBeenCalledTimes(2);
  });

  it('honours a Stop made while the loop was reading the job, not after the wait it read', async () => {
    const { add, sentAt, runner, item } = setup(0);
    await add(5 * 60_000);
    await vi.advanceTimersByTimeAsync(10);
    // The loop's next read answers with the job as it was before Stop, once Stop has been written.
    const read = item.getValue.bind(item);
    let reads = 0;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    vi.spyOn(item, 'getValue').mockImplementation(async () => {
      const value = await read();
      if (++reads === 2) await released;
      return value;
    });
    void runner.resume(); // its own read, then a wake: the loop reads the job again (held)
    await vi.waitFor(() => expect(reads).toBe(2));
    await runner.stop();
    release();
    await vi.advanceTimersByTimeAsync(1000);
    expect((await read())?.phase).toBe('ended');
    expect(sentAt).toEqual([]);
  });
});
