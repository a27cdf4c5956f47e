// The background's parts and how they connect: each connection's service and work, the handlers, the
// toolbar score. index.ts starts it in the worker (WXT runs an entrypoint's top level while building);
// tests build it over a fake network.
import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import type { ServiceWait } from '@/lib/service-wait';
import { ACTIVE_CONNECTION_KEY, CONNECTION_KEY, SERVICE_WAIT_KEY } from '@/lib/storage-keys';
import { createApiClient, type ApiClientConfig } from '@/entrypoints/background/service/client';
import { releaseUnusedOrigin } from './settings/old-origin-permission';
import {
  mirrorActive,
  readConnection,
  readConnectionOf,
  readConnections,
  saveConnection,
  writeConnections,
  type ConnectionRef,
  type ConnectionSettings,
} from './settings/storage';
import { originPattern } from '@/lib/base-url';
import { createHandlers } from './handlers';
import { clearSpace, createSerialUpdates } from './storage-budget';
import { createConnectionWorks } from './connection-work';
import { workAlarmOf } from './jobs/runner';
import { createToolbarScore } from './toolbar-score';
import { clearScore, showScore } from './score-badge';
import { createEvents } from './events';
import { connectionGone, createKeyCheck, createServices } from './service';
import { summaryPage } from './report-store';
import type { CreateReportInput } from '@/lib/messaging/inputs';
import type { PageActions } from './integration/quick-create';
import { readStore } from '@/lib/report-store';

const serviceWaitItem = storage.defineItem<ServiceWait | null>(`session:${SERVICE_WAIT_KEY}`, {
  fallback: null,
});

export interface BackgroundOptions {
  /** The client's network and clock (tests give their own). */
  client?: Omit<ApiClientConfig, 'baseUrl' | 'apiKey'>;
}

/**
 * Builds every part of the background and joins them. Registers the alarm listeners of the work that
 * outlives a message (followed reports, bulk jobs): the alarm may be what woke the worker.
 */
export function createBackground(options: BackgroundOptions = {}) {
  const now = () => Date.now();
  // One queue for every write of the connection settings: saves never interleave.
  const settingsUpdates = createSerialUpdates();
  void settingsUpdates(mirrorActive);
  // Pages read the active connection's items under the mirrored id: written again at once whoever wrote
  // the connections (a switch shows without waiting for the queue), and when storage.session was emptied.
  const mirror = () => void mirrorActive();
  storage.watch(`local:${CONNECTION_KEY}`, mirror);
  browser.storage.session.onChanged.addListener((changes) => {
    if (ACTIVE_CONNECTION_KEY in changes && changes[ACTIVE_CONNECTION_KEY]?.newValue === undefined) mirror();
  });

  // Least privilege: access to a server no saved connection points to any more is given back.
  const releaseIfUnused = async (oldBaseUrl: string) =>
    releaseUnusedOrigin(
      oldBaseUrl,
      (await readConnections()).list.map((entry) => entry.baseUrl),
    );

  // The services tell what their answers mean; what reacts subscribes below.
  const events = createEvents();
  const reach = {
    hasHostPermission: (origin: string) => browser.permissions.contains({ origins: [originPattern(origin)] }),
    createClient: (settings: ConnectionSettings) =>
      createApiClient({
        ...settings,
        ...options.client,
        // Pages show the wait while it lasts (components/ServiceWait): their answer comes after it.
        onRateLimitWait: (ms) => void serviceWaitItem.setValue({ until: Date.now() + ms }),
      }),
  };
  const serviceOf = createServices({ connectionOf: readConnectionOf, events, ...reach });

  // Each connection's snapshot, aliases, creates, follower and bulk job: they hear of every report answer
  // (and of a page's create while it runs).
  const works = createConnectionWorks({
    serviceOf,
    events,
    readConnections,
    alarms: browser.alarms,
    now,
    keepAliveWhile,
  });
  browser.alarms.onAlarm.addListener(({ name }) => void onWorkAlarm(name));
  void works.resumeAll();

  // A connection removed, or saved with another address or key (another account): its old work stops,
  // what was kept for it goes, and access to a server no connection points to any more is given back.
  async function forget({ id, baseUrl }: { id?: string; baseUrl: string }): Promise<void> {
    if (id) {
      works.drop(id);
      await clearSpace(id);
    }
    await releaseIfUnused(baseUrl);
  }
  events.on('connection.removed', forget);
  events.on('connection.changed', ({ before }) => forget(before));

  /** Work of one connection is due; a removed connection's alarm goes. */
  async function onWorkAlarm(name: string): Promise<void> {
    const alarm = workAlarmOf(name);
    const work = alarm && (await works.workOfId(alarm.connectionId));
    if (alarm && !work) await browser.alarms.clear(name);
    else if (work) await work.resume(alarm!.job, alarm!.detail);
  }

  const create = async (on: ConnectionRef, input: CreateReportInput) => {
    const work = await works.workOn(on);
    return work ? work.create(input) : connectionGone(on);
  };

  const handlers = createHandlers({
    readConnections,
    writeConnections,
    saveConnection,
    oneAtATime: settingsUpdates,
    hasHostPermission: reach.hasHostPermission,
    workOn: works.workOn,
    events,
    checkKey: createKeyCheck(reach),
    now,
  });

  // The opt-in toolbar score: the active connection's index, kept in step with what its handlers tell.
  const toolbar = createToolbarScore({
    listReports: async (query, ref) => {
      const answer = await serviceOf(ref).listReports(query);
      return answer.ok ? { ok: true, data: summaryPage(answer.data) } : answer;
    },
    readConnection,
    stillSaved: async (ref) => (await readConnectionOf(ref)) !== null,
    readStore: (connectionId) => readStore(connectionId),
    storeOf: (ref) => works.workFor(ref).store,
    tabs: browser.tabs,
    alarms: browser.alarms,
    showScore,
    clearScore,
    now,
  });
  const ifActive =
    <T extends { on: ConnectionRef }>(react: (event: T) => Promise<void>) =>
    async (event: T) => {
      if (await works.stillActive(event.on)) await react(event);
    };
  const toolbarChanged = ifActive(() => toolbar.changed());
  events.on('report.created', toolbarChanged);
  events.on('project.deleted', toolbarChanged);
  events.on('connection.switched', () => toolbar.changed());
  events.on(
    'report.changed',
    ifActive(() => toolbar.showAllTabs()),
  );
  events.on(
    'report.gone',
    ifActive(async ({ error }) => {
      if (error === null) await toolbar.changed();
    }),
  );

  /** The menu's and the shortcut's actions: on the connection active when asked, whatever is switched meanwhile. */
  const pageActionsOnActive = async (): Promise<PageActions> => {
    const on = await works.activeRef();
    const service = serviceOf(on);
    return {
      creating: async (url) => {
        const run = await (await works.workOn(on))?.creates.state(url);
        return Boolean(run && !run.error);
      },
      lookUp: (url) => service.pageReport(url, works.workFor(on).store.aliasOf),
      create: (input) => create(on, input),
      regenerate: (id) => keepAliveWhile(service.updateReport(id, { regenerate: true })),
    };
  };
  return { handlers, works, toolbar, events, pageActionsOnActive };
}

/** Chrome stops a worker whose fetch takes over 30 s without other activity: an API call every 20 s is activity. */
async function keepAliveWhile<T>(work: Promise<T>): Promise<T> {
  const timer = setInterval(() => void browser.runtime.getPlatformInfo(), 20_000);
  try {
    return await work;
  } finally {
    clearInterval(timer);
  }
}
