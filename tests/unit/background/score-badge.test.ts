// What the toolbar badge shows for a report: the score in its band's colour, readable with white text on
// light and dark toolbars, and a tooltip with band, score and date in the browser's language.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ReportResult } from '@/lib/api/types';
import { formatDate } from '@/lib/format';
import {
  BADGE_TEXT_COLOUR,
  BADGE_COLOURS,
  clearCreate,
  clearScore,
  runningLook,
  showCreate,
  scoreBadge,
  showScore,
} from '@/entrypoints/background/score-badge';
import { useTestLanguage } from '../fake-i18n';

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
}

const entry = (band: ReportResult, score: number | null) => ({
  id: 1,
  score,
  band,
  date: '2026-11-03T09:14:03Z',
});

const badgeText = (tabId: number) => fakeBrowser.action.getBadgeText({ tabId });

describe('the toolbar badge', () => {
  beforeEach(() => fakeBrowser.reset());

  it('has one colour per band, each readable with white text and apart from light and dark toolbars', () => {
    const bands = [BADGE_COLOURS.good, BADGE_COLOURS.decent, BADGE_COLOURS.bad];
    expect(new Set(bands).size).toBe(3);
    for (const colour of bands) {
      expect(contrast(colour, BADGE_TEXT_COLOUR)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(colour, '#f1f3f4')).toBeGreaterThanOrEqual(3); // Chrome's light toolbar
      expect(contrast(colour, '#202124')).toBeGreaterThanOrEqual(3); // and its dark one
    }
  });

  it('shows the score in its band’s colour, with band, score and date in the tooltip', () => {
    const date = formatDate('2026-11-03T09:14:03Z');
    expect(scoreBadge(entry('good', 86))).toEqual({
      text: '86',
      colour: BADGE_COLOURS.good,
      title: `Page Reports — Good · 86, generated ${date}`,
    });
    expect(scoreBadge(entry('decent', 49))).toMatchObject({ text: '49', colour: BADGE_COLOURS.decent });
    expect(scoreBadge(entry('bad', 0))).toMatchObject({
      text: '0',
      colour: BADGE_COLOURS.bad,
      title: `Page Reports — Bad · 0, generated ${date}`,
    });
  });

  it('says it in German', () => {
    useTestLanguage('de');
    expect(scoreBadge(entry('decent', 61))?.title).toBe(
      `Page Reports — Mittel · 61, erstellt am ${formatDate('2026-11-03T09:14:03Z')}`,
    );
  });

  it('shows a dot for a report with only a band, and nothing for one without', () => {
    expect(scoreBadge(entry('good', null))).toMatchObject({ text: '•', colour: BADGE_COLOURS.good });
    expect(scoreBadge({ id: 1, score: null, band: null, date: null })).toBeNull();
    expect(scoreBadge(null)).toBeNull();
  });

  it('writes the tab’s badge, or clears it for a page with no report', async () => {
    const textColour = vi.spyOn(fakeBrowser.action, 'setBadgeTextColor');
    await showScore(7, entry('good', 86));
    expect(await badgeText(7)).toBe('86');
    expect(await fakeBrowser.action.getBadgeBackgroundColor({ tabId: 7 })).toEqual([0x15, 0x80, 0x3d, 255]);
    expect(textColour).toHaveBeenCalledWith({ tabId: 7, color: '#ffffff' });
    expect(await fakeBrowser.action.getTitle({ tabId: 7 })).toContain('Good · 86');

    await showScore(8, entry('bad', 12));
    await showScore(8, null);
    expect(await badgeText(8)).toBe('');
    expect(await fakeBrowser.action.getTitle({ tabId: 8 })).toBe('Page Reports');

    await showScore(9, entry('bad', 12));
    await clearScore(9);
    expect(await badgeText(9)).toBe('');
  });

  it('leaves a tab alone while a create from the menu shows its progress there', async () => {
    await showCreate(4, runningLook('example.com/a'));
    await showScore(4, entry('good', 86));
    await clearScore(4);
    await showScore(5, entry('good', 86));
    expect(await badgeText(4)).toBe('…');
    expect(await badgeText(5)).toBe('86');

    await clearCreate(4);
    await showScore(4, entry('bad', 12));
    expect(await badgeText(4)).toBe('12');
  });
});
