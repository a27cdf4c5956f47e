// api-md: produces a report's result. The real service measures the page; here the outcome is derived
// from the report id, URL and generation number, so it is stable across runs and restarts. The
// first generation measures afresh; each later one starts from the one before and changes a few checks.
import { hashString, randomInt, seededRandom } from '../random';
import { chooseChanges } from '../regeneration';
import { siteFlaws } from '../site-flaws';
import type { Check, ReportResults, Result } from '../types';

const CHECKS = [
  'https',
  'title',
  'meta_description',
  'headings',
  'image_alt',
  'mobile_viewport',
  'structured_data',
  'broken_links',
  'page_size',
  'load_time',
] as const;

export function resultForScore(score: number): Result {
  if (score >= 80) return 'good';
  if (score >= 50) return 'decent';
  return 'bad';
}

export function generateResults(
  id: number,
  url: string,
  generation: number,
): { result: Result; results: ReportResults } {
  const random = seededRandom(hashString(`${id}|${url}|${generation}`));
  const checks =
    generation <= 1
      ? firstChecks(url, random)
      : nextChecks(generateResults(id, url, generation - 1).results.checks, random);
  const passedCount = Object.values(checks).filter((check) => check.passed).length;
  const score = Math.round((passedCount / CHECKS.length) * 100);
  return { result: resultForScore(score), results: { score, checks } };
}

function firstChecks(url: string, random: () => number): Record<string, Check> {
  // One "quality" per run makes the checks of a page correlate, so all three results occur.
  const quality = random();
  const flaws = flawsOf(url);
  const checks: Record<string, Check> = {};
  for (const name of CHECKS) {
    // Rolled for every check, so a flaw leaves the other checks as they would be.
    const roll = random();
    const passed =
      name === 'https' ? url.startsWith('https:') : !flaws.includes(name) && roll < 0.2 + 0.75 * quality;
    checks[name] = { passed, value: checkValue(name, passed, random) };
  }
  return checks;
}

/** The site's flaws (site-flaws.ts) for a report's URL; none when it is not one. */
function flawsOf(url: string): readonly string[] {
  try {
    const { hostname, pathname } = new URL(url);
    return siteFlaws(hostname.replace(/^www\./, ''), pathname);
  } catch {
    return [];
  }
}

/** Some failed checks fixed, some passed ones broken; `https` follows the URL and never flips. */
function nextChecks(previous: Record<string, Check>, random: () => number): Record<string, Check> {
  const names = CHECKS.filter((name) => name !== 'https' && previous[name]);
  const { fixed, broken } = chooseChanges(
    random,
    names.filter((name) => !previous[name]!.passed),
    names.filter((name) => previous[name]!.passed),
    () => true,
  );
  const checks: Record<string, Check> = {};
  for (const name of CHECKS) {
    const before = previous[name]!;
    const passed = fixed.has(name) ? true : broken.has(name) ? false : before.passed;
    checks[name] =
      passed === before.passed ? { ...before } : { passed, value: checkValue(name, passed, random) };
  }
  return checks;
}

function checkValue(name: string, passed: boolean, random: () => number): number | boolean {
  switch (name) {
    case 'page_size':
      return passed ? randomInt(random, 80, 900) : randomInt(random, 1500, 6000); // KB
    case 'load_time':
      return passed ? randomInt(random, 200, 1500) : randomInt(random, 2500, 9000); // ms
    case 'broken_links':
    case 'image_alt':
      return passed ? 0 : randomInt(random, 1, 12); // how many found
    default:
      return passed;
  }
}
