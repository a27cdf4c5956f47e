// Joins the popup's background parts to the core handlers: the snapshot cache, the follower of
// reports still generating (with its timer and alarm) and the popup's own messages.
import { browser } from '@/lib/page-browser';
import type { ApiError, Result } from '@/lib/api/errors';
import type { SettingsSummary } from '@/lib/messaging/protocol';
import type { Report, ReportId } from '@/lib/api/types';
import { isGenerating } from '@/lib/report-state';
import { forgetCachedLists } from '@/lib/options-list-cache';
import { readConnection, type ConnectionSettings } from './settings/storage';
import { createFollower, GENERATION_ALARM, type Follower } from './follower';
import { createCreateRuns, createRunsItem } from './create-runs';
import { createPageAliases, pageAliasesItem, type PageAliases } from './page-aliases';
import { createPopupCache, popupCacheItem, type PopupCache } from './popup-cache';
import { createPopupHandlers } from './popup-handlers';
import { BULK_ALARM, bulkJobItem, bulkPasswordItem, createBulkChanges } from './bulk-changes';
import type { CoreHandlers, Handlers } from './router';
import { afterAnswer, NO_GUARD, type ConnectionGuard } from './connection-guard';

/** Every handler, the popup's included. Call synchronously at start-up: it registers the alarm listener. */
export function withPopupSupport(core: CoreHandlers, guard = NO_GUARD): Handlers {
  const now = () => Date.now();
  const cache = createPopupCache();
  const aliases = createPageAliases();
  const creates = createCreateRuns({ now, keepAliveWhile, guard });
  const follower = createFollower({
    getReport: (id) => core['reports.get']({ id }),
    onSettled: (report) => cache.replaceReport(report),
    alarms: browser.alarms,
    now,
    guard,
  });
  // Registered at the top level like onMessage: the alarm may be what woke the worker.
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === GENERATION_ALARM) void follower.checkDue();
  });
  void follower.resume();

  const tracked = trackReportChanges(core, { cache, follower, aliases, now, guard });
  // Bulk changes go through the tracked handlers, so the popup's cache and the follower see them too.
  const bulk = createBulkChanges({
    update: tracked['reports.update'],
    get: tracked['reports.get'],
    list: tracked['reports.list'],
    now,
    keepAliveWhile,
    alarms: browser.alarms,
  });
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === BULK_ALARM) void bulk.resume();
  });
  void bulk.resume();

  return {
    ...tracked,
    ...bulk.handlers,
    // The popup may close while the service analyses the page: the run is noted, so the next one knows.
    'reports.create': (input, checked) =>
      creates.run(input.url, () => tracked['reports.create'](input, checked)),
    'settings.save': forgetOnNewConnection(core['settings.save'], async () => {
      await popupCacheItem.removeValue();
      await follower.clear();
      await pageAliasesItem.removeValue();
      await createRunsItem.removeValue();
      // Its ids name reports of the old account: the loop finds no job and ends.
      await bulkJobItem.removeValue();
      await bulkPasswordItem.removeValue();
      await forgetCachedLists();
    }),
    // Another connection active: its followed reports and its bulk job (brought back by the switch) go on.
    ...afterConnectionSwitch(core, async () => {
      await follower.resume();
      void bulk.resume();
    }),
    ...createPopupHandlers({
      isConfigured: async () => {
        const { baseUrl, apiKey } = await readConnection();
        return baseUrl !== '' && apiKey !== '';
      },
      listReports: core['reports.list'],
      cache,
      aliases,
      creates,
      followReport: (report) =>
        isGenerating(report, now()) ? quietly(follower.track(report)) : quietly(follower.settle(report)),
      now,
      guard,
    }),
  };
}

export interface ReportChangeDeps {
  cache: PopupCache;
  aliases: Pick<PageAliases, 'remember'>;
  follower: Pick<Follower, 'track' | 'settle' | 'forget'>;
  now(): number;
  /** Where a switch may land: without it (tests), every write happens. */
  guard?: ConnectionGuard;
}

/**
 * Wraps the report handlers so every page's changes reach the popup's cache and the follower: a report
 * handed out still generating is followed from then on, and a fresh copy of one followed reaches the
 * pages that watch it.
 * Their bookkeeping never changes the answer: a created report must not look failed because a cache write did.
 */
export function trackReportChanges(core: CoreHandlers, deps: ReportChangeDeps): CoreHandlers {
  async function follow(report: Report, restart = false): Promise<void> {
    await (isGenerating(report, deps.now())
      ? quietly(deps.follower.track(report, { restart }))
      : quietly(deps.follower.settle(report)));
  }

  const guard = deps.guard ?? NO_GUARD;
  return {
    ...core,
    'reports.create': (input, checked) =>
      afterAnswer(
        guard,
        () => core['reports.create'](input, checked),
        async (answer) => {
          if (!answer.ok) return;
          // The privacy is not remembered here: the popup sends 'popup.rememberPrivacy' as soon as it is chosen.
          await quietly(deps.cache.addCreatedReport(input.url, answer.data, deps.now()));
          await quietly(deps.aliases.remember(input.url, answer.data.url));
          await follow(answer.data);
        },
      ),
    'reports.update': (input, checked) =>
      afterAnswer(
        guard,
        () => core['reports.update'](input, checked),
        async (answer) => {
          if (answer.ok) {
            await quietly(deps.cache.replaceReport(answer.data));
            // New results asked for: a new wait. A changed privacy does not lengthen the old one.
            await follow(answer.data, input.regenerate === true);
          } else if (answer.error.kind === 'not_found') {
            // Gone (phpRank's 403 on update, read as such by the client): no cached copy brings it back.
            await forget(input.id, answer.error);
          }
        },
      ),
    'reports.get': (input, checked) =>
      afterAnswer(
        guard,
        () => core['reports.get'](input, checked),
        async (answer) => {
          if (answer.ok) {
            await quietly(deps.cache.replaceReport(answer.data));
            await follow(answer.data);
          } else if (answer.error.kind === 'not_found') {
            await forget(input.id, answer.error);
          }
        },
      ),
    'reports.delete': (input, checked) =>
      afterAnswer(
        guard,
        () => core['reports.delete'](input, checked),
        async (answer) => {
          if (answer.ok) await forget(input.id);
        },
      ),
  };

  async function forget(id: ReportId, error: ApiError | null = null): Promise<void> {
    await quietly(deps.cache.forgetReport(id));
    await quietly(deps.follower.forget(id, error));
  }
}

/**
 * Another server or another key is another account: what the popup cached and the reports it waited
 * for belong to the old one, and their ids may name different reports on the new one.
 */
export function forgetOnNewConnection(
  save: CoreHandlers['settings.save'],
  forget: () => Promise<void>,
  read: () => Promise<ConnectionSettings> = readConnection,
): CoreHandlers['settings.save'] {
  return async (input) => {
    const before = await read();
    const answer = await save(input);
    const after = await read();
    if (answer.ok && (before.baseUrl !== after.baseUrl || before.apiKey !== after.apiKey))
      await quietly(forget());
    return answer;
  };
}

/** Runs `then` after each change of connection that may have made another one active. */
export function afterConnectionSwitch(
  handlers: Pick<CoreHandlers, SwitchingMessage>,
  then: () => Promise<void>,
): Pick<CoreHandlers, SwitchingMessage> {
  const wrap =
    <I>(handler: (input: I) => Promise<Result<SettingsSummary>>) =>
    async (input: I) => {
      const answer = await handler(input);
      if (answer.ok) await quietly(then());
      return answer;
    };
  return {
    'connections.add': wrap(handlers['connections.add']),
    'connections.remove': wrap(handlers['connections.remove']),
    'connections.switch': wrap(handlers['connections.switch']),
  };
}

type SwitchingMessage = 'connections.add' | 'connections.remove' | 'connections.switch';

/** Chrome stops a worker whose fetch takes over 30 s without other activity: an API call every 20 s is activity. */
async function keepAliveWhile<T>(work: Promise<T>): Promise<T> {
  const timer = setInterval(() => void browser.runtime.getPlatformInfo().catch(() => undefined), 20_000);
  try {
    return await work;
  } finally {
    clearInterval(timer);
  }
}

/** Bookkeeping failures are logged where they happen; here they are only kept from the caller. */
function quietly(work: Promise<unknown>): Promise<void> {
  return work.then(
    () => undefined,
    () => undefined,
  );
}
