import { describe, expect, it } from 'vitest';
import { summarizeChecks } from '@/lib/api/report-checks';
import type { Report } from '@/lib/api/types';
import { addSnapshot, compareSnapshots, MAX_SNAPSHOTS, snapshotOf, type Snapshot } from '@/lib/history';

const DAY = 24 * 60 * 60 * 1000;
const START = Date.parse('2026-11-01T09:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

/** phpRank tests: the names listed in `failed` fail, the others pass. */
function results(failed: Record<string, Record<string, unknown>>, passed: string[] = ['title', 'charset']) {
  return {
    ...Object.fromEntries(passed.map((key) => [key, { passed: true, importance: 'medium', value: null }])),
    ...failed,
  };
}

const SLOW = (seconds: number) => ({
  passed: false,
  importance: 'high',
  value: seconds,
  errors: { too_slow: { max: 2 } },
});
const NO_DESCRIPTION = { passed: false, importance: 'high', value: null, errors: { missing: null } };
const NO_SITEMAP = { passed: false, importance: 'low', value: [], errors: { missing: null } };
const NO_FAVICON = { passed: false, importance: 'medium', value: null, errors: { missing: null } };

function report(overrides: Partial<Report> & { results?: Record<string, unknown> } = {}): Report {
  const { results: raw = results({ load_time: SLOW(2.8) }), ...rest } = overrides;
  return {
    id: 7,
    url: 'example.com/pricing',
    pageUrl: 'https://example.com/pricing',
    serviceUrl: null,
    project: 'example.com',
    result: 'decent',
    score: 72.41,
    checks: summarizeChecks(raw),
    privacy: 0,
    hasPassword: false,
    generatedAt: '2026-11-03T10:00:00.000000Z',
    createdAt: '2026-11-03T10:00:00.000000Z',
    updatedAt: '2026-11-03T10:00:00.000000Z',
    fields: {},
    ...rest,
  };
}

/** A snapshot of an analysis at `ms` with this score. */
function at(ms: number, score: number | null = 70, failed: Snapshot['failed'] = []): Snapshot {
  return {
    generatedAt: iso(ms),
    takenAt: ms + 1000,
    score,
    band: score === null ? null : score > 79 ? 'good' : score >= 49 ? 'decent' : 'bad',
    counts: { high: failed.length, medium: 0, low: 0, passed: 30 },
    failed,
  };
}

describe('snapshotOf', () => {
  it('takes the date, the whole score, the band, the counts and the failed tests with their values', () => {
    const snapshot = snapshotOf(
      report({ results: results({ load_time: SLOW(2.8), sitemap: NO_SITEMAP }) }),
      START,
    );
    expect(snapshot).toEqual({
      generatedAt: '2026-11-03T10:00:00.000000Z',
      takenAt: START,
      score: 72,
      band: 'decent',
      counts: { high: 1, medium: 0, low: 1, passed: 2 },
      failed: [
        {
          key: 'load_time',
          name: 'Page loads slowly',
          importance: 'high',
          category: 'performance',
          value: '2.8 s (limit 2 s)',
        },
        { key: 'sitemap', name: 'No sitemap', importance: 'low', category: 'miscellaneous', value: null },
      ],
    });
  });

  it('takes a report with a word and no score (the API.md shape), and one with a score and no word', () => {
    expect(snapshotOf(report({ score: null, result: 'good' }), START)).toMatchObject({
      score: null,
      band: 'good',
    });
    expect(snapshotOf(report({ score: 48.6, result: null }), START)).toMatchObject({
      score: 49,
      band: 'decent',
    });
  });

  it('takes nothing from a report whose tests the service did not send (fixed or broken cannot be told)', () => {
    expect(snapshotOf(report({ checks: null }), START)).toBeNull();
  });

  it('takes nothing without a generated_at (still generating)', () => {
    expect(snapshotOf(report({ generatedAt: null }), START)).toBeNull();
  });

  it('takes nothing from an analysis without score or band (phpRank 1.1.0’s `result: null`)', () => {
    expect(snapshotOf(report({ score: null, result: null }), START)).toBeNull();
  });

  it('keeps a long value short', () => {
    const long = {
      passed: false,
      importance: 'medium',
      value: 'Apache/2.4.41 '.repeat(8),
      errors: { failed: null },
    };
    const [failure] = snapshotOf(report({ results: results({ server_signature: long }) }), START)!.failed;
    expect(failure?.value?.length).toBe(80);
    expect(failure?.value?.endsWith('…')).toBe(true);
  });
});

describe('addSnapshot', () => {
  it('adds a new analysis in date order', () => {
    const first = at(START);
    const third = at(START + 2 * DAY);
    const second = at(START + DAY);
    expect(addSnapshot(addSnapshot([first], third), second)).toEqual([first, second, third]);
  });

  it('gives back the same list when it holds that generated_at already', () => {
    const history = [at(START), at(START + DAY)];
    const seenAgain = { ...at(START + DAY, 90), takenAt: START + 5 * DAY };
    expect(addSnapshot(history, seenAgain)).toBe(history);
  });

  it('keeps at most 100 a report: the first and the newest always, the rest spread over time', () => {
    // Every day for 100 days, then ten analyses within one hour of day 50.
    let history: readonly Snapshot[] = [];
    for (let day = 0; day < 100; day++) history = addSnapshot(history, at(START + day * DAY));
    expect(history).toHaveLength(MAX_SNAPSHOTS);
    for (let minute = 1; minute <= 10; minute++) {
      history = addSnapshot(history, at(START + 50 * DAY + minute * 6 * 60_000));
    }
    // The burst is thinned, not the daily analyses around it.
    expect(history.map((snapshot) => snapshot.generatedAt)).toEqual(
      Array.from({ length: 100 }, (_, day) => iso(START + day * DAY)),
    );
    history = addSnapshot(history, at(START + 200 * DAY));
    expect(history).toHaveLength(MAX_SNAPSHOTS);
    expect(history[0]).toEqual(at(START));
    expect(history.at(-1)).toEqual(at(START + 200 * DAY));
    // One daily analysis made room for the newest.
    const daily = history.filter((snapshot) => (Date.parse(snapshot.generatedAt) - START) % DAY === 0);
    expect(daily).toEqual(history);
    const days = history.map((snapshot) => (Date.parse(snapshot.generatedAt) - START) / DAY);
    expect(days.filter((day) => day < 100)).toHaveLength(99);
  });

  it('keeps the first when far more come than fit', () => {
    let history: readonly Snapshot[] = [];
    for (let hour = 0; hour < 300; hour++) history = addSnapshot(history, at(START + hour * 3_600_000));
    expect(history).toHaveLength(MAX_SNAPSHOTS);
    expect(history[0]).toEqual(at(START));
    expect(history.at(-1)).toEqual(at(START + 299 * 3_600_000));
  });
});

describe('compareSnapshots', () => {
  const older = snapshotOf(
    report({
      score: 72,
      results: results({ load_time: SLOW(2.8), meta_description: NO_DESCRIPTION, sitemap: NO_SITEMAP }),
    }),
    START,
  )!;
  const newer = snapshotOf(
    report({
      score: 81,
      result: 'good',
      generatedAt: '2026-11-10T10:00:00.000000Z',
      results: results({ load_time: SLOW(2.3), favicon: NO_FAVICON }),
    }),
    START + 7 * DAY,
  )!;

  it('lists the tests fixed, the new failures and those still failing, each with importance and value', () => {
    const comparison = compareSnapshots(older, newer);
    expect(comparison.scoreChange).toBe(9);
    expect(comparison.fixed).toEqual([
      { key: 'meta_description', name: expect.any(String), importance: 'high', category: 'seo', value: null },
      { key: 'sitemap', name: expect.any(String), importance: 'low', category: 'miscellaneous', value: null },
    ]);
    expect(comparison.broken).toEqual([
      { key: 'favicon', name: expect.any(String), importance: 'medium', category: 'seo', value: null },
    ]);
    expect(comparison.stillFailing).toEqual([
      {
        key: 'load_time',
        name: 'Page loads slowly',
        importance: 'high',
        category: 'performance',
        value: '2.3 s (limit 2 s)',
        valueBefore: '2.8 s (limit 2 s)',
      },
    ]);
  });

  it('turns round when the order is: what was fixed is now new', () => {
    const backwards = compareSnapshots(newer, older);
    expect(backwards.scoreChange).toBe(-9);
    expect(backwards.fixed.map((check) => check.key)).toEqual(['favicon']);
    expect(backwards.broken.map((check) => check.key)).toEqual(['meta_description', 'sitemap']);
  });

  it('has no score change when either analysis has no score', () => {
    expect(compareSnapshots({ ...older, score: null }, newer).scoreChange).toBeNull();
  });
});
