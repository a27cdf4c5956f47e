import { describe, expect, it } from 'vitest';
import { GIVE_UP_AFTER_MS, isGenerating, scoreState, shownState } from '@/lib/report-state';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const at = (ms: number) => new Date(ms).toISOString();

describe('scoreState', () => {
  it('is "scored" with a result, whatever the dates', () => {
    expect(scoreState({ result: 'bad', generatedAt: null, createdAt: null, updatedAt: null }, NOW)).toBe(
      'scored',
    );
  });

  it('is "no_score" when the service generated the report without a score (phpRank 1.1.0)', () => {
    const report = {
      result: null,
      generatedAt: at(NOW - 1000),
      createdAt: at(NOW - 1000),
      updatedAt: at(NOW),
    };
    expect(scoreState(report, NOW)).toBe('no_score');
    expect(isGenerating(report, NOW)).toBe(false);
  });

  it('is "generating" for a bounded time after the last change, then "no_score"', () => {
    const report = {
      result: null,
      generatedAt: null,
      createdAt: at(NOW - 3_600_000),
      updatedAt: at(NOW - 60_000),
    };
    expect(scoreState(report, NOW)).toBe('generating');
    expect(scoreState(report, NOW - 60_000 + GIVE_UP_AFTER_MS + 1)).toBe('no_score');
  });

  it('is "generating" when the dates are unknown', () => {
    expect(scoreState({ result: null, generatedAt: null, createdAt: null, updatedAt: null }, NOW)).toBe(
      'generating',
    );
  });
});

describe('shownState (the popup card and the details panel)', () => {
  const undated = { result: null, generatedAt: null, createdAt: null, updatedAt: null };
  const dated = { ...undated, createdAt: at(NOW - 1000), updatedAt: at(NOW - 1000) };

  it('is the report’s own state while the follower follows it, or never did', () => {
    expect(shownState(undated, NOW, 'generating')).toBe('generating');
    expect(shownState(undated, NOW, undefined)).toBe('generating');
    expect(shownState({ ...undated, result: 'good' }, NOW, 'no_score')).toBe('scored');
    expect(shownState({ ...undated, generatedAt: at(NOW) }, NOW, 'no_score')).toBe('no_score');
  });

  it('is "unfinished", not "Generating…" for ever, once the follower gave up on a report without dates', () => {
    expect(shownState(undated, NOW + 24 * 3600_000, 'no_score')).toBe('unfinished');
    // Ended for another reason: the report's own state.
    expect(shownState(undated, NOW, 'stopped')).toBe('generating');
  });

  it('is "no_score" for a dated report the follower gave up on, as its dates say a moment later', () => {
    expect(shownState(dated, NOW, 'no_score')).toBe('no_score');
    expect(scoreState(dated, NOW - 1000 + GIVE_UP_AFTER_MS + 1)).toBe('no_score');
  });
});
