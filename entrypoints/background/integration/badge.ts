// The toolbar badge of one tab while a report made from the menu or the shortcut is made, and how it ended
// when no notification says so: "…" while the service works, the score in its band's colour (or "✓")
// when done, "!" when it failed; the tooltip says which page and why. The opt-in score badge writes the
// same badge (../score-badge.ts): it shares its colours and toolbar button, and waits while "…" shows.
import { t } from '@/lib/i18n';
import {
  BAND_COLOURS,
  clearBadge,
  holdScoreBadge,
  paintBadge,
  toolbarAction,
  type BadgeAction,
  type BadgeLook,
} from '../score-badge';
import type { Outcome } from './outcome';

// The bands in the score badge's colours; grey and red, dark enough for white text, for the rest.
export const BADGE_COLOURS = {
  ...BAND_COLOURS,
  running: '#57606a',
  done: '#57606a',
  failed: BAND_COLOURS.bad,
} as const;

interface OutcomeLook extends BadgeLook {
  /** A create in progress: the score badge leaves the tab alone until the outcome shows. */
  running?: boolean;
}

export function runningLook(address: string): OutcomeLook {
  return {
    text: '…',
    colour: BADGE_COLOURS.running,
    title: t('integrationBadgeRunning', address),
    running: true,
  };
}

export function outcomeLook(outcome: Outcome): OutcomeLook {
  const title = `${outcome.title}: ${outcome.message}`;
  if (!outcome.ok) return { text: '!', colour: BADGE_COLOURS.failed, title };
  if (outcome.score === null || outcome.band === null)
    return { text: '✓', colour: BADGE_COLOURS.done, title };
  return { text: String(outcome.score), colour: BADGE_COLOURS[outcome.band], title };
}

export function createBadge(button: BadgeAction = toolbarAction()) {
  /** Never throws: the tab may be gone by the time a create ends. */
  async function show(tabId: number, look: OutcomeLook): Promise<void> {
    holdScoreBadge(tabId, look.running === true);
    await paintBadge(tabId, look, button).catch(() => undefined);
  }

  return {
    show,
    /** Back to the extension's own tooltip, no badge. */
    async clear(tabId: number): Promise<void> {
      holdScoreBadge(tabId, false);
      await clearBadge(tabId, button).catch(() => undefined);
    },
  };
}

export type Badge = ReturnType<typeof createBadge>;
