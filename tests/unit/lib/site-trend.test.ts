import { describe, expect, it } from 'vitest';
import type { Snapshot } from '@/lib/history';
import { siteTrend } from '@/lib/site-trend';

function analysis(generatedAt: string, score: number | null): Snapshot {
  return {
    generatedAt,
    takenAt: 0,
    score,
    band: null,
    counts: { high: 0, medium: 0, low: 0, passed: 0 },
    failed: [],
  };
}

describe('a project’s trend', () => {
  it('is empty without history', () => {
    expect(siteTrend([])).toEqual([]);
    expect(siteTrend([[], []])).toEqual([]);
  });

  it('follows the same pages: a step moves by their mean change, and the line ends at today’s mean', () => {
    const pageA = [analysis('2026-11-01T10:00:00Z', 40), analysis('2026-11-03T10:00:00Z', 90)];
    const pageB = [analysis('2026-11-02T10:00:00Z', 61)];
    expect(
      siteTrend([pageA, pageB]).map(({ generatedAt, score, band, pages, joined }) => [
        generatedAt,
        score,
        band,
        pages,
        joined,
      ]),
    ).toEqual([
      // Today (90 + 61) / 2 = 75.5; A rose by 50 of the two pages' 100 points at the last step: 50.5 before.
      ['2026-11-01T10:00:00Z', 51, 'decent', 1, 0],
      // B joined: no page that was there changed, so the line does not move.
      ['2026-11-02T10:00:00Z', 51, 'decent', 2, 1],
      ['2026-11-03T10:00:00Z', 76, 'decent', 2, 0],
    ]);
  });

  it('does not fall when worse pages are added: 71 for five pages, then twenty more at 25', () => {
    const good = Array.from({ length: 5 }, () => [analysis('2026-11-01T10:00:00Z', 71)]);
    const added = Array.from({ length: 20 }, () => [analysis('2026-11-02T10:00:00Z', 25)]);
    const points = siteTrend([...good, ...added]);
    // The plain average went 71 → 34; the pages that were there did not change.
    expect(points.map((point) => [point.score, point.pages, point.joined])).toEqual([
      [34, 5, 0],
      [34, 25, 20],
    ]);
  });

  it('falls when the pages it follows get worse, whatever joined meanwhile', () => {
    const pageA = [analysis('2026-11-01T10:00:00Z', 80), analysis('2026-11-02T10:00:00Z', 60)];
    const pageB = [analysis('2026-11-02T10:00:00Z', 100)];
    // At the second step A lost 20 and B joined: (60 + 100) / 2 = 80 today, 100 before.
    expect(siteTrend([pageA, pageB]).map((point) => point.score)).toEqual([100, 80]);
  });

  it('stays on the 0–100 scale when the chained changes would take it past', () => {
    const pageA = [analysis('2026-11-01T10:00:00Z', 95), analysis('2026-11-02T10:00:00Z', 45)];
    const pageB = [analysis('2026-11-02T10:00:00Z', 90)];
    // Today (45 + 90) / 2 = 67.5; A lost 50 at the second step: 117.5 before, drawn at the top.
    expect(siteTrend([pageA, pageB]).map((point) => point.score)).toEqual([100, 68]);
  });

  it('makes one point of the analyses of one minute (pages made in one go), at the last of them', () => {
    const points = siteTrend([
      [analysis('2026-11-05T08:00:59Z', 100)],
      [analysis('2026-11-05T08:00:01Z', 80)],
      [analysis('2026-11-04T08:00:00Z', 30)],
    ]);
    expect(points.map((point) => [point.generatedAt, point.pages, point.joined])).toEqual([
      ['2026-11-04T08:00:00Z', 1, 0],
      ['2026-11-05T08:00:59Z', 3, 2],
    ]);
    expect(
      siteTrend([[analysis('2026-11-05T08:00:59Z', 100)], [analysis('2026-11-05T08:01:00Z', 80)]]).map(
        (point) => point.pages,
      ),
    ).toEqual([1, 2]);
  });

  it('leaves out analyses without a score: a page counts from its first score on', () => {
    const page = [analysis('2026-11-01T10:00:00Z', null), analysis('2026-11-02T10:00:00Z', 85)];
    expect(siteTrend([page]).map((point) => [point.score, point.band])).toEqual([[85, 'good']]);
  });

  it('uses when the analysis was seen when the service’s date cannot be read', () => {
    const unreadable = { ...analysis('not a date', 20), takenAt: Date.parse('2026-11-01T00:00:00Z') };
    const later = analysis('2026-11-02T00:00:00Z', 80);
    expect(siteTrend([[unreadable], [later]]).map((point) => [point.generatedAt, point.pages])).toEqual([
      ['not a date', 1],
      ['2026-11-02T00:00:00Z', 2],
    ]);
  });
});
