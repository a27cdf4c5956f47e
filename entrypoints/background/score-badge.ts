// Everything that writes the toolbar score on a tab's badge, in one place. The menu and shortcut create
// writes the same badge (integration/badge.ts, with these colours): while its "…" shows on a tab, the score
// waits. Per tab: the browser drops a tab's values when it is closed or navigates, and other tabs keep theirs.
import { browser } from 'wxt/browser';
import type { ReportId, ReportResult, ReportSummary } from '@/lib/api/types';
import { bandOfScore, roundScore } from '@/lib/api/score';
import { formatDate, RESULT_LABELS } from '@/lib/format';
import { t } from '@/lib/i18n';

/** What a tab's badge shows of the newest report for its address. */
export interface ScoreEntry {
  id: ReportId;
  /** The whole number shown (0–100); null when the service sent only a band, or nothing yet. */
  score: number | null;
  band: ReportResult | null;
  /** When it was generated (else created), ISO. */
  date: string | null;
}

export function scoreEntry(report: ReportSummary): ScoreEntry {
  const score = report.score === null ? null : roundScore(report.score);
  return {
    id: report.id,
    score,
    band: score === null ? report.result : bandOfScore(score),
    date: report.generatedAt ?? report.createdAt,
  };
}

// The service's own colours (green, yellow, red), dark enough for white text (contrast 4.9–5.4:1) and
// still apart from both a light toolbar (≥ 4.4:1 on #f1f3f4) and a dark one (≥ 3:1 on #202124).
export const BAND_COLOURS: Record<ReportResult, string> = {
  good: '#15803d',
  decent: '#a16207',
  bad: '#cf222e',
};
export const BADGE_TEXT_COLOUR = '#ffffff';

export type BadgeAction = Pick<
  typeof browser.action,
  'setBadgeText' | 'setBadgeBackgroundColor' | 'setTitle'
> &
  Partial<Pick<typeof browser.action, 'setBadgeTextColor'>>;

// Tabs whose badge shows a create in progress. In memory: a running create keeps the worker alive.
const heldTabs = new Set<number>();

/** While `held`, the score stays off the tab's badge (a create from the menu or shortcut shows "…"). */
export function holdScoreBadge(tabId: number, held: boolean): void {
  if (held) heldTabs.add(tabId);
  else heldTabs.delete(tabId);
}

/** Chrome MV3's `action`, Firefox MV2's `browserAction` (same calls). */
export function toolbarAction(): BadgeAction {
  return browser.action ?? (browser as unknown as { browserAction: BadgeAction }).browserAction;
}

/** What a tab's badge shows, and its tooltip. */
export interface BadgeLook {
  text: string;
  colour: string;
  title: string;
}

const bandName = (band: ReportResult): string => RESULT_LABELS[band];

/** What the badge shows for a report: its score in its band's colour; nothing for one without a band. */
export function scoreBadge(entry: ScoreEntry | null): BadgeLook | null {
  if (!entry?.band) return null;
  const date = formatDate(entry.date);
  const band = bandName(entry.band);
  return entry.score === null
    ? // A server that sends only the band (API.md's words): a dot in its colour.
      { text: '•', colour: BAND_COLOURS[entry.band], title: t('badgeTitleBand', band, date) }
    : {
        text: String(entry.score),
        colour: BAND_COLOURS[entry.band],
        title: t('badgeTitle', band, entry.score, date),
      };
}

/** Shows the report's score on the tab's badge, or clears it (no report). */
export async function showScore(
  tabId: number,
  entry: ScoreEntry | null,
  action: BadgeAction = toolbarAction(),
): Promise<void> {
  if (heldTabs.has(tabId)) return;
  const badge = scoreBadge(entry);
  await (badge ? paintBadge(tabId, badge, action) : clearBadge(tabId, action));
}

export async function clearScore(tabId: number, action: BadgeAction = toolbarAction()): Promise<void> {
  if (!heldTabs.has(tabId)) await clearBadge(tabId, action);
}

/** Writes `look` on the tab's badge; the text last, so it never shows in the old colour. */
export async function paintBadge(tabId: number, look: BadgeLook, action: BadgeAction): Promise<void> {
  await Promise.all([
    action.setBadgeBackgroundColor({ tabId, color: look.colour }),
    // Older browsers pick the text colour themselves; it is only a refinement there.
    action.setBadgeTextColor?.({ tabId, color: BADGE_TEXT_COLOUR }),
    action.setTitle({ tabId, title: look.title }),
  ]);
  await action.setBadgeText({ tabId, text: look.text });
}

/** Back to the extension's own tooltip, no badge. */
export async function clearBadge(tabId: number, action: BadgeAction): Promise<void> {
  await Promise.all([
    action.setBadgeText({ tabId, text: '' }),
    action.setTitle({ tabId, title: t('extActionTitle') }),
  ]);
}
