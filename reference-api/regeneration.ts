// What a new analysis of the same page changes, in both dialects: the owner fixed some failed tests
// and something else broke, as in real life; the rest stays as it was. Deterministic per seed.
import { randomInt } from './random';

export interface Changes {
  fixed: ReadonlySet<string>;
  broken: ReadonlySet<string>;
}

/**
 * Up to three of the fixable tests fixed and one or two of the breakable ones broken, never none either
 * way while there are some. `counts(name)` says whether a test moves the score: one of those is fixed
 * first, so a regeneration shows in the score too.
 */
export function chooseChanges(
  random: () => number,
  fixable: readonly string[],
  breakable: readonly string[],
  counts: (name: string) => boolean,
): Changes {
  const weighty = fixable.filter(counts);
  const first = weighty.length > 0 ? draw(random, weighty, 1) : [];
  const rest = fixable.filter((name) => !first.includes(name));
  const fixCount = fixable.length === 0 ? 0 : randomInt(random, 1, Math.min(3, fixable.length));
  const fixed = [...first, ...draw(random, rest, fixCount - first.length)];
  const broken = draw(random, breakable, random() < 0.3 ? 2 : 1);
  return { fixed: new Set(fixed), broken: new Set(broken) };
}

/** `count` different items (fewer when there are not as many), in a seeded order. */
function draw<T>(random: () => number, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const chosen: T[] = [];
  while (chosen.length < count && pool.length > 0) {
    chosen.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  }
  return chosen;
}
