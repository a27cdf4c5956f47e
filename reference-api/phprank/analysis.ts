// The analysis of a page: every check of checks.ts, then the score. A first analysis measures the page
// afresh; a regeneration starts from the previous results and changes a few tests.
import { chooseChanges } from '../regeneration';
import type { PhpRankResults, TestResult } from '../types';
import { CHECKS } from './checks';
import { describePage } from './page';
import { POINTS, scoreOf } from './score';

export interface Analysis {
  score: number;
  results: PhpRankResults;
}

/** Deterministic per (id, address, generation): the same report run again may differ, a copy may not. */
export function analyzePage(id: number, address: string, generation: number): Analysis {
  const page = describePage(id, address, generation);
  const results: PhpRankResults = {};
  for (const check of CHECKS) {
    const { passed, value, errors } = check.run(page);
    results[check.name] = { passed, importance: check.importance, value, ...(errors ? { errors } : {}) };
  }
  return { score: scoreOf(results), results };
}

/**
 * The analysis of generation `generation` given the one before: some failed tests fixed, some passed
 * ones broken (chooseChanges), each changed test with a value its check gives for the new outcome, the
 * others as they were. Tests the address decides (https, a friendly URL) never flip. Without previous
 * results, a first analysis.
 */
export function reanalyzePage(
  previous: PhpRankResults | null,
  id: number,
  address: string,
  generation: number,
): Analysis {
  const fresh = analyzePage(id, address, generation);
  if (!previous) return fresh;
  const page = describePage(id, address, generation);
  // Each test run with the opposite outcome forced; kept only where the check can give it.
  const flipped = new Map<string, TestResult>();
  for (const check of CHECKS) {
    const before = previous[check.name];
    if (!before) continue;
    const { passed, value, errors } = check.run({ ...page, verdict: !before.passed });
    if (passed === before.passed) continue;
    flipped.set(check.name, { passed, importance: check.importance, value, ...(errors ? { errors } : {}) });
  }
  const names = [...flipped.keys()];
  const { fixed, broken } = chooseChanges(
    page.random,
    names.filter((name) => previous[name]?.passed === false),
    names.filter((name) => previous[name]?.passed === true),
    (name) => POINTS[flipped.get(name)!.importance] > 0,
  );
  const results: PhpRankResults = {};
  for (const check of CHECKS) {
    const name = check.name;
    const changed = fixed.has(name) || broken.has(name);
    results[name] = changed ? flipped.get(name)! : structuredClone(previous[name] ?? fresh.results[name]!);
  }
  return { score: scoreOf(results), results };
}
