// The analysis of a page: every check of checks.ts, then the score. A first analysis measures the page
// afresh; a regeneration starts from the previous results and changes a few tests.
import { chooseChanges } from '../regeneration';
import { siteFlaws } from '../site-flaws';
import type { PhpRankResults, TestResult } from '../types';
import { CHECKS } from './checks';
import { describePage, type Page } from './page';
import { POINTS, scoreOf } from './score';

export interface Analysis {
  score: number;
  results: PhpRankResults;
}

/** Tests whose outcome is known before the page is looked at (a test control): name → passed. */
export type Decided = Readonly<Record<string, boolean>>;

type Check = (typeof CHECKS)[number];

function runCheck(check: Check, page: Page): TestResult {
  const { passed, value, errors } = check.run(page);
  return { passed, importance: check.importance, value, ...(errors ? { errors } : {}) };
}

/**
 * Deterministic per (id, address, generation): the same report run again may differ, a copy may not.
 * The site's flaws (site-flaws.ts) fail, then `decided` has the last word.
 */
export function analyzePage(
  id: number,
  address: string,
  generation: number,
  decided: Decided = {},
): Analysis {
  const page = describePage(id, address, generation);
  const results: PhpRankResults = {};
  for (const check of CHECKS) results[check.name] = runCheck(check, page);
  const flaws = Object.fromEntries(siteFlaws(page.host, page.rest).map((name) => [name, false]));
  settle(results, { ...flaws, ...decided }, id, address, generation);
  return { score: scoreOf(results), results };
}

/**
 * The analysis of generation `generation` given the one before: some failed tests fixed, some passed
 * ones broken (chooseChanges), each changed test with a value its check gives for the new outcome, the
 * others as they were. Tests the address decides (https, a friendly URL) never flip. Without previous
 * results, a first analysis. `decided` has the last word.
 */
export function reanalyzePage(
  previous: PhpRankResults | null,
  id: number,
  address: string,
  generation: number,
  decided: Decided = {},
): Analysis {
  const fresh = analyzePage(id, address, generation, decided);
  if (!previous) return fresh;
  const page = describePage(id, address, generation);
  // Each test run with the opposite outcome forced; kept only where the check can give it.
  const flipped = new Map<string, TestResult>();
  for (const check of CHECKS) {
    const before = previous[check.name];
    if (!before) continue;
    const test = runCheck(check, { ...page, verdict: !before.passed });
    if (test.passed !== before.passed) flipped.set(check.name, test);
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
  settle(results, decided, id, address, generation);
  return { score: scoreOf(results), results };
}

/**
 * Gives each test of `outcomes` that outcome, with a value its check gives for it, where the check can
 * (an http page has no mixed content to fail). Its own run of the page: the other tests keep theirs.
 */
function settle(
  results: PhpRankResults,
  outcomes: Decided,
  id: number,
  address: string,
  generation: number,
): void {
  const page = describePage(id, address, generation);
  for (const check of CHECKS) {
    const passed = outcomes[check.name];
    if (passed === undefined || results[check.name]?.passed === passed) continue;
    const test = runCheck(check, { ...page, verdict: passed });
    if (test.passed === passed) results[check.name] = test;
  }
}
