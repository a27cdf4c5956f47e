// The change since the previous analysis, from one report's history index entry: the listed analysis is
// the history's newest, or newer than it (the background has not kept it yet), or older (nothing said).
import { describe, expect, it } from 'vitest';
import { scoreChangeOf, type HistoryEntry } from '@/lib/history';

const entry = (previousScore: number | null = 72): HistoryEntry => ({
  last: { generatedAt: '2026-11-10T10:00:00Z', score: 81 },
  previous: { generatedAt: '2026-11-03T10:00:00Z', score: previousScore },
  count: 2,
  bytes: 500,
  touched: 0,
});

describe('scoreChangeOf', () => {
  it('compares the history’s newest analysis with the one before, the score rounded as shown', () => {
    expect(scoreChangeOf(entry(), { generatedAt: '2026-11-10T10:00:00Z', score: 80.6 })).toEqual({
      previous: 72,
      change: 9,
    });
  });

  it('takes the history’s newest analysis as the previous one of a newer analysis', () => {
    expect(scoreChangeOf(entry(), { generatedAt: '2026-11-17T10:00:00Z', score: 77 })).toEqual({
      previous: 81,
      change: -4,
    });
  });

  it('says nothing of an analysis older than the history, without a score, or without a previous one', () => {
    expect(scoreChangeOf(entry(), { generatedAt: '2026-11-01T10:00:00Z', score: 60 })).toBeNull();
    expect(scoreChangeOf(entry(), { generatedAt: '2026-11-10T10:00:00Z', score: null })).toBeNull();
    expect(scoreChangeOf(entry(), { generatedAt: null, score: 80 })).toBeNull();
    expect(scoreChangeOf(entry(null), { generatedAt: '2026-11-10T10:00:00Z', score: 81 })).toBeNull();
    expect(
      scoreChangeOf({ ...entry(), previous: null }, { generatedAt: '2026-11-10T10:00:00Z', score: 81 }),
    ).toBeNull();
    expect(scoreChangeOf(undefined, { generatedAt: '2026-11-10T10:00:00Z', score: 81 })).toBeNull();
  });
});
