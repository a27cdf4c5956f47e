// Each report's history, as the background keeps it (entrypoints/background/history.ts) and pages read it
// (lib/history.ts), over WXT's fake storage.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createHistory } from '@/entrypoints/background/history';
import { createMessageRouter } from '@/entrypoints/background/router';
import { writeConnections } from '@/entrypoints/background/settings/storage';
import { StorageFull } from '@/entrypoints/background/storage-budget';
import { createBackground } from '@/entrypoints/background/wiring';
import { t } from '@/lib/i18n';
import type { Report } from '@/lib/api/types';
import { historyOnItem } from '@/lib/settings/items';
import { historyUsage, readHistory } from '@/lib/history';
import { checksOf, makeReport } from '../popup/fixtures';

const C = 'conn-1';
let clock = 1_000;
const history = () => createHistory(C, () => clock);
const read = () => readHistory(C);

const failure = (key: string) =>
  ({ key, name: key, category: 'seo', importance: 'high', detail: null }) as const;

/** Report 7 analysed at `day` (2026-11-<day>) with a score and the tests that failed. */
function analysis(day: number, score: number, failed: string[], overrides: Partial<Report> = {}): Report {
  return makeReport({
    id: 7,
    url: 'example.com/7',
    score,
    result: null,
    generatedAt: `2026-11-${String(day).padStart(2, '0')}T10:00:00Z`,
    checks: checksOf({
      counts: { high: failed.length, medium: 0, low: 0, passed: 20 - failed.length },
      failures: failed.map(failure),
    }),
    ...overrides,
  });
}

describe('the history of a report', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    clock = 1_000;
  });

  it('reads several reports’ histories in one go, in the order asked, none for a report without one', async () => {
    await history().note([analysis(1, 72, ['title']), analysis(2, 60, [], { id: 8, url: 'example.com/8' })]);
    const histories = await read().histories(['8', 'none', '7']);
    expect(histories.map((each) => each.map((snapshot) => snapshot.score))).toEqual([[60], [], [72]]);
  });

  it('keeps one snapshot per analysis: a new generated_at adds one, the same one again adds nothing', async () => {
    await history().note([analysis(1, 72, ['title', 'meta'])]);
    await history().note([analysis(1, 72, ['title', 'meta'])]);
    clock = 2_000;
    await history().note([analysis(3, 81, ['meta', 'h1'])]);
    const snapshots = await read().snapshots(7);
    expect(snapshots.map((each) => each.score)).toEqual([72, 81]);
    expect(snapshots[1]!.failed.map((each) => each.key)).toEqual(['meta', 'h1']);
    expect((await read().index())['7']).toMatchObject({
      last: { generatedAt: '2026-11-03T10:00:00Z', score: 81 },
      previous: { generatedAt: '2026-11-01T10:00:00Z', score: 72 },
      count: 2,
      touched: 2_000,
    });
  });

  it('keeps nothing of an analysis still running, without a score (phpRank 1.1.0), or without tests', async () => {
    await history().note([
      analysis(1, 72, [], { generatedAt: null }),
      analysis(1, 72, [], { score: null, result: null }),
      analysis(1, 72, [], { checks: null }),
    ]);
    expect(await read().snapshots(7)).toEqual([]);
    expect(await read().index()).toEqual({});
  });

  it('keeps every report of a list at once, never a password', async () => {
    const listed = [1, 2, 3].map((id) =>
      analysis(1, 60 + id, ['title'], { id, fields: { password: 'secret-pass' } }),
    );
    await history().note(listed);
    expect(historyUsage(await read().index())).toMatchObject({ reports: 3, analyses: 3 });
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain('secret-pass');
  });

  it('keeps nothing new once turned off; what was kept stays', async () => {
    await history().note([analysis(1, 72, ['title'])]);
    await historyOnItem.setValue(false);
    await history().note([analysis(3, 81, [])]);
    expect((await read().snapshots(7)).map((each) => each.score)).toEqual([72]);
  });

  it('goes with its report, its project, or "Clear history"', async () => {
    await history().note([
      analysis(1, 72, [], { id: 1, project: 'example.com' }),
      analysis(1, 72, [], { id: 2, project: 'example.com' }),
      analysis(1, 72, [], { id: 3, project: 'other.org' }),
      analysis(1, 72, [], { id: 4, project: 'other.org' }),
    ]);
    await history().forget(1);
    expect(Object.keys(await read().index()).sort()).toEqual(['2', '3', '4']);
    await history().forgetProject('example.com');
    expect(Object.keys(await read().index()).sort()).toEqual(['3', '4']);
    expect(await read().snapshots(2)).toEqual([]);
    await history().clear();
    expect(await read().index()).toEqual({});
    expect(Object.keys(await fakeBrowser.storage.local.get(null)).filter((key) => key.startsWith(C))).toEqual(
      [`${C}:historyIndex`],
    );
  });

  it('is each connection’s own', async () => {
    await history().note([analysis(1, 72, [])]);
    expect(await readHistory('conn-2').snapshots(7)).toEqual([]);
    await fakeBrowser.storage.session.set({ activeConnection: C });
    expect((await readHistory().snapshots(7)).length).toBe(1);
  });
});

describe('storage that stays full', () => {
  beforeEach(() => fakeBrowser.reset());

  it('a snapshot that cannot be kept fails, so the one who asked reads why', async () => {
    vi.spyOn(fakeBrowser.storage.local, 'set').mockRejectedValue(new Error('QUOTA_BYTES quota exceeded'));
    await expect(history().note([analysis(1, 80, ['meta'])])).rejects.toBeInstanceOf(StorageFull);
  });

  it('a page’s report read whose copy cannot be kept answers the storage-full sentence', async () => {
    const A = { id: 'a', label: 'A', baseUrl: 'https://a.example', apiKey: 'key-of-a-1111' };
    await writeConnections({ active: A.id, list: [A] });
    vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true);
    const report = { id: 7, url: 'example.com/7', result: 80, privacy: 0, password: false };
    const fetch = async () =>
      new Response(JSON.stringify({ data: report }), { headers: { 'content-type': 'application/json' } });
    const { handlers } = createBackground({ client: { fetch: fetch as typeof globalThis.fetch } });
    const route = createMessageRouter(handlers, {
      extensionId: 'x',
      extensionBaseUrl: 'chrome-extension://x/',
    });
    const set = fakeBrowser.storage.session.set.bind(fakeBrowser.storage.session);
    vi.spyOn(fakeBrowser.storage.session, 'set').mockImplementation((items) =>
      Object.keys(items).some((key) => key.startsWith('a:'))
        ? Promise.reject(new Error('Session storage quota bytes exceeded'))
        : set(items),
    );
    const answer = await route(
      { type: 'reports.get', payload: { connection: { id: A.id, account: A.id }, id: 7 } },
      { id: 'x', url: 'chrome-extension://x/options.html' },
    );
    expect(answer).toEqual({
      ok: false,
      error: expect.objectContaining({ message: t('storageFullSession') }),
    });
  });
});
