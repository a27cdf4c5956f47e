// The toolbar score's local index: built from the paged list within its bounds, keyed the way the popup
// compares addresses (phpRank stores them without scheme and `www.`), the newest report of a page winning.
import { describe, expect, it, vi } from 'vitest';
import { apiError } from '@/entrypoints/background/error-messages';
import type { Page, Report } from '@/lib/api/types';
import {
  buildScoreIndex,
  INDEX_MAX_ADDRESSES,
  INDEX_MAX_CHARACTERS,
  INDEX_MAX_PAGES,
  INDEX_MAX_REPORTS,
  lookupScore,
  withoutReport,
  withReport,
  type ScoreIndex,
} from '@/entrypoints/background/score-index';
import { failed, makeReport, ok, pageOf } from '../popup/fixtures';

const BASE = 'https://reports.example';

function page(items: Report[], hasNext: boolean): Page<Report> {
  return { ...pageOf(items), hasNext };
}

/** Reports stored the phpRank way: `site.example/p1`, scored, ids counting down (newest first). */
function reports(count: number, from = 0): Report[] {
  return Array.from({ length: count }, (_, i) =>
    makeReport({
      id: 100_000 - from - i,
      url: `site.example/p${from + i}`,
      pageUrl: `https://www.site.example/p${from + i}`,
      score: 50,
      result: 'decent',
    }),
  );
}

/** An endless list: every page full, always another after it. */
function endless(perPage = 100) {
  return vi.fn(async (n: number) => ok(page(reports(perPage, (n - 1) * perPage), true)));
}

async function built(list: (n: number) => Promise<ReturnType<typeof ok<Page<Report>>>>): Promise<ScoreIndex> {
  const answer = await buildScoreIndex(list, BASE, 1000);
  if (!answer.ok) throw new Error(answer.error.message);
  return answer.data;
}

describe('building the index', () => {
  it('reads pages until the last one, each asked for by number', async () => {
    const list = vi.fn(async (n: number) =>
      ok(page(reports(100, (n - 1) * 100).slice(0, n === 3 ? 7 : 100), n < 3)),
    );
    const index = await built(list);
    expect(list.mock.calls.map(([n]) => n)).toEqual([1, 2, 3]);
    expect(Object.keys(index.entries)).toHaveLength(207);
    expect(index).toMatchObject({ baseUrl: BASE, builtAt: 1000, truncated: false });
  });

  it('stops after 10 pages of an endless list, and says it was cut short', async () => {
    const list = endless();
    const index = await built(list);
    expect(list).toHaveBeenCalledTimes(INDEX_MAX_PAGES);
    expect(Object.keys(index.entries)).toHaveLength(INDEX_MAX_REPORTS);
    expect(index.truncated).toBe(true);
  });

  it('takes at most 1,000 reports even from a server that sends more a page', async () => {
    const list = endless(400);
    const index = await built(list);
    expect(list).toHaveBeenCalledTimes(3);
    expect(Object.keys(index.entries)).toHaveLength(INDEX_MAX_REPORTS);
    expect(index.truncated).toBe(true);
  });

  it('caps the number of addresses, however many each report brings', async () => {
    // Every report under two addresses that clean differently (stored one and reached one).
    const list = vi.fn(async (n: number) =>
      ok(
        page(
          reports(100, (n - 1) * 100).map((r) => ({
            ...r,
            pageUrl: `https://other.example/${String(r.id)}`,
          })),
          true,
        ),
      ),
    );
    const index = await built(list);
    expect(Object.keys(index.entries)).toHaveLength(INDEX_MAX_ADDRESSES);
  });

  it('caps the characters of all addresses together', async () => {
    const long = (i: number) =>
      makeReport({ id: 5000 - i, url: `site.example/${String(i)}/${'x'.repeat(1900)}`, pageUrl: null });
    const list = vi.fn(async (n: number) =>
      ok(
        page(
          Array.from({ length: 100 }, (_, i) => long((n - 1) * 100 + i)),
          true,
        ),
      ),
    );
    const index = await built(list);
    const characters = Object.keys(index.entries).join('').length;
    expect(characters).toBeLessThanOrEqual(INDEX_MAX_CHARACTERS);
    expect(characters).toBeGreaterThan(INDEX_MAX_CHARACTERS - 2000);
    expect(list).toHaveBeenCalledTimes(3);
    expect(index.truncated).toBe(true);
  });

  it('leaves out addresses longer than the service takes', async () => {
    const long = makeReport({ id: 1, url: `site.example/${'x'.repeat(2100)}`, pageUrl: null });
    const index = await built(async () => ok(page([long], false)));
    expect(index.entries).toEqual({});
  });

  it('fails as a whole when a page fails (the caller keeps the index it had)', async () => {
    const list = vi.fn(async (n: number) =>
      n === 2 ? failed(apiError('rate_limited')) : ok(page(reports(100), true)),
    );
    const answer = await buildScoreIndex(list, BASE, 1);
    expect(answer).toMatchObject({ ok: false, error: { kind: 'rate_limited' } });
  });

  it('keeps the newest report of a page, in whatever order the server listed them', async () => {
    const older = makeReport({
      id: 7,
      url: 'site.example/a',
      pageUrl: null,
      score: 30,
      createdAt: '2026-01-01T00:00:00Z',
    });
    const newer = makeReport({
      id: 9,
      url: 'site.example/a',
      pageUrl: null,
      score: 90,
      createdAt: '2026-02-01T00:00:00Z',
    });
    for (const order of [
      [older, newer],
      [newer, older],
    ]) {
      const index = await built(async () => ok(page(order, false)));
      expect(lookupScore(index, 'https://site.example/a')).toMatchObject({ id: 9, score: 90, band: 'good' });
    }
    // Same creation time: the higher id.
    const twin = { ...older, createdAt: newer.createdAt };
    const index = await built(async () => ok(page([twin, newer], false)));
    expect(lookupScore(index, 'https://site.example/a')?.id).toBe(9);
  });

  it('keeps each report’s rounded score, its band from that number, and the date it was generated', async () => {
    const report = makeReport({
      id: 3,
      url: 'site.example/b',
      score: 79.6,
      result: 'decent',
      generatedAt: '2026-11-03T10:00:00Z',
    });
    const index = await built(async () => ok(page([report], false)));
    expect(lookupScore(index, 'https://site.example/b')).toEqual({
      id: 3,
      score: 80,
      band: 'good',
      date: '2026-11-03T10:00:00Z',
    });
  });
});

describe('looking up a tab’s address', () => {
  const stored = makeReport({
    id: 5,
    url: 'example.com/pricing?plan=pro',
    pageUrl: 'https://www.example.com/pricing?plan=pro',
    score: 86,
  });
  const root = makeReport({ id: 6, url: 'example.com', pageUrl: null, score: 40, result: 'bad' });
  const redirected = makeReport({
    id: 8,
    url: 'example.org/new',
    pageUrl: 'https://example.org/new',
    score: 60,
  });

  async function index() {
    return built(async () => ok(page([stored, root, redirected], false)));
  }

  it('finds phpRank’s address without scheme and www. under the tab’s full address', async () => {
    const i = await index();
    for (const tab of [
      'https://www.example.com/pricing?plan=pro',
      'http://example.com/pricing?plan=pro',
      'https://user:secret@www.example.com/pricing?plan=pro#faq',
    ]) {
      expect(lookupScore(i, tab)?.id).toBe(5);
    }
    expect(lookupScore(i, 'https://www.example.com/')?.id).toBe(6);
    expect(lookupScore(i, 'https://example.org/new')?.id).toBe(8);
  });

  it('finds nothing for another page, another query, a page of the browser, or no address', async () => {
    const i = await index();
    for (const tab of [
      'https://example.com/pricing',
      'https://example.com/pricing?plan=free',
      'chrome://extensions/',
      'about:blank',
      undefined,
    ]) {
      expect(lookupScore(i, tab)).toBeNull();
    }
    expect(lookupScore(null, 'https://example.com')).toBeNull();
  });

  it('takes in a created report at once, and lets a deleted one go', async () => {
    const i = await index();
    const created = makeReport({ id: 11, url: 'example.com', pageUrl: 'https://example.com/', score: 95 });
    const after = withReport(i, created, true);
    expect(lookupScore(after, 'https://example.com/')?.score).toBe(95);
    expect(lookupScore(withoutReport(after, 11), 'https://example.com/')).toBeNull();
    expect(lookupScore(withoutReport(after, '11'), 'https://example.com/')).toBeNull();
    // An older report updated (regenerated) does not take the place of the newest.
    const regenerated = makeReport({ ...root, score: 10 });
    expect(lookupScore(withReport(after, regenerated, false), 'https://example.com/')?.id).toBe(11);
    expect(lookupScore(withReport(i, regenerated, false), 'https://example.com/')?.score).toBe(10);
  });
});
