// The analysis of a page: every check of checks.ts, then the score.
import type { PhpRankResults } from '../types';
import { CHECKS } from './checks';
import { describePage } from './page';
import { scoreOf } from './score';

/** Deterministic per (id, address, generation): the same report run again may differ, a copy may not. */
export function analyzePage(
  id: number,
  address: string,
  generation: number,
): { score: number; results: PhpRankResults } {
  const page = describePage(id, address, generation);
  const results: PhpRankResults = {};
  for (const check of CHECKS) {
    const { passed, value, errors } = check.run(page);
    results[check.name] = { passed, importance: check.importance, value, ...(errors ? { errors } : {}) };
  }
  return { score: scoreOf(results), results };
}
