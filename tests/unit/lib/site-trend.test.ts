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

  it('takes, at each analysis, the mean of every page’s latest score so far', () => {
    const pageA = [analysis('2026-11-01T10:00:00Z', 40), analysis('2026-11-03T10:00:00Z', 90)];
    const pageB = [analysis('2026-11-02T10:00:00Z', 61)];
    expect(
      siteTrend([pageA, pageB]).map(({ generatedAt, score, band }) => [generatedAt, score, band]),
    ).toEqual([
      ['2026-11-01T10:00:00Z', 40, 'bad'],
      // (40 + 61) / 2 = 50.5, shown as a whole number as every score is.
      ['2026-11-02T10:00:00Z', 51, 'decent'],
      ['2026-11-03T10:00:00Z', 76, 'decent'],
    ]);
  });

  it('makes one point of the analyses of one minute (pages made in one go), at the last of them', () => {
    const points = siteTrend([
      [analysis('2026-11-05T08:00:59Z', 100)],
      [analysis('2026-11-05T08:00:01Z', 80)],
      [analysis('2026-11-04T08:00:00Z', 30)],
    ]);
    expect(points.map((point) => [point.generatedAt, point.score])).toEqual([
      ['2026-11-04T08:00:00Z', 30],
      ['2026-11-05T08:00:59Z', 70],
    ]);
    expect(
      siteTrend([[analysis('2026-11-05T08:00:59Z', 100)], [analysis('2026-11-05T08:01:00Z', 80)]]).map(
        (point) => point.score,
      ),
    ).toEqual([100, 90]);
  });

  it('leaves out analyses without a score: a page counts from its first score on', () => {
    const page = [analysis('2026-11-01T10:00:00Z', null), analysis('2026-11-02T10:00:00Z', 85)];
    expect(siteTrend([page]).map((point) => [point.score, point.band])).toEqual([[85, 'good']]);
  });

  it('uses when the analysis was seen when the service’s date cannot be read', () => {
    const unreadable = { ...analysis('not a date', 20), takenAt: Date.parse('2026-11-01T00:00:00Z') };
    const later = analysis('2026-11-02T00:00:00Z', 80);
    expect(siteTrend([[unreadable], [later]]).map((point) => point.score)).toEqual([20, 50]);
  });
});
