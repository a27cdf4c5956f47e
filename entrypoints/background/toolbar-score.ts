// The toolbar score (opt-in): each tab's badge shows the score of the newest report for its address, looked
// up in the report store, never sent anywhere. The store's index is kept fresh by bounded bulk list reads:
// when turned on, every 30 min, at browser start and a moment after a create or delete. Off, nothing is read.
import { browser } from 'wxt/browser';
import type { Result } from '@/lib/api/errors';
import type { Page, ReportSummary } from '@/lib/api/types';
import type { ReportListQuery } from '@/lib/messaging/inputs';
import { readStore, type ReportStore } from '@/lib/report-store';
import { toolbarScoreItem } from '@/lib/settings/items';
import { keepWaking } from './jobs/runner';
import { readConnection, readConnectionOf, refOf, type ConnectionRef } from './settings/storage';
import { scoreEntry, type ScoreEntry } from './score-badge';

// The service's biggest page, ten of them at most: 1,000 reports, ten requests per refresh.
export const INDEX_PER_PAGE = 100;
export const INDEX_MAX_PAGES = 10;

/** The background's one alarm listener (wiring.ts) refreshes on it: the active connection's, not one's own. */
export const SCORE_INDEX_ALARM = 'score-index-refresh';
export const REFRESH_EVERY_MINUTES = 30;
/** After a create or delete: one refresh once a burst of them (a bulk delete) has settled. */
export const REFRESH_DELAY_MS = 2_000;

interface TabInfo {
  id?: number;
  url?: string;
}

export interface ToolbarScoreDeps {
  listReports(query: ReportListQuery, ref: ConnectionRef): Promise<Result<Page<ReportSummary>>>;
  tabs: { get(tabId: number): Promise<TabInfo>; query(query: object): Promise<TabInfo[]> };
  storeOf(ref: ConnectionRef): Pick<ReportStore, 'indexed'>;
  showScore(tabId: number, entry: ScoreEntry | null): Promise<void>;
  clearScore(tabId: number): Promise<void>;
}

export type ToolbarScore = ReturnType<typeof createToolbarScore>;

export function createToolbarScore(deps: ToolbarScoreDeps) {
  const isOn = () => toolbarScoreItem.getValue();
  let running: Promise<void> | null = null;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  /** One reader of the active connection's store, so every tab's lookup shares one read of its catalog. */
  async function lookUp(): Promise<(url: string | undefined) => Promise<ScoreEntry | null>> {
    const { id } = await readConnection();
    const store = id ? readStore(id) : null;
    return async (url) => {
      const kept = store && url ? await store.pageReport(url) : null;
      return kept?.data ? scoreEntry(kept.data) : null;
    };
  }

  async function showTab(tabId: number, url?: string): Promise<void> {
    if (!(await isOn())) return;
    const address = url ?? (await deps.tabs.get(tabId)).url;
    await deps.showScore(tabId, await (await lookUp())(address));
  }

  async function showAllTabs(): Promise<void> {
    if (!(await isOn())) return;
    const entryFor = await lookUp();
    const tabs = await deps.tabs.query({});
    // Settled: a tab closed meanwhile does not stop the others.
    await Promise.allSettled(
      tabs.map(async (tab) => {
        if (tab.id !== undefined) await deps.showScore(tab.id, await entryFor(tab.url));
      }),
    );
  }

  /** Only tab ids are read, never their addresses. */
  async function clearAllTabs(): Promise<void> {
    const tabs = await deps.tabs.query({});
    await Promise.allSettled(tabs.map((tab) => (tab.id === undefined ? undefined : deps.clearScore(tab.id))));
  }

  async function refreshOnce(): Promise<void> {
    if (!(await isOn())) return;
    const connection = await readConnection();
    if (!connection.id || !connection.baseUrl || !connection.apiKey) return showAllTabs();
    // Read from, and kept for, the connection active now: a switch meanwhile changes neither.
    const ref = refOf(connection);
    const startedAt = Date.now();
    const read: ReportSummary[] = [];
    let complete = false;
    for (let page = 1; page <= INDEX_MAX_PAGES; page++) {
      const query = { sortBy: 'id', sort: 'desc', perPage: INDEX_PER_PAGE, page } as const;
      const answer = await deps.listReports(query, ref);
      if (!answer.ok) {
        // What the store had stays: the next alarm tries again.
        console.warn('Page Reports: the toolbar score list was not refreshed:', answer.error.kind);
        return;
      }
      read.push(...answer.data.items);
      complete = !answer.data.hasNext || answer.data.items.length === 0;
      if (complete) break;
    }
    // Turned off, or the connection removed or saved as another account, while the list was read.
    if (!(await isOn()) || !(await readConnectionOf(ref))) return;
    await deps.storeOf(ref).indexed(read, complete ? startedAt : null);
    await showAllTabs();
  }

  /** Refreshes now; a refresh asked for while one runs makes one more afterwards, not a second at once. */
  function refresh(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await refreshOnce().catch((cause: unknown) =>
          console.warn('Page Reports: refreshing the toolbar score list failed', cause),
        );
      } while (again);
    })().finally(() => (running = null));
    return running;
  }

  function refreshSoon(): void {
    clearTimeout(timer);
    timer = setTimeout(() => void refresh(), REFRESH_DELAY_MS);
  }

  return {
    showTab,
    refresh,
    async start(): Promise<void> {
      if (!(await isOn())) return;
      await keepWaking(SCORE_INDEX_ALARM, REFRESH_EVERY_MINUTES);
      await refresh();
    },
    async stop(): Promise<void> {
      clearTimeout(timer);
      await browser.alarms.clear(SCORE_INDEX_ALARM);
      await clearAllTabs();
    },
    /** A report created or deleted, a project deleted, a switch: the store shows now, the bulk read follows. */
    async changed(): Promise<void> {
      if (!(await isOn())) return;
      await showAllTabs();
      refreshSoon();
    },
    showAllTabs,
  };
}

/** Call synchronously at start-up: the listeners must be there when an event wakes the worker. */
export function registerToolbarScore(toolbar: ToolbarScore): void {
  browser.tabs.onActivated.addListener(({ tabId }) => void toolbar.showTab(tabId).catch(logged));
  browser.tabs.onUpdated.addListener((tabId, change) => {
    // A navigation drops the tab's badge: it is written again once the new address is known.
    if (change.url !== undefined || change.status === 'complete') void toolbar.showTab(tabId).catch(logged);
  });
  browser.runtime.onStartup.addListener(() => void toolbar.start().catch(logged));
  browser.runtime.onInstalled.addListener(() => void toolbar.start().catch(logged));
  toolbarScoreItem.watch((on) => void (on ? toolbar.start() : toolbar.stop()).catch(logged));
  // `tabs` taken back in the browser's own settings turns the setting off, so Settings says so.
  browser.permissions.onRemoved.addListener((removed) => {
    if (removed.permissions?.includes('tabs')) void toolbarScoreItem.setValue(false);
  });
}

function logged(cause: unknown): void {
  console.warn('Page Reports: toolbar score', cause);
}
