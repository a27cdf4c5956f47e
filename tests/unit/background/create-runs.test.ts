import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createCreateRuns } from '@/entrypoints/background/create-runs';
import { apiError, type Result } from '@/lib/api/errors';
import type { Report } from '@/lib/api/types';
import { makeReport } from '../popup/fixtures';

const URL_A = 'https://example.com/a';

function setup(start = 1_000_000) {
  let now = start;
  const kept: Promise<unknown>[] = [];
  const runs = createCreateRuns({
    now: () => now,
    keepAliveWhile: (work) => {
      kept.push(work);
      return work;
    },
  });
  return { runs, kept, advance: (ms: number) => (now += ms) };
}

function manual() {
  let resolve!: (value: Result<Report>) => void;
  const promise = new Promise<Result<Report>>((r) => (resolve = r));
  return { promise, resolve };
}

describe('create runs', () => {
  beforeEach(() => fakeBrowser.reset());

  it('notes a running create, keeps the worker alive meanwhile, lets a popup wait for it, and forgets a success', async () => {
    const { runs, kept } = setup();
    const answer = manual();
    const running = runs.run(URL_A, () => answer.promise);
    await expect.poll(() => runs.state(URL_A)).toEqual({ startedAt: 1_000_000 });
    expect(kept).toHaveLength(1);
    const waited = runs.wait(URL_A);
    answer.resolve({ ok: true, data: makeReport({ id: 5 }) });
    expect(await running).toMatchObject({ ok: true, data: { id: 5 } });
    expect(await waited).toMatchObject({ ok: true, data: { id: 5 } });
    expect(await runs.state(URL_A)).toBeNull();
    expect(await runs.wait(URL_A)).toBeNull();
  });

  it('keeps a failure for the next popup until it is dismissed', async () => {
    const { runs } = setup();
    const error = apiError('server', { status: 500 });
    await runs.run(URL_A, async () => ({ ok: false, error }));
    expect(await runs.state(URL_A)).toEqual({ startedAt: 1_000_000, error });
    await runs.dismiss(URL_A);
    expect(await runs.state(URL_A)).toBeNull();
  });

  it('a run noted by a worker that was stopped is not waited for', async () => {
    const { runs } = setup();
    const answer = manual();
    void runs.run(URL_A, () => answer.promise);
    await expect.poll(() => runs.state(URL_A)).not.toBeNull();
    // A new worker: same storage, nothing running in memory.
    const { runs: restarted } = setup();
    expect(await restarted.state(URL_A)).toBeNull();
    expect(await restarted.wait(URL_A)).toBeNull();
    answer.resolve({ ok: true, data: makeReport() });
  });

  it('a failure older than any create could take is dropped', async () => {
    const { runs, advance } = setup();
    await runs.run(URL_A, async () => ({ ok: false, error: apiError('timeout') }));
    advance(4 * 60_000);
    expect(await runs.state(URL_A)).toBeNull();
  });
});
