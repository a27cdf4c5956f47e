// @vitest-environment node
// A regeneration (`results=1`) in both dialects: a new analysis fixes some failed tests and breaks some
// passed ones, the score follows from them, and the same report gives the same story on every run.
import { describe, expect, it } from 'vitest';
import {
  POINTS,
  scoreOf,
  Store,
  type ApiMdReport,
  type PhpRankReport,
  type PhpRankResults,
  type ReportResults,
} from '../../../reference-api/index';
import { call, manualClock, start, startApiMd, type Answer } from './harness';

/** Tests whose outcome the address decides: a regeneration cannot change them. */
const ADDRESS_TESTS = ['seo_friendly_url', 'https_encryption'];

function phpRankStore(now = manualClock().now): Store {
  return new Store({ dialect: 'phprank', seed: true, now });
}

/** The names of the tests that went from failed to passed, and from passed to failed. */
function changes(before: Record<string, { passed: boolean }>, after: Record<string, { passed: boolean }>) {
  const names = Object.keys(after);
  return {
    fixed: names.filter((name) => before[name]?.passed === false && after[name]?.passed),
    broken: names.filter((name) => before[name]?.passed && after[name]?.passed === false),
  };
}

/** Tests a regeneration may flip: neither decided by the address nor mixed content on an http page. */
function flippable(results: PhpRankResults): string[] {
  const http = (results.seo_friendly_url?.value as string).startsWith('http:');
  return Object.keys(results).filter(
    (name) => !ADDRESS_TESTS.includes(name) && !(name === 'mixed_content' && http),
  );
}

describe('phprank: a regeneration', () => {
  const store = phpRankStore();
  const before = store.reports() as PhpRankReport[];
  const after = before.map((report) => store.update(report.id, { regenerate: true }) as PhpRankReport);

  it('fixes one to three failed tests and breaks one or two passed ones, while there are some', () => {
    before.forEach((old, index) => {
      const { fixed, broken } = changes(old.results, after[index]!.results);
      const candidates = flippable(old.results);
      const failed = candidates.filter((name) => !old.results[name]!.passed).length;
      const passed = candidates.length - failed;
      expect(fixed.length, `report ${old.id} fixed`).toBeGreaterThanOrEqual(Math.min(1, failed));
      expect(fixed.length, `report ${old.id} fixed`).toBeLessThanOrEqual(Math.min(3, failed));
      expect(broken.length, `report ${old.id} broken`).toBeGreaterThanOrEqual(Math.min(1, passed));
      expect(broken.length, `report ${old.id} broken`).toBeLessThanOrEqual(Math.min(2, passed));
    });
    const bothWays = after.filter((now, index) => {
      const { fixed, broken } = changes(before[index]!.results, now.results);
      return fixed.length > 0 && broken.length > 0;
    });
    expect(bothWays.length).toBeGreaterThan(after.length * 0.9);
  });

  it('never flips a test the address decides', () => {
    before.forEach((old, index) => {
      const now = after[index]!;
      for (const name of ADDRESS_TESTS) expect(now.results[name]).toEqual(old.results[name]);
      if ((old.results.seo_friendly_url!.value as string).startsWith('http:')) {
        expect(now.results.mixed_content).toEqual(old.results.mixed_content);
      }
    });
  });

  it('keeps every other test as it was, value included', () => {
    before.forEach((old, index) => {
      const now = after[index]!;
      const { fixed, broken } = changes(old.results, now.results);
      for (const name of Object.keys(old.results)) {
        if (!fixed.includes(name) && !broken.includes(name))
          expect(now.results[name]).toEqual(old.results[name]);
      }
    });
  });

  it('gives a changed test the shape of its new outcome: errors only when it failed', () => {
    before.forEach((old, index) => {
      const now = after[index]!;
      const { fixed, broken } = changes(old.results, now.results);
      for (const name of fixed) expect(now.results[name]).not.toHaveProperty('errors');
      for (const name of broken)
        expect(Object.keys(now.results[name]?.errors ?? {}).length).toBeGreaterThan(0);
      for (const name of [...fixed, ...broken])
        expect(now.results[name]?.importance).toBe(old.results[name]?.importance);
    });
  });

  it('moves the score by the points of the tests fixed and broken', () => {
    before.forEach((old, index) => {
      const now = after[index]!;
      const { fixed, broken } = changes(old.results, now.results);
      const possible = Object.values(old.results).reduce((sum, test) => sum + POINTS[test.importance], 0);
      const points = (names: string[]) =>
        names.reduce((sum, name) => sum + POINTS[old.results[name]!.importance], 0);
      // The answer to the regenerate carries the unrounded score.
      expect(now.result).toBeCloseTo(
        scoreOf(old.results) + ((points(fixed) - points(broken)) / possible) * 100,
        9,
      );
      expect(now.result).toBe(scoreOf(now.results));
    });
  });

  it('fixes a test that counts first, so most regenerations show in the score', () => {
    before.forEach((old, index) => {
      const { fixed } = changes(old.results, after[index]!.results);
      const weightyFailed = flippable(old.results).some(
        (name) => !old.results[name]!.passed && POINTS[old.results[name]!.importance] > 0,
      );
      if (weightyFailed) expect(fixed.some((name) => POINTS[old.results[name]!.importance] > 0)).toBe(true);
    });
    const moved = after.filter((now, index) => Math.round(now.result as number) !== before[index]!.result);
    expect(moved.length).toBeGreaterThan(after.length * 0.8);
  });

  it('tells the same story on every run: same report, same generation, same outcome', () => {
    const again = phpRankStore();
    for (const report of before) {
      const repeat = again.update(report.id, { regenerate: true }) as PhpRankReport;
      expect(repeat.results).toEqual(after[report.id - 1]!.results);
      expect(repeat.result).toBe(after[report.id - 1]!.result);
    }
  });

  it('goes on from the previous analysis: a second regeneration changes the first one’s results', () => {
    const second = store.update(1, { regenerate: true }) as PhpRankReport;
    const { fixed, broken } = changes(after[0]!.results, second.results);
    expect(fixed.length + broken.length).toBeGreaterThan(0);
    const unchanged = Object.keys(second.results).filter(
      (name) => !fixed.includes(name) && !broken.includes(name),
    );
    for (const name of unchanged) expect(second.results[name]).toEqual(after[0]!.results[name]);
  });
});

describe('phprank: the demo’s story (reference-api/README.md)', () => {
  it('regenerating localhost:3000 twice goes 56 → 64 → 69', () => {
    const store = phpRankStore();
    const first = store.report(130) as PhpRankReport;
    expect([first.url, first.result]).toEqual(['localhost:3000', 56]);
    const second = store.update(130, { regenerate: true }) as PhpRankReport;
    expect(Math.round(second.result as number)).toBe(64);
    expect(changes(first.results, second.results)).toEqual({
      fixed: ['content_keywords', 'http_requests', 'plaintext_email'],
      broken: ['charset'],
    });
    expect(Math.round((store.update(130, { regenerate: true }) as PhpRankReport).result as number)).toBe(69);
  });
});

describe('phprank: results=1 over HTTP', () => {
  it('answers a new generated_at and a changed set of failed tests', async () => {
    const clock = manualClock();
    const api = await start({ now: clock.now });
    try {
      const report = api.store.create({ url: 'https://a.example/pricing', privacy: 0 }) as PhpRankReport;
      clock.advance(90_000);
      const answer: Answer<{ data: PhpRankReport }> = await call(
        api,
        'PATCH',
        `/api/v1/reports/${report.id}`,
        {
          form: { results: '1' },
        },
      );
      const again = answer.body.data;
      expect(again.generated_at).not.toBe(report.generated_at);
      const { fixed, broken } = changes(report.results, again.results);
      expect(fixed.length).toBeGreaterThan(0);
      expect(broken.length).toBeGreaterThan(0);
    } finally {
      await api.close();
    }
  });
});

describe('api-md: a regeneration', () => {
  async function regenerated(): Promise<{ before: ApiMdReport; after: ApiMdReport }[]> {
    const clock = manualClock();
    const api = await startApiMd({ now: clock.now, generationDelayMs: 1000, seed: true });
    try {
      const before = (api.store.reports() as ApiMdReport[]).filter((report) => report.results !== null);
      clock.advance(60_000);
      for (const report of before) {
        await call(api, 'PATCH', `/api/v1/reports/${report.id}`, { form: { results: '1' } });
      }
      clock.advance(1000);
      const after = await Promise.all(
        before.map(async (report) => {
          const answer: Answer<{ data: ApiMdReport }> = await call(
            api,
            'GET',
            `/api/v1/reports/${report.id}`,
          );
          return answer.body.data;
        }),
      );
      return before.map((report, index) => ({ before: report, after: after[index]! }));
    } finally {
      await api.close();
    }
  }

  it('gives a new generated_at, fixes and breaks some checks, and the score follows', async () => {
    const pairs = await regenerated();
    expect(pairs.length).toBeGreaterThan(100);
    for (const { before, after } of pairs) {
      expect(after.generated_at).not.toBe(before.generated_at);
      const old = (before.results as ReportResults).checks;
      const now = (after.results as ReportResults).checks;
      const { fixed, broken } = changes(old, now);
      const candidates = Object.keys(old).filter((name) => name !== 'https');
      const failed = candidates.filter((name) => !old[name]!.passed).length;
      expect(fixed.length, `report ${before.id}`).toBeGreaterThanOrEqual(Math.min(1, failed));
      expect(broken.length, `report ${before.id}`).toBeGreaterThanOrEqual(
        Math.min(1, candidates.length - failed),
      );
      expect(now.https).toEqual(old.https);
      const passed = Object.values(now).filter((check) => check.passed).length;
      expect((after.results as ReportResults).score).toBe(passed * 10);
      expect((after.results as ReportResults).score - (before.results as ReportResults).score).toBe(
        (fixed.length - broken.length) * 10,
      );
    }
  });

  it('tells the same story on every run', async () => {
    const first = await regenerated();
    const second = await regenerated();
    expect(second.map((pair) => pair.after.results)).toEqual(first.map((pair) => pair.after.results));
  });
});
