// A tab's toolbar badge: the opt-in score of its page's newest report, and a create from the menu or the
// shortcut ("…", then how it ended), during which the score waits. Per tab: the browser drops it on navigation.
import { browser } from 'wxt/browser';
import type { ReportId, ReportResult, ReportSummary } from '@/lib/api/types';
import { bandOfScore, roundScore } from '@/lib/api/score';
import { formatDate, RESULT_LABELS } from '@/lib/format';
import { t } from '@/lib/i18n';
import type { Outcome } from './integration/quick-create';

export interface ScoreEntry {
  id: ReportId;
  /** Whole, 0–100; null when the service sent only a band, or nothing yet. */
  score: number | null;
  band: ReportResult | null;
  /** Generated (else created), ISO. */
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

// The service's own colours, dark enough for white text (contrast 4.9–5.4:1) and still apart from both a
// light toolbar (≥ 4.4:1 on #f1f3f4) and a dark one (≥ 3:1 on #202124); a failed create in the bad red.
export const BADGE_COLOURS = {
  good: '#15803d',
  decent: '#a16207',
  bad: '#cf222e',
  running: '#57606a',
  done: '#57606a',
  failed: '#cf222e',
} as const;
export const BADGE_TEXT_COLOUR = '#ffffff';

/** Tabs whose badge shows a create in progress: in memory, as a running create keeps the worker alive. */
const heldTabs = new Set<number>();

/** Chrome MV3's `action`, Firefox MV2's `browserAction` (same calls). */
const toolbarAction = (): typeof browser.action =>
  browser.action ?? (browser as unknown as { browserAction: typeof browser.action }).browserAction;

export interface BadgeLook {
  text: string;
  colour: string;
  title: string;
  /** A create in progress: the score leaves the tab alone. */
  running?: boolean;
}

export function scoreBadge(entry: ScoreEntry | null): BadgeLook | null {
  if (!entry?.band) return null;
  const date = formatDate(entry.date);
  const band = RESULT_LABELS[entry.band];
  return entry.score === null
    ? // A band without a score: a dot in its colour.
      { text: '•', colour: BADGE_COLOURS[entry.band], title: t('badgeTitleBand', band, date) }
    : {
        text: String(entry.score),
        colour: BADGE_COLOURS[entry.band],
        title: t('badgeTitle', band, entry.score, date),
      };
}

export async function showScore(tabId: number, entry: ScoreEntry | null): Promise<void> {
  if (heldTabs.has(tabId)) return;
  const badge = scoreBadge(entry);
  await (badge ? paintBadge(tabId, badge) : clearBadge(tabId));
}

export async function clearScore(tabId: number): Promise<void> {
  if (!heldTabs.has(tabId)) await clearBadge(tabId);
}

export function runningLook(address: string): BadgeLook {
  return {
    text: '…',
    colour: BADGE_COLOURS.running,
    title: t('integrationBadgeRunning', address),
    running: true,
  };
}

export function outcomeLook({ title, message, report }: Outcome): BadgeLook {
  const look = { title: `${title}: ${message}` };
  if (!report) return { ...look, text: '!', colour: BADGE_COLOURS.failed };
  if (report.result === null || report.score === null)
    return { ...look, text: '✓', colour: BADGE_COLOURS.done };
  return { ...look, text: String(roundScore(report.score)), colour: BADGE_COLOURS[report.result] };
}

/** A create's look on its tab; never throws (the tab may be gone by the time a create ends). */
export async function showCreate(tabId: number, look: BadgeLook): Promise<void> {
  if (look.running) heldTabs.add(tabId);
  else heldTabs.delete(tabId);
  await paintBadge(tabId, look).catch(() => undefined);
}

export async function clearCreate(tabId: number): Promise<void> {
  heldTabs.delete(tabId);
  await clearBadge(tabId).catch(() => undefined);
}

/** The text last, so it never shows in the old colour. */
async function paintBadge(tabId: number, look: BadgeLook): Promise<void> {
  const action = toolbarAction();
  await Promise.all([
    action.setBadgeBackgroundColor({ tabId, color: look.colour }),
    // Older browsers pick the text colour themselves.
    action.setBadgeTextColor?.({ tabId, color: BADGE_TEXT_COLOUR }),
    action.setTitle({ tabId, title: look.title }),
  ]);
  await action.setBadgeText({ tabId, text: look.text });
}

/** Back to the extension's own tooltip, no badge. */
async function clearBadge(tabId: number): Promise<void> {
  await Promise.all([
    toolbarAction().setBadgeText({ tabId, text: '' }),
    toolbarAction().setTitle({ tabId, title: t('extActionTitle') }),
  ]);
}
