// What the demo data of both dialects share: its size, span, password and privacy mix.
import type { Privacy } from './types';

/** The password of every seeded report with privacy 2. */
export const SEED_PASSWORD = 'demo-password';

export const SEED_REPORT_COUNT = 132;
/** The reports are spread over the half year before the start time. */
export const SEED_SPAN_MS = 180 * 24 * 60 * 60 * 1000;

/** Mostly public, some private, a few with a password. */
export function pickPrivacy(random: () => number): Privacy {
  const roll = random();
  if (roll < 0.65) return 0;
  if (roll < 0.85) return 1;
  return 2;
}
