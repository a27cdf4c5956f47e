import { describe, expect, it, vi } from 'vitest';
import type { Result } from '@/lib/api/errors';
import { deleteMany, summarizeDeleteMany } from '@/entrypoints/options/list/delete-many';
import { fail, ok } from './fakes';

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
      { sleep, pauseMs: 0, maxRateLimitRetries: 2, maxWaitSeconds: 30 },
    );
    expect(events).toEqual([
      'delete a',
      'sleep 30000',
      'delete a',
      'sleep 30000',
      'delete a',
      'sleep 0',
      'delete b',
    ]);
    expect(outcome.deleted).toEqual(['b']);
    expect(outcome.failed.map((f) => [f.item, f.error.kind])).toEqual([['a', 'rate_limited']]);
  });

  it('counts an item already gone (404) as deleted and keeps going after other failures', async () => {
    const outcome = await deleteMany(
      [1, 2, 3],
      async (id) => (id === 1 ? fail('not_found') : id === 2 ? fail('server') : ok(null)),
      { sleep: async () => {} },
    );
    expect(outcome.deleted).toEqual([1, 3]);
    expect(outcome.failed.map((f) => f.item)).toEqual([2]);
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
});

describe('summarizeDeleteMany', () => {
  const noun = { one: 'report', many: 'reports' };

  it('says how many were deleted, and which could not be, with why', () => {
    expect(summarizeDeleteMany({ deleted: [1, 2, 3, 4], failed: [], skipped: [] }, String, noun)).toBe(
      'Deleted 4 reports.',
    );
    expect(
      summarizeDeleteMany(
        { deleted: [1], failed: [{ item: 9, error: fail('server').error }], skipped: [5] },
        (id) => `https://x.example/${id}`,
        noun,
      ),
    ).toBe(
      'Deleted 1 report. 1 could not be deleted: https://x.example/9 (The service had a problem. Try again in a moment.). Stopped before 1 report.',
    );
  });
});
