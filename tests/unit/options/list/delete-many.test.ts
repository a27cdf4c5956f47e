import { describe, expect, it, vi } from 'vitest';
import type { RateLimit, Result } from '@/lib/api/errors';
import { deleteMany, summarizeDeleteMany } from '@/entrypoints/options/list/delete-many';
import { fail, ok } from '../fakes';

/** A success carrying the throttle's headers, as the client reads them from a delete's answer. */
const okWith = (limit: number | null, remaining: number | null): Result<null> => ({
  ok: true,
  data: null,
  rateLimit: { limit, remaining } satisfies RateLimit,
});

function recorder() {
  const events: string[] = [];
  const sleep = vi.fn(async (ms: number) => {
    events.push(`sleep ${ms}`);
  });
  return { events, sleep };
}

describe('deleteMany', () => {
  it('deletes one after another with a pause between requests', async () => {
    const { events, sleep } = recorder();
    const outcome = await deleteMany(
      ['a', 'b', 'c'],
      async (item) => {
        events.push(`delete ${item}`);
        return ok(null);
      },
      { pauseMs: 250, sleep },
    );
    expect(events).toEqual(['delete a', 'sleep 250', 'delete b', 'sleep 250', 'delete c']);
    expect(outcome).toEqual({ deleted: ['a', 'b', 'c'], failed: [], skipped: [] });
  });

  it('waits as long as a 429 asks, then tries that item again', async () => {
    const { events, sleep } = recorder();
    const answers: Result<null>[] = [fail('rate_limited', { retryAfterSeconds: 7 }), ok(null)];
    const progress = vi.fn();
    const outcome = await deleteMany(
      ['a'],
      async (item) => {
        events.push(`delete ${item}`);
        return answers.shift()!;
      },
      { sleep, onProgress: progress },
    );
    expect(events).toEqual(['delete a', 'sleep 7000', 'delete a']);
    expect(outcome.deleted).toEqual(['a']);
    expect(progress).toHaveBeenCalledWith({ done: 0, total: 1, waitingSeconds: 7 });
    expect(progress).toHaveBeenLastCalledWith({ done: 1, total: 1, waitingSeconds: null });
  });

  it('gives up on an item after a bounded number of 429s, and caps a wild Retry-After', async () => {
    const { events, sleep } = recorder();
    const outcome = await deleteMany(
      ['a', 'b'],
      async (item) => {
        events.push(`delete ${item}`);
        return item === 'a' ? fail('rate_limited', { retryAfterSeconds: 86_400 }) : ok(null);
      },
      { sleep, pauseMs: 0, maxWaitSeconds: 30 },
    );
    expect(events).toEqual([
      'delete a',
      'sleep 30000',
      'delete a',
      'sleep 30000',
      'delete a',
      'sleep 30000',
      'delete a',
      // The pace after a 429 is the wait it asked for (capped too), not the pause given.
      'sleep 30000',
      'delete b',
    ]);
    expect(outcome.deleted).toEqual(['b']);
    expect(outcome.failed.map((f) => [f.item, f.error.kind])).toEqual([['a', 'rate_limited']]);
  });

  it('after a 429, keeps its Retry-After as the pause between the remaining items', async () => {
    const { events, sleep } = recorder();
    const answers: Record<string, Result<null>[]> = { b: [fail('rate_limited', { retryAfterSeconds: 3 })] };
    const outcome = await deleteMany(
      ['a', 'b', 'c', 'd'],
      async (item) => {
        events.push(`delete ${item}`);
        return answers[item]?.shift() ?? ok(null);
      },
      { pauseMs: 250, sleep },
    );
    expect(events).toEqual([
      'delete a',
      'sleep 250',
      'delete b',
      'sleep 3000',
      'delete b',
      'sleep 3000',
      'delete c',
      'sleep 3000',
      'delete d',
    ]);
    expect(outcome.deleted).toEqual(['a', 'b', 'c', 'd']);
  });

  it('slows down further when a 429 comes despite that pace, up to the longest wait', async () => {
    const { events, sleep } = recorder();
    const answers: Record<string, Result<null>[]> = {
      a: [fail('rate_limited', { retryAfterSeconds: 2 })],
      b: [fail('rate_limited', { retryAfterSeconds: 1 })],
      c: [fail('rate_limited', { retryAfterSeconds: 1 })],
    };
    await deleteMany(
      ['a', 'b', 'c', 'd'],
      async (item) => {
        events.push(`delete ${item}`);
        return answers[item]?.shift() ?? ok(null);
      },
      { pauseMs: 100, sleep, maxWaitSeconds: 5 },
    );
    expect(events.filter((event) => event.startsWith('sleep'))).toEqual([
      'sleep 2000', // a's wait; the pace becomes 2 s
      'sleep 2000',
      'sleep 1000', // b's wait; the pace doubles to 4 s
      'sleep 4000',
      'sleep 1000', // c's wait; the pace would be 8 s, capped at 5 s
      'sleep 5000',
    ]);
  });

  it('slows to one request per (60 s / limit) when the headers say little room is left, and speeds up again', async () => {
    const { events, sleep } = recorder();
    const answers: Record<string, Result<null>> = {
      a: okWith(60, 30), // room: the normal pace
      b: okWith(60, 5), // 5 left: one a second
      c: okWith(240, 24), // 10% of 240 left: one every 250 ms
      d: okWith(60, 40), // a new minute: room again
    };
    await deleteMany(
      ['a', 'b', 'c', 'd', 'e'],
      async (item) => {
        events.push(`delete ${item}`);
        return answers[item] ?? ok(null);
      },
      { pauseMs: 100, sleep },
    );
    expect(events).toEqual([
      'delete a',
      'sleep 100',
      'delete b',
      'sleep 1000',
      'delete c',
      'sleep 250',
      'delete d',
      'sleep 100',
      'delete e',
    ]);
  });

  it('waits one interval before the next request when none is left, assuming 60 a minute without a limit', async () => {
    const { events, sleep } = recorder();
    const answers: Record<string, Result<null>> = { a: okWith(30, 0), b: okWith(null, 0) };
    await deleteMany(
      ['a', 'b', 'c'],
      async (item) => {
        events.push(`delete ${item}`);
        return answers[item] ?? ok(null);
      },
      { pauseMs: 100, sleep },
    );
    expect(events).toEqual(['delete a', 'sleep 2000', 'delete b', 'sleep 1000', 'delete c']);
  });

  it('never guesses a pace slower than 2 s from a small limit: a 429’s Retry-After says the rest', async () => {
    const { events, sleep } = recorder();
    const answers: Record<string, Result<null>> = { a: okWith(2, 1), b: okWith(5, 0) };
    await deleteMany(
      ['a', 'b', 'c'],
      async (item) => {
        events.push(`delete ${item}`);
        return answers[item] ?? ok(null);
      },
      { pauseMs: 100, sleep },
    );
    // 60 s / 2 and 60 s / 5 would be 30 s and 12 s.
    expect(events).toEqual(['delete a', 'sleep 2000', 'delete b', 'sleep 2000', 'delete c']);
  });

  it('goes back to the normal pace after a 429 once an answer shows room again', async () => {
    const { events, sleep } = recorder();
    const answers: Record<string, Result<null>[]> = {
      b: [fail('rate_limited', { retryAfterSeconds: 3 }), okWith(60, 3)],
      c: [okWith(60, 59)],
    };
    await deleteMany(
      ['a', 'b', 'c', 'd', 'e'],
      async (item) => {
        events.push(`delete ${item}`);
        return answers[item]?.shift() ?? ok(null);
      },
      { pauseMs: 250, sleep },
    );
    expect(events).toEqual([
      'delete a',
      'sleep 250',
      'delete b',
      'sleep 3000', // the wait the 429 asked for
      'delete b', // 3 left: the pause stays at the wait, which is longer than the steady pace
      'sleep 3000',
      'delete c', // 59 left: room again
      'sleep 250',
      'delete d',
      'sleep 250',
      'delete e',
    ]);
  });

  it('starts again from the asked wait after a 429 that follows a recovery, not from a doubled pause', async () => {
    const { events, sleep } = recorder();
    const answers: Record<string, Result<null>[]> = {
      a: [fail('rate_limited', { retryAfterSeconds: 2 }), okWith(60, 59)],
      b: [fail('rate_limited', { retryAfterSeconds: 2 }), okWith(60, 30)],
    };
    await deleteMany(
      ['a', 'b', 'c'],
      async (item) => {
        events.push(`delete ${item}`);
        return answers[item]?.shift() ?? ok(null);
      },
      { pauseMs: 100, sleep },
    );
    expect(events.filter((event) => event.startsWith('sleep'))).toEqual([
      'sleep 2000',
      'sleep 100',
      'sleep 2000',
      'sleep 100',
    ]);
  });

  it('counts only what the client confirmed as deleted, and keeps going after failures', async () => {
    // The client answers ok for an item the service says is gone; a not_found that reaches here was
    // not confirmed (e.g. a 404 the client could not tie to the item) and must not leave the page.
    const outcome = await deleteMany(
      [1, 2, 3],
      async (id) => (id === 1 ? fail('not_found') : id === 2 ? fail('server') : ok(null)),
      { sleep: async () => {} },
    );
    expect(outcome.deleted).toEqual([3]);
    expect(outcome.failed.map((f) => f.item)).toEqual([1, 2]);
  });

  it('stops when asked, leaving the rest untried', async () => {
    const controller = new AbortController();
    const tried: number[] = [];
    const outcome = await deleteMany(
      [1, 2, 3],
      async (id) => {
        tried.push(id);
        if (id === 1) controller.abort();
        return ok(null);
      },
      { sleep: async () => {}, signal: controller.signal },
    );
    expect(tried).toEqual([1]);
    expect(outcome).toEqual({ deleted: [1], failed: [], skipped: [2, 3] });
  });

  it('stops during the pause between two items without sending the next one', async () => {
    const controller = new AbortController();
    const tried: number[] = [];
    const outcome = await deleteMany(
      [1, 2, 3],
      async (id) => {
        tried.push(id);
        return ok(null);
      },
      {
        signal: controller.signal,
        sleep: async () => {
          controller.abort();
        },
      },
    );
    expect(tried).toEqual([1]);
    expect(outcome).toEqual({ deleted: [1], failed: [], skipped: [2, 3] });
  });
});

describe('summarizeDeleteMany', () => {
  it('says how many were deleted, and which could not be, with why', () => {
    expect(summarizeDeleteMany({ deleted: [1, 2, 3, 4], failed: [], skipped: [] }, String)).toBe(
      'Deleted 4 reports.',
    );
    expect(
      summarizeDeleteMany(
        { deleted: [1], failed: [{ item: 9, error: fail('server').error }], skipped: [5] },
        (id) => `https://x.example/${id}`,
      ),
    ).toBe(
      'Deleted 1 report. 1 could not be deleted: https://x.example/9 (The service had a problem. Try again in a moment). 1 report was not deleted because you pressed Stop.',
    );
  });

  it('has one full stop after each reason, and counts the reports left by Stop in the plural', () => {
    const text = summarizeDeleteMany(
      {
        deleted: [],
        failed: [
          { item: 1, error: fail('server').error },
          { item: 2, error: fail('forbidden', { message: 'No API access?' }).error },
        ],
        skipped: [3, 4],
      },
      (id) => `https://x.example/${id}`,
    );
    expect(text).toBe(
      'Deleted 0 reports. 2 could not be deleted: https://x.example/1 (The service had a problem. Try again in a moment); https://x.example/2 (No API access?). 2 reports were not deleted because you pressed Stop.',
    );
    expect(text).not.toMatch(/\.\)\./);
  });
});
