// The toolbar badge of one tab while a report made from the menu or the shortcut is made, and how it ended
// when no notification says so: "…" while the service works, the score in its band's colour (or "✓")
// when done, "!" when it failed; the tooltip says which page and why. All badge writing of this feature
// is here, so it can be reconciled with the opt-in score badge, which writes the same badge.
import { browser } from '@/lib/page-browser';
import { t } from '@/lib/i18n';
import type { Outcome } from './outcome';

type Action = typeof browser.action;
export type ToolbarButton = Pick<Action, 'setBadgeText' | 'setBadgeBackgroundColor' | 'setTitle'> &
  Partial<Pick<Action, 'setBadgeTextColor'>>;

/** Chrome's MV3 `action`, Firefox's MV2 `browserAction`. */
export function toolbarButton(): ToolbarButton {
  const api = browser as typeof browser & { browserAction?: ToolbarButton };
  return browser.action ?? api.browserAction!;
}

// Dark enough for white text (contrast ≥ 4.5:1), distinct on light and dark toolbars alike.
export const BADGE_COLOURS = {
  running: '#57606a',
  good: '#1a7f37',
  decent: '#9a6700',
  bad: '#cf222e',
  done: '#57606a',
  failed: '#cf222e',
} as const;

export interface BadgeLook {
  text: string;
  colour: string;
  title: string;
}

export function runningLook(address: string): BadgeLook {
  return { text: '…', colour: BADGE_COLOURS.running, title: t('integrationBadgeRunning', address) };
}

export function outcomeLook(outcome: Outcome): BadgeLook {
  const title = `${outcome.title}: ${outcome.message}`;
  if (!outcome.ok) return { text: '!', colour: BADGE_COLOURS.failed, title };
  if (outcome.score === null || outcome.band === null)
    return { text: '✓', colour: BADGE_COLOURS.done, title };
  return { text: String(outcome.score), colour: BADGE_COLOURS[outcome.band], title };
}

export function createBadge(button: ToolbarButton = toolbarButton()) {
  /** Never throws: the tab may be gone by the time a create ends. */
  async function show(tabId: number, look: BadgeLook): Promise<void> {
    await Promise.all([
      button.setBadgeText({ tabId, text: look.text }),
      button.setBadgeBackgroundColor({ tabId, color: look.colour }),
      button.setBadgeTextColor?.({ tabId, color: '#ffffff' }),
      button.setTitle({ tabId, title: look.title }),
    ]).catch(() => undefined);
  }

  return {
    show,
    /** Back to the extension's own tooltip, no badge. */
    async clear(tabId: number): Promise<void> {
      await Promise.all([
        button.setBadgeText({ tabId, text: '' }),
        button.setTitle({ tabId, title: t('extActionTitle') }),
      ]).catch(() => undefined);
    },
  };
}

export type Badge = ReturnType<typeof createBadge>;
