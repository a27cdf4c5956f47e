import { describe, expect, it } from 'vitest';
import type { BulkItem } from '@/lib/bulk-job';
import { regenerateOutcome } from '@/entrypoints/options/reports/BulkJobStatus';

const step = (
  id: number,
  before: number | null | undefined,
  after: number | null | undefined,
  state: BulkItem['state'] = 'done',
): BulkItem => ({
  id,
  label: `https://site.example/page-${id}`,
  state,
  ...(before !== undefined ? { before } : {}),
  ...(after !== undefined ? { after } : {}),
});
const ids = (moves: { item: BulkItem }[]) => moves.map((move) => move.item.id);

describe('what new results changed', () => {
  it('names the pages whose score rose and those whose score fell, the biggest moves first', () => {
    const outcome = regenerateOutcome([
      step(1, 40, 70),
      step(2, 27, 15),
      step(3, 50, 52),
      step(4, 60, 60),
      step(5, 90, 89),
    ]);
    expect(ids(outcome.better)).toEqual([1, 3]);
    expect(ids(outcome.worse)).toEqual([2, 5]);
    expect(outcome.worse[0]).toMatchObject({ before: 27, after: 15 });
  });

  it('compares scores as shown: less than a point either way is no change', () => {
    const outcome = regenerateOutcome([step(1, 71.2, 71.4), step(2, 64.4, 64.1), step(3, 49.6, 48.4)]);
    expect(outcome.better).toEqual([]);
    expect(outcome.worse).toEqual([{ item: expect.objectContaining({ id: 3 }), before: 50, after: 48 }]);
  });

  it('leaves out a step not done, or without both scores', () => {
    const outcome = regenerateOutcome([
      step(1, 40, 70, 'failed'),
      step(2, 40, 70, 'skipped'),
      step(3, undefined, 70),
      step(4, 40, null),
      step(5, null, 70),
    ]);
    expect(outcome).toEqual({ compared: 0, better: [], worse: [] });
  });
});
