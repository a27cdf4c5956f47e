// The toolbar score's background: off, nothing of any tab is read and nothing is asked; on, the report store
// is refreshed in bulk (on, on schedule, after creates and deletes) and a tab switch is a lookup, never a request.
// The store is the real one (its writer and reader over WXT's fake browser), one per connection.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { apiError } from '@/entrypoints/background/error-messages';
import type { Report } from '@/lib/api/types';
import { toolbarScoreItem } from '@/lib/settings/items';
import { writeConnections } from '@/entrypoints/background/settings/storage';
import { budgets } from '@/entrypoints/background/storage-budget';
import { createReportStore, readStore, type ReportStore } from '@/lib/report-store';
import type { ScoreEntry } from '@/entrypoints/background/score-badge';
import {
  createToolbarScore,
  REFRESH_DELAY_MS,
  SCORE_INDEX_ALARM,
  type ToolbarScoreDeps,
} from '@/entrypoints/background/toolbar-score';
import { failed, makeReport, ok, pageOf } from '../popup/fixtures';

const BASE = 'https://reports.example';
const PRICING = makeReport({ id: 5, url: 'example.com/pricing', pageUrl: null, score: 86, result: 'good' });

/** The id of the report connection `connectionId`'s store keeps for `url`; null when it keeps none. */
const keptFor = async (connectionId: string, url: string) =>
  (await readStore(connectionId).pageReport(url))?.data?.id ?? null;

const A = { id: 'a', label: 'A', baseUrl: BASE, apiKey: 'k'.repeat(20) };
const B = { id: 'b', label: 'B', baseUrl: 'https://other.example', apiKey: 'x'.repeat(20) };

function setup(reports: Report[] = [PRICING]) {
  const tabs = new Map<number, string>([
    [1, 'https://www.example.com/pricing'],
    [2, 'https://example.com/about'],
  ]);
  const listReports = vi.fn<ToolbarScoreDeps['listReports']>(async () => ok(pageOf(reports)));
  const stores = new Map<string, ReportStore>();
  /** Connection `connectionId`'s store writer, as the background's connection work has it. */
  const storeOf = (connectionId: string) => {
    if (!stores.has(connectionId))
      stores.set(
        connectionId,
        createReportStore(connectionId, budgets.session, () => 1234),
      );
    return stores.get(connectionId)!;
  };
  const deps = {
    listReports,
    tabs: {
      get: vi.fn(async (id: number) => ({ id, url: tabs.get(id) })),
      query: vi.fn(async () => [...tabs].map(([id, url]) => ({ id, url }))),
    },
    storeOf: vi.fn((ref: { id: string }) => storeOf(ref.id)),
    showScore: vi.fn(async (_tabId: number, _entry: ScoreEntry | null) => {}),
    clearScore: vi.fn(async (_tabId: number) => {}),
  };
  const toolbar = createToolbarScore(deps);
  /** What each tab's badge shows now: its report's id, or null. */
  const shown = () => {
    const last = new Map<number, ScoreEntry | null>();
    for (const [tabId, entry] of deps.showScore.mock.calls) last.set(tabId, entry);
    return Object.fromEntries([...last].map(([tabId, entry]) => [tabId, entry?.id ?? null]));
  };
  return {
    deps,
    toolbar,
    shown,
    storeOf,
    /** The active one of the two saved connections. */
    setConnection: (next: typeof A) => writeConnections({ active: next.id, list: [A, B] }),
  };
}

describe('the toolbar score', () => {
  beforeEach(async () => {
    fakeBrowser.reset();
    await writeConnections({ active: A.id, list: [A, B] });
  });
  afterEach(() => vi.useRealTimers());

  describe('off (the default)', () => {
    it('reads no tab, asks the service nothing and keeps nothing', async () => {
      const { deps, toolbar } = setup();
      expect(await toolbarScoreItem.getValue()).toBe(false);
      await toolbar.showTab(1);
      await toolbar.showTab(2, 'https://example.com/about');
      await toolbar.refresh();
      await toolbar.start();
      await toolbar.changed();
      await toolbar.showAllTabs();
      expect(deps.tabs.get).not.toHaveBeenCalled();
      expect(deps.tabs.query).not.toHaveBeenCalled();
      expect(deps.listReports).not.toHaveBeenCalled();
      expect(deps.showScore).not.toHaveBeenCalled();
      expect(await fakeBrowser.alarms.getAll()).toEqual([]);
      expect(deps.storeOf).not.toHaveBeenCalled();
      expect(await keptFor('a', 'https://example.com/pricing')).toBeNull();
    });
  });

  describe('on', () => {
    beforeEach(() => toolbarScoreItem.setValue(true));

    it('reads the list in bulk when turned on, schedules it, and shows each tab’s score', async () => {
      const { deps, toolbar, shown } = setup();
      await toolbar.start();
      expect(await fakeBrowser.alarms.get(SCORE_INDEX_ALARM)).toMatchObject({ periodInMinutes: 30 });
      expect(deps.listReports).toHaveBeenCalledWith(
        { sortBy: 'id', sort: 'desc', perPage: 100, page: 1 },
        { id: 'a', account: 'a' },
      );
      expect(shown()).toEqual({ 1: 5, 2: null });
      expect(await readStore('a').pageReport('https://example.com/pricing')).toMatchObject({
        data: { id: 5 },
        fetchedAt: 1234,
      });
    });

    it('tab switches and navigations only look the address up: no request', async () => {
      const { deps, toolbar, shown } = setup();
      await toolbar.start();
      deps.listReports.mockClear();
      deps.showScore.mockClear();
      for (let i = 0; i < 10; i++) await toolbar.showTab(i % 2 === 0 ? 1 : 2);
      await toolbar.showTab(2, 'https://example.com/pricing');
      expect(deps.listReports).not.toHaveBeenCalled();
      expect(deps.showScore).toHaveBeenCalledTimes(11);
      expect(shown()).toEqual({ 1: 5, 2: 5 });
    });

    it('finds the report of a page whose create was redirected, from the aliases kept locally', async () => {
      const { deps, toolbar, shown, storeOf } = setup();
      // A create of example.com/old was redirected to example.com/pricing; then the browser restarted:
      // the session's store is gone, the alias kept on disk stays.
      await storeOf('a').created('https://example.com/old', PRICING);
      await fakeBrowser.storage.session.clear();
      await toolbar.start();
      deps.listReports.mockClear();
      await toolbar.showTab(2, 'https://example.com/old');
      expect(shown()[2]).toBe(5);
      expect(deps.listReports).not.toHaveBeenCalled();
    });

    it('a create shows at once and brings one bulk refresh a moment later, however many there were', async () => {
      vi.useFakeTimers();
      const { deps, toolbar, shown, storeOf } = setup();
      await toolbar.start();
      deps.listReports.mockClear();
      // As the background does: the store keeps the create, then the toolbar hears of it.
      const about = makeReport({ id: 9, url: 'example.com/about', pageUrl: null, score: 40, result: 'bad' });
      await storeOf('a').created('https://example.com/about', about);
      await toolbar.changed();
      const other = makeReport({ id: 10, url: 'example.com/x', pageUrl: null, score: 1 });
      await storeOf('a').created('https://example.com/x', other);
      await toolbar.changed();
      expect(shown()).toEqual({ 1: 5, 2: 9 });
      expect(deps.listReports).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(REFRESH_DELAY_MS);
      expect(deps.listReports).toHaveBeenCalledTimes(1);
    });

    it('a regenerated score shows at once, without a request', async () => {
      const { deps, toolbar, shown, storeOf } = setup();
      await toolbar.start();
      deps.listReports.mockClear();
      deps.showScore.mockClear();
      await storeOf('a').seen({ ...PRICING, score: 31, result: 'bad' });
      await toolbar.showAllTabs();
      expect(deps.showScore).toHaveBeenCalledWith(
        1,
        expect.objectContaining({ id: 5, score: 31, band: 'bad' }),
      );
      expect(shown()).toEqual({ 1: 5, 2: null });
      expect(deps.listReports).not.toHaveBeenCalled();
    });

    it('a delete takes the report off at once and refreshes soon after', async () => {
      vi.useFakeTimers();
      const { deps, toolbar, shown, storeOf } = setup();
      await toolbar.start();
      deps.listReports.mockClear();
      deps.listReports.mockResolvedValue(ok(pageOf([])));
      await storeOf('a').gone(5);
      await toolbar.changed();
      expect(shown()).toEqual({ 1: null, 2: null });
      await vi.advanceTimersByTimeAsync(REFRESH_DELAY_MS);
      expect(deps.listReports).toHaveBeenCalledTimes(1);
    });

    it('a refresh asked for while one runs makes one more after it, not two at once', async () => {
      const { deps, toolbar } = setup();
      let release!: () => void;
      deps.listReports.mockImplementationOnce(
        () => new Promise((resolve) => (release = () => resolve(ok(pageOf([PRICING]))))),
      );
      const first = toolbar.refresh();
      void toolbar.refresh();
      void toolbar.refresh();
      await vi.waitFor(() => expect(deps.listReports).toHaveBeenCalledTimes(1));
      release();
      await first;
      expect(deps.listReports).toHaveBeenCalledTimes(2);
    });

    it('keeps what the store had when a refresh fails', async () => {
      const { deps, toolbar, shown } = setup();
      await toolbar.start();
      deps.listReports.mockResolvedValue(failed(apiError('server')));
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      await toolbar.refresh();
      expect(await keptFor('a', 'https://example.com/pricing')).toBe(5);
      expect(shown()).toEqual({ 1: 5, 2: null });
    });

    it('shows each connection its own store; one read across a switch is kept for the one it was read from', async () => {
      const { deps, toolbar, setConnection, shown } = setup();
      await toolbar.start();
      await setConnection(B);
      // B has nothing kept yet: A's report is never shown for it.
      await toolbar.showTab(1);
      expect(shown()[1]).toBeNull();

      const otherPricing = makeReport({ id: 7, url: 'example.com/pricing', pageUrl: null, score: 12 });
      deps.listReports.mockImplementationOnce(async () => {
        await setConnection(A);
        return ok(pageOf([otherPricing]));
      });
      await toolbar.refresh();
      expect(await keptFor('b', 'https://example.com/pricing')).toBe(7);
      expect(await keptFor('a', 'https://example.com/pricing')).toBe(5);
    });

    it('turned off: no schedule, every tab cleared without reading its address', async () => {
      const { deps, toolbar } = setup();
      await toolbar.start();
      await toolbarScoreItem.setValue(false);
      deps.tabs.get.mockClear();
      await toolbar.stop();
      expect(await fakeBrowser.alarms.get(SCORE_INDEX_ALARM)).toBeUndefined();
      expect(deps.clearScore.mock.calls.map(([id]) => id).sort()).toEqual([1, 2]);
      deps.listReports.mockClear();
      await toolbar.showTab(1);
      expect(deps.tabs.get).not.toHaveBeenCalled();
      expect(deps.listReports).not.toHaveBeenCalled();
    });
  });
});
