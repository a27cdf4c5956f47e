// What new results changed: the pages whose score rose or fell, from each step's score before and after.
import type { BulkItem } from '@/lib/bulk-job';

export interface ScoreMove {
  item: BulkItem;
  before: number;
  after: number;
}

export interface RegenerateOutcome {
  better: ScoreMove[];
  worse: ScoreMove[];
}

/** Scores as shown (whole numbers): a change below one point is no change. The biggest moves first. */
export function regenerateOutcome(items: readonly BulkItem[]): RegenerateOutcome {
  const moves: ScoreMove[] = [];
  for (const item of items) {
    if (item.state !== 'done' || typeof item.before !== 'number' || typeof item.after !== 'number') continue;
    const before = Math.round(item.before);
    const after = Math.round(item.after);
    if (before !== after) moves.push({ item, before, after });
  }
  const bySize = (a: ScoreMove, b: ScoreMove) => Math.abs(b.after - b.before) - Math.abs(a.after - a.before);
  return {
    better: moves.filter((move) => move.after > move.before).sort(bySize),
    worse: moves.filter((move) => move.after < move.before).sort(bySize),
  };
}
