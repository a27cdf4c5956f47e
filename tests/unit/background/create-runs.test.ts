import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { CREATE_INTERRUPTED, createCreateRuns } from '@/entrypoints/background/create-runs';
import { apiError } from '@/entrypoints/background/error-messages';
import type { Result } from '@/lib/api/errors';
import type { Report } from '@/lib/api/types';
import { writeConnections } from '@/entrypoints/background/settings/storage';
import { createBackground } from '@/entrypoints/background/wiring';
import { makeReport } from '../popup/fixtures';

const URL_A = 'https://example.com/a';

const setup = () => ({ runs: createCreateRuns('a', new AbortController().signal) });

/** A create for `url` that ends when the test answers it, as the events tell create runs. */
function run(runs: ReturnType<typeof setup>['runs'], url: string) {
  let answered!: (answer: Result<Report>) => void;
  const done = runs.run(url, () => new Promise((resolve) => (answered = resolve)));
  return (answer: Result<Report>) => {
    answered(answer);
    return done;
  };
}

describe('create runs', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => vi.useRealTimers());

  it('notes a running create, keeps the worker alive meanwhile, lets a popup wait for it, and forgets a success', async () => {
    const { runs } = setup();
    const keptAlive = vi.spyOn(fakeBrowser.runtime, 'getPlatformInfo');
    const answer = run(runs, URL_A);
    await expect.poll(() => runs.state(URL_A)).toEqual({ startedAt: 1_000_000 });
    await vi.advanceTimersByTimeAsync(40_000);
    expect(keptAlive).toHaveBeenCalledTimes(2);
    const waited = runs.wait(URL_A);
    await answer({ ok: true, data: makeReport({ id: 5 }) });
    expect(await waited).toMatchObject({ ok: true, data: { id: 5 } });
    await vi.advanceTimersByTimeAsync(40_000);
    expect(keptAlive).toHaveBeenCalledTimes(2);
    expect(await runs.state(URL_A)).toBeNull();
    expect(await runs.wait(URL_A)).toBeNull();
  });

  it('keeps a failure for the next popup until it is dismissed', async () => {
    const { runs } = setup();
    const error = apiError('server', { status: 500 });
    await run(runs, URL_A)({ ok: false, error });
    expect(await runs.state(URL_A)).toEqual({ startedAt: 1_000_000, error });
    await runs.dismiss(URL_A);
    expect(await runs.state(URL_A)).toBeNull();
  });

  it('a run noted by a worker that was stopped may have made the report: a failure without Retry, kept until seen', async () => {
    const { runs } = setup();
    const answer = run(runs, URL_A);
    await expect.poll(() => runs.state(URL_A)).not.toBeNull();
    // A new worker: same storage, nothing running in memory.
    const { runs: restarted } = setup();
    const interrupted = { startedAt: 1_000_000, error: CREATE_INTERRUPTED };
    expect(await restarted.state(URL_A)).toEqual(interrupted);
    expect(CREATE_INTERRUPTED).toMatchObject({
      retrySafe: false,
      message: expect.stringMatching(/may have been created/),
    });
    expect(await restarted.wait(URL_A)).toEqual({ ok: false, error: CREATE_INTERRUPTED });
    expect(await restarted.state(URL_A)).toEqual(interrupted);
    await restarted.dismiss(URL_A);
    expect(await restarted.state(URL_A)).toBeNull();
    await answer({ ok: true, data: makeReport() });
  });

  it('a create asked about while it is being noted is running, not interrupted', async () => {
    const { runs } = setup();
    const answer = run(runs, URL_A);
    // Asked before the note is written: this worker runs it.
    const asked = runs.state(URL_A);
    const waited = runs.wait(URL_A);
    expect(await asked).not.toMatchObject({ error: expect.anything() });
    await answer({ ok: true, data: makeReport({ id: 9 }) });
    expect(await waited).toMatchObject({ ok: true, data: { id: 9 } });
    expect(await runs.state(URL_A)).toBeNull();
  });

  it('a second create of a page on its way is answered with that one, not sent again', async () => {
    const { runs } = setup();
    const answer = run(runs, URL_A);
    const again = vi.fn(async (): Promise<Result<Report>> => ({ ok: true, data: makeReport({ id: 6 }) }));
    const second = runs.run(URL_A, again);
    await answer({ ok: true, data: makeReport({ id: 5 }) });
    expect(await second).toMatchObject({ ok: true, data: { id: 5 } });
    expect(again).not.toHaveBeenCalled();
    // Once it is answered, the page's next create is sent.
    expect(await runs.run(URL_A, again)).toMatchObject({ ok: true, data: { id: 6 } });
  });

  it('two creates of one page at once, from any pages (popup, side panel, another window), send one POST', async () => {
    vi.useRealTimers();
    const A = { id: 'a', label: 'A', baseUrl: 'https://a.example', apiKey: 'key-of-a-1111' };
    await writeConnections({ active: A.id, list: [A] });
    vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let posts = 0;
    const fetch = async () => {
      posts += 1;
      await held; // phpRank analyses the page before it answers
      const report = { id: 40 + posts, url: 'example.com/a', result: 86, privacy: 0 };
      return new Response(JSON.stringify({ data: report }), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      });
    };
    const { handlers } = createBackground({ client: { fetch: fetch as typeof globalThis.fetch } });
    const create = () =>
      handlers['reports.create']({ connection: { id: A.id, account: A.id }, url: URL_A, privacy: 0 });
    const first = create();
    await expect.poll(() => posts).toBe(1);
    const second = create();
    release();
    expect(await first).toMatchObject({ ok: true, data: { id: 41 } });
    expect(await second).toMatchObject({ ok: true, data: { id: 41 } });
    expect(posts).toBe(1);
  });

  it('a failure older than any create could take is dropped', async () => {
    const { runs } = setup();
    await run(runs, URL_A)({ ok: false, error: apiError('timeout') });
    vi.setSystemTime(Date.now() + 4 * 60_000);
    expect(await runs.state(URL_A)).toBeNull();
  });
});
