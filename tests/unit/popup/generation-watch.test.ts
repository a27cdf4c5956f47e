import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError } from '@/lib/api/error-messages';
import type { ApiErrorKind, Result } from '@/lib/api/errors';
import type { Report } from '@/lib/api/types';
import { GIVE_UP_AFTER_MS } from '@/lib/report-state';
import { createGenerationWatch } from '@/entrypoints/popup/generation-watch';
import { failed, makeReport, ok } from './fixtures';

describe('generation watch (popup open)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(
    answers: Result<Report>[],
    otherwise: () => Result<Report> = () => ok(makeReport({ result: null })),
  ) {
    const readAt: number[] = [];
    const start = Date.now();
    const read = vi.fn(async () => {
      readAt.push(Date.now() - start);
      return answers.shift() ?? otherwise();
    });
    const onReport = vi.fn();
    const onGone = vi.fn();
    const onStopped = vi.fn();
    const watch = createGenerationWatch({ read, onReport, onGone, onStopped });
    return { watch, read, readAt, onReport, onGone, onStopped };
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

  it.each<ApiErrorKind>(['unauthorized', 'forbidden', 'not_configured', 'permission'])(
    'stops every watch at once on %s, and says why once',
    async (kind) => {
      const error = apiError(kind);
      const { watch, read, onStopped } = setup([], () => failed(error));
      watch.watch(1);
      watch.watch(2);
      await vi.advanceTimersByTimeAsync(1000);
      // Both were due at 1 s: the first refusal stopped the second before it was read.
      expect(read).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(GIVE_UP_AFTER_MS);
      expect(read).toHaveBeenCalledTimes(1);
      expect(onStopped).toHaveBeenCalledTimes(1);
      expect(onStopped).toHaveBeenCalledWith(error);
    },
  );

  it('gives up after GIVE_UP_AFTER_MS when every read fails (network)', async () => {
    const { watch, read, readAt } = setup([], () => failed(apiError('network')));
    watch.watch(1);
    await vi.advanceTimersByTimeAsync(GIVE_UP_AFTER_MS + 60_000);
    const asked = read.mock.calls.length;
    expect(asked).toBeGreaterThan(5);
    expect(readAt.at(-1)).toBeLessThanOrEqual(GIVE_UP_AFTER_MS + 15_000);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(read).toHaveBeenCalledTimes(asked);
  });

  it('gives up after GIVE_UP_AFTER_MS on a report that carries no dates (it would look pending forever)', async () => {
    const undated = ok(makeReport({ result: null, createdAt: null, updatedAt: null, generatedAt: null }));
    const { watch, read } = setup([], () => undated);
    watch.watch(1);
    await vi.advanceTimersByTimeAsync(GIVE_UP_AFTER_MS + 60_000);
    const asked = read.mock.calls.length;
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(read).toHaveBeenCalledTimes(asked);
  });
});
