import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, type Result } from '@/lib/api/errors';
import type { Report } from '@/lib/api/types';
import { createGenerationWatch } from '@/entrypoints/popup/generation-watch';
import { failed, makeReport, ok } from './fixtures';

describe('generation watch (popup open)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(answers: Result<Report>[]) {
    const readAt: number[] = [];
    const start = Date.now();
    const read = vi.fn(async () => {
      readAt.push(Date.now() - start);
      return answers.shift() ?? ok(makeReport({ result: null }));
    });
    const onReport = vi.fn();
    const onGone = vi.fn();
    return { watch: createGenerationWatch({ read, onReport, onGone }), read, readAt, onReport, onGone };
  }

  it('re-reads with backoff (1 s, 2 s, 4 s, 8 s, then every 15 s) until the result is known', async () => {
    const pending = ok(makeReport({ result: null }));
    const { watch, readAt, onReport } = setup([
      pending,
      pending,
      pending,
      pending,
      pending,
      pending,
      ok(makeReport()),
    ]);
    watch.watch(1);
    watch.watch(1); // the same report once
    await vi.advanceTimersByTimeAsync(120_000);
    expect(readAt).toEqual([1000, 3000, 7000, 15_000, 30_000, 45_000, 60_000]);
    expect(onReport).toHaveBeenLastCalledWith(makeReport());
    await vi.advanceTimersByTimeAsync(120_000);
    expect(readAt).toHaveLength(7); // done: no more reads
  });

  it('waits as long as a rate limit asks', async () => {
    const { watch, readAt } = setup([
      failed(apiError('rate_limited', { retryAfterSeconds: 20 })),
      ok(makeReport()),
    ]);
    watch.watch(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(readAt).toEqual([1000, 21_000]);
  });

  it('stops when the report is gone', async () => {
    const { watch, onGone, read } = setup([failed(apiError('not_found'))]);
    watch.watch(3);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(onGone).toHaveBeenCalledWith(3);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('stops everything on request', async () => {
    const { watch, read } = setup([]);
    watch.watch(1);
    watch.stopAll();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(read).not.toHaveBeenCalled();
  });
});
