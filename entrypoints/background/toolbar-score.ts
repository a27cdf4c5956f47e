// The toolbar score (opt-in): keeps the local index of report addresses fresh, in bulk, and shows on
// each tab's badge the score of the newest report for its address.
// - Requests: only bulk list reads (score-index.ts, bounded) when the setting is turned on, every 30 min
//   (an alarm), at browser start, and a moment after a create or delete. A tab switch or a navigation is a
//   lookup in the index: never a request, and never a tab address sent anywhere.
// - Off (the default): the tab listeners return before reading anything; no index, no alarm.
import { browser } from '@/lib/page-browser';
import { storage } from 'wxt/utils/storage';
import { SCORE_INDEX_KEY } from '@/lib/storage-keys';
import type { Report, ReportId } from '@/lib/api/types';
import { TOOLBAR_SCORE_PERMISSIONS, toolbarScoreItem } from '@/lib/toolbar-score';
import type { ConnectionSettings } from './settings/storage';
import { afterAnswer, connectionGuard, NO_GUARD, type ConnectionGuard } from './connection-guard';
import type { CoreHandlers, Handlers } from './router';
import { createPageAliases } from './page-aliases';
import { afterConnectionSwitch, forgetOnNewConnection } from './popup-support';
import {
  buildScoreIndex,
  INDEX_PER_PAGE,
  lookupScore,
  withoutReport,
  withReport,
  type ScoreEntry,
  type ScoreIndex,
} from './score-index';
import { clearScore, showScore } from './score-badge';

export const SCORE_INDEX_ALARM = 'score-index-refresh';
export const REFRESH_EVERY_MINUTES = 30;
/** After a create or delete: one refresh once a burst of them (a bulk delete) has settled. */
export const REFRESH_DELAY_MS = 2_000;

// Report addresses of the person's account: session storage, never written to disk, gone with the
// browser; rebuilt at start-up.
export const scoreIndexItem = storage.defineItem<ScoreIndex | null>(`session:${SCORE_INDEX_KEY}`, {
  fallback: null,
  version: 1,
});

interface TabInfo {
  id?: number;
  url?: string;
}

export interface ToolbarScoreDeps {
  /** The core list handler: it brings the settings, the permission check and the errors. */
  listReports: CoreHandlers['reports.list'];
  readConnection(): Promise<ConnectionSettings>;
  tabs: { get(tabId: number): Promise<TabInfo>; query(query: object): Promise<TabInfo[]> };
  alarms: {
    create(name: string, info: { periodInMinutes: number }): unknown;
    clear(name: string): Promise<boolean>;
  };
  /** Where a create of this address was redirected to (page-aliases.ts): read locally, never asked. */
  aliasOf(url: string): Promise<string | null>;
  showScore(tabId: number, entry: ScoreEntry | null): Promise<void>;
  clearScore(tabId: number): Promise<void>;
  now(): number;
  /** Where a switch may land (connection-guard.ts); without it, the check is made without the queue. */
  guard?: ConnectionGuard;
}

export type ToolbarScore = ReturnType<typeof createToolbarScore>;

export function createToolbarScore(deps: ToolbarScoreDeps) {
  const isOn = () => toolbarScoreItem.getValue();
  const guard = deps.guard ?? connectionGuard((work) => work(), deps.readConnection);
  let running: Promise<void> | null = null;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  /** The index, if it belongs to the connection in use. */
  async function currentIndex(): Promise<ScoreIndex | null> {
    const [index, { baseUrl }] = await Promise.all([scoreIndexItem.getValue(), deps.readConnection()]);
    return index && index.baseUrl === baseUrl ? index : null;
  }

  /** The newest report for an address, or for the address a create of it was redirected to. */
  async function entryFor(index: ScoreIndex | null, url: string | undefined): Promise<ScoreEntry | null> {
    const direct = lookupScore(index, url);
    if (direct || !index || !url) return direct;
    const alias = await deps.aliasOf(url).catch(() => null);
    return alias ? lookupScore(index, alias) : null;
  }

  /** One tab's badge. Reads nothing of the tab while the setting is off. */
  async function showTab(tabId: number, url?: string): Promise<void> {
    if (!(await isOn())) return;
    const address = url ?? (await deps.tabs.get(tabId).catch(() => null))?.url;
    await deps.showScore(tabId, await entryFor(await currentIndex(), address));
  }

  async function showAllTabs(): Promise<void> {
    if (!(await isOn())) return;
    const index = await currentIndex();
    const tabs = await deps.tabs.query({});
    await Promise.all(
      tabs.map(async (tab) => {
        if (tab.id !== undefined)
          await deps.showScore(tab.id, await entryFor(index, tab.url)).catch(() => {});
      }),
    );
  }

  /** Clears every tab's badge: only tab ids are read, never their addresses. */
  async function clearAllTabs(): Promise<void> {
    const tabs = await deps.tabs.query({});
    await Promise.all(
      tabs.map((tab) => (tab.id === undefined ? undefined : deps.clearScore(tab.id).catch(() => {}))),
    );
  }

  async function refreshOnce(): Promise<void> {
    if (!(await isOn())) return;
    const connection = await deps.readConnection();
    const asked = await guard.current();
    if (!connection.baseUrl || !connection.apiKey) {
      await scoreIndexItem.removeValue();
      return showAllTabs();
    }
    const built = await buildScoreIndex(
      (page) => deps.listReports({ sortBy: 'id', sort: 'desc', perPage: INDEX_PER_PAGE, page }),
      connection.baseUrl,
      deps.now(),
    );
    if (!built.ok) {
      // The index it had stays: the next alarm tries again.
      console.warn('Page Reports: the toolbar score list was not refreshed:', built.error.kind);
      return;
    }
    // Turned off, or another connection saved or made active, while the list was read: this index is nobody's.
    let kept = false;
    await guard.whileActive(asked, async () => {
      if ((kept = await isOn())) await scoreIndexItem.setValue(built.data);
    });
    if (kept) await showAllTabs();
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

  async function changeIndex(change: (index: ScoreIndex) => ScoreIndex): Promise<void> {
    if (!(await isOn())) return;
    const index = await currentIndex();
    if (index) await scoreIndexItem.setValue(change(index));
    await showAllTabs();
    refreshSoon();
  }

  return {
    showTab,
    refresh,
    refreshSoon,
    /** Turned on, at browser start, after an update: the schedule, and a fresh index. */
    async start(): Promise<void> {
      if (!(await isOn())) return;
      await deps.alarms.create(SCORE_INDEX_ALARM, { periodInMinutes: REFRESH_EVERY_MINUTES });
      await refresh();
    },
    /** Turned off: no schedule, no index, no score on any tab. */
    async stop(): Promise<void> {
      clearTimeout(timer);
      await deps.alarms.clear(SCORE_INDEX_ALARM);
      await scoreIndexItem.removeValue();
      await clearAllTabs();
    },
    /** Another connection: the index was the old account's. A new one is read if the setting is on. */
    async forget(): Promise<void> {
      await scoreIndexItem.removeValue();
      if (!(await isOn())) return;
      await showAllTabs();
      refreshSoon();
    },
    noteCreated: (report: Report) => changeIndex((index) => withReport(index, report, true)),
    noteUpdated: async (report: Report) => {
      // A regenerated score shows at once; nothing is read from the service for it.
      if (!(await isOn())) return;
      const index = await currentIndex();
      if (!index) return;
      await scoreIndexItem.setValue(withReport(index, report, false));
      await showAllTabs();
    },
    noteDeleted: (id: ReportId) => changeIndex((index) => withoutReport(index, id)),
    noteProjectDeleted: () => changeIndex((index) => index),
  };
}

/** The extension's own wiring. Call synchronously at start-up: the listeners must be there when an event wakes the worker. */
export function registerToolbarScore(toolbar: ToolbarScore): void {
  browser.tabs.onActivated.addListener(({ tabId }) => void toolbar.showTab(tabId).catch(logged));
  browser.tabs.onUpdated.addListener((tabId, change) => {
    // A navigation drops the tab's badge: it is written again once the new address is known.
    if (change.url !== undefined || change.status === 'complete') void toolbar.showTab(tabId).catch(logged);
  });
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === SCORE_INDEX_ALARM) void toolbar.refresh();
  });
  browser.runtime.onStartup.addListener(() => void toolbar.start().catch(logged));
  browser.runtime.onInstalled.addListener(() => void toolbar.start().catch(logged));
  toolbarScoreItem.watch((on) => void (on ? toolbar.start() : toolbar.stop()).catch(logged));
  // The permission taken back in the browser's own settings turns the setting off, so Settings says so.
  browser.permissions.onRemoved.addListener((removed) => {
    if (
      removed.permissions?.some((name) => (TOOLBAR_SCORE_PERMISSIONS.permissions as string[]).includes(name))
    )
      void toolbarScoreItem.setValue(false);
  });
}

export function browserToolbarScore(
  deps: Pick<ToolbarScoreDeps, 'listReports' | 'readConnection' | 'guard'>,
): ToolbarScore {
  return createToolbarScore({
    ...deps,
    tabs: browser.tabs,
    alarms: browser.alarms,
    aliasOf: createPageAliases().lookup,
    showScore: (tabId, entry) => showScore(tabId, entry),
    clearScore: (tabId) => clearScore(tabId),
    now: () => Date.now(),
  });
}

/**
 * The report handlers with the index kept in step: a create or delete the extension makes changes it at
 * once and brings a bulk refresh soon after; another connection drops it.
 */
export function withToolbarScore(handlers: Handlers, toolbar: ToolbarScore, guard = NO_GUARD): Handlers {
  // The index is written only for the connection that asked (connection-guard.ts).
  return {
    ...handlers,
    'reports.create': (input, checked) =>
      afterAnswer(
        guard,
        () => handlers['reports.create'](input, checked),
        async (answer) => {
          if (answer.ok) await quietly(toolbar.noteCreated(answer.data));
        },
      ),
    'reports.update': (input, checked) =>
      afterAnswer(
        guard,
        () => handlers['reports.update'](input, checked),
        async (answer) => {
          if (answer.ok) await quietly(toolbar.noteUpdated(answer.data));
        },
      ),
    'reports.delete': (input, checked) =>
      afterAnswer(
        guard,
        () => handlers['reports.delete'](input, checked),
        async (answer) => {
          if (answer.ok) await quietly(toolbar.noteDeleted(input.id));
        },
      ),
    'projects.delete': (input, checked) =>
      afterAnswer(
        guard,
        () => handlers['projects.delete'](input, checked),
        async (answer) => {
          if (answer.ok) await quietly(toolbar.noteProjectDeleted());
        },
      ),
    'settings.save': forgetOnNewConnection(handlers['settings.save'], () => toolbar.forget()),
    // The index names one account's reports: another connection reads its own.
    ...afterConnectionSwitch(handlers, () => toolbar.forget()),
  };
}

function logged(cause: unknown): void {
  console.warn('Page Reports: toolbar score', cause);
}

function quietly(work: Promise<unknown>): Promise<void> {
  return work.then(
    () => undefined,
    (cause: unknown) => logged(cause),
  );
}
