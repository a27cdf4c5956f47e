// The background's parts and how they connect. index.ts starts it in the worker (WXT runs an entrypoint's
// top level while building); tests build it over a fake network.
import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import type { ServiceWait } from '@/lib/service-wait';
import { ACTIVE_CONNECTION_KEY, CONNECTION_KEY, SERVICE_WAIT_KEY } from '@/lib/storage-keys';
import { createApiClient, type ApiClientConfig } from '@/entrypoints/background/service/client';
import {
  mirrorActive,
  readConnections,
  releaseUnusedOrigin,
  type ConnectionSettings,
} from './settings/storage';
import { settingsQueue } from './connections';
import { createHandlers } from './handlers';
import { clearSpace, spaceItem } from './storage-budget';
import { createConnectionWorks } from './connection-work';
import { workAlarmOf } from './jobs/runner';
import { createToolbarScore, SCORE_INDEX_ALARM } from './toolbar-score';
import { clearScore, showScore } from './score-badge';
import { react, type BackgroundEvent, type BackgroundEvents } from './events';
import { createKeyTest, createServices } from './service';

/** A connection's wait (its server and key: another connection's requests go on meanwhile). */
const serviceWaitOf = (connectionId: string) =>
  spaceItem<ServiceWait | null>('session', connectionId, SERVICE_WAIT_KEY, null);

export interface BackgroundOptions {
  /** The client's network and clock (tests give their own). */
  client?: Omit<ApiClientConfig, 'baseUrl' | 'apiKey'>;
}

/** Every part of the background, joined; with the one alarm listener (the alarm may be what woke the worker). */
export function createBackground(options: BackgroundOptions = {}) {
  void settingsQueue(mirrorActive);
  // Pages read the active connection's items under the mirrored id: written again at once whoever wrote
  // the connections (a switch shows without waiting for the queue), and when storage.session was emptied.
  const mirror = () => void mirrorActive();
  storage.watch(`local:${CONNECTION_KEY}`, mirror);
  browser.storage.session.onChanged.addListener((changes) => {
    if (ACTIVE_CONNECTION_KEY in changes && changes[ACTIVE_CONNECTION_KEY]?.newValue === undefined) mirror();
  });
  // The toolbar score follows a switch; a re-save as another account, once its old space is cleared (forget).
  storage.watch(`session:${ACTIVE_CONNECTION_KEY}`, () => void toolbar.changed());

  const clientOf = (settings: ConnectionSettings) =>
    createApiClient({
      ...settings,
      ...options.client,
      // The connection's pages show the wait while it lasts (components/ServiceWait): their answer comes after.
      onRateLimitWait: (ms) => void serviceWaitOf(settings.id ?? '').setValue({ until: Date.now() + ms }),
    });
  const serviceOf = createServices(emit, clientOf);

  const works = createConnectionWorks(serviceOf);
  browser.alarms.onAlarm.addListener(({ name }) => void onWorkAlarm(name));
  void works.resumeAll();

  // A connection removed, or saved with another address or key (another account): its old work stops,
  // what was kept for it goes, and access to a server no connection points to any more is given back.
  async function forget({ id, baseUrl }: { id?: string; baseUrl: string }): Promise<void> {
    if (id) {
      works.drop(id);
      await clearSpace(id);
      // Saved as another account: the badges drop what they showed from its old space.
      if ((await works.activeRef()).id === id) await toolbar.changed();
    }
    await releaseUnusedOrigin(
      baseUrl,
      (await readConnections()).list.map((entry) => entry.baseUrl),
    );
  }

  /** The one dispatch of alarms: the toolbar score's refresh, or work of one connection (a removed one's goes). */
  async function onWorkAlarm(name: string): Promise<void> {
    if (name === SCORE_INDEX_ALARM) return toolbar.refresh();
    const alarm = workAlarmOf(name);
    const work = alarm && (await works.workOfId(alarm.connectionId));
    if (alarm && !work) await browser.alarms.clear(name);
    else if (work) await work.resume(alarm!.job, alarm!.detail);
  }

  const handlers = createHandlers(works.workOn, emit, createKeyTest(clientOf));

  // The opt-in toolbar score: the active connection's index, kept in step with what its handlers tell.
  const toolbar = createToolbarScore({
    listReports: (query, ref) => serviceOf(ref).listSummaries(query),
    storeOf: (ref) => works.workFor(ref).store,
    tabs: browser.tabs,
    showScore,
    clearScore,
  });

  /** What follows each event: the work of the connection it names, then the background's own parts. */
  function emit<K extends keyof BackgroundEvents>(type: K, payload: BackgroundEvents[K]): Promise<void> {
    const event = { type, ...payload } as BackgroundEvent;
    return react(type, [...works.heard(event), () => backgroundHeard(event)]);
  }

  /** A removed connection is forgotten; the toolbar score follows the active connection's answers. */
  async function backgroundHeard(event: BackgroundEvent): Promise<void> {
    if (event.type === 'connection.removed') return forget(event);
    const changed =
      event.type === 'report.created' ||
      event.type === 'project.deleted' ||
      (event.type === 'report.gone' && event.error === null);
    if (!(changed || event.type === 'report.changed') || !(await works.stillActive(event.on))) return;
    await (changed ? toolbar.changed() : toolbar.showAllTabs());
  }

  /** The menu's and the shortcut's work: the active connection's (null: none, or removed meanwhile). */
  const activeWork = async () => works.workOn(await works.activeRef());
  return { handlers, works, toolbar, activeWork };
}
