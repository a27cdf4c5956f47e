// The door: settings and connections are answered here; every report and project message goes to the
// service of the connection it names (./service.ts).
import { apiError } from '@/entrypoints/background/error-messages';
import type { Result } from '@/lib/api/errors';
import type { Report } from '@/lib/api/types';
import type { CreateReportInput } from '@/lib/messaging/inputs';
import type { MessageInput, SavedSettings, SettingsSummary } from '@/lib/messaging/protocol';
import { KEY_REQUIRED_FOR_NEW_SERVER, keyNeededForNewServer } from '@/lib/settings/rules';
import type { BackgroundEvents, Events } from './events';
import { refOf, type ConnectionRef, type ConnectionSettings, type Connections } from './settings/storage';
import { handlerPart } from './router';
import {
  checkPair,
  createConnectionHandlers,
  invalidField,
  tryKey,
  type ConnectionDeps,
} from './connections';
import { summaryPage } from './report-store';
import { connectionGone, type Service } from './service';

type SaveInput = MessageInput<'settings.save'>;

export type CoreHandlers = ReturnType<typeof createHandlers>;

export interface HandlerDeps {
  readConnections(): Promise<Connections>;
  writeConnections(connections: Connections): Promise<void>;
  /** Replaces the active connection's address and key together, in one write. */
  saveConnection(settings: ConnectionSettings): Promise<void>;
  /** The settings' one queue: two saves never interleave their read and write. */
  oneAtATime<T>(work: () => Promise<T>): Promise<T>;
  hasHostPermission(origin: string): Promise<boolean>;
  serviceOf: (ref: ConnectionRef) => Service;
  /** A create on that connection, noted as running for its page until answered (connection-work.ts). */
  create(on: ConnectionRef, input: CreateReportInput): Promise<Result<Report>>;
  events: Pick<Events, 'emit'>;
  checkKey: ConnectionDeps['checkKey'];
}

/** The end of the key, to recognise it by; none for a key so short that four characters say too much. */
function lastFour(key: string): string | null {
  return key.length >= 8 ? key.slice(-4) : null;
}

export function createHandlers(deps: HandlerDeps) {
  const { emit } = deps.events;

  const activeEntry = async () => {
    const { active, list } = await deps.readConnections();
    return list.find((entry) => entry.id === active);
  };

  async function summary(): Promise<SettingsSummary> {
    const { active, list } = await deps.readConnections();
    const { baseUrl = '', apiKey = '' } = list.find((entry) => entry.id === active) ?? {};
    const hostPermission = baseUrl ? await deps.hasHostPermission(new URL(baseUrl).origin) : false;
    // Never a key: only whether one is set.
    const connections = list.map((entry) => ({
      ...refOf(entry),
      label: entry.label,
      baseUrl: entry.baseUrl,
      keySet: entry.apiKey !== '',
      active: entry.id === active,
    }));
    return { baseUrl, keySet: apiKey.length > 0, keyLastFour: lastFour(apiKey), hostPermission, connections };
  }

  /** The pair a save would store, and whether it differs from the saved one; or the refusal. */
  async function candidateOf({ baseUrl, apiKey }: SaveInput) {
    // A blank key is no key: the saved one stays (as when the field is left empty).
    const checked = checkPair(baseUrl, apiKey);
    if ('ok' in checked) return checked;
    const key = checked.key || undefined;
    const before = (await activeEntry()) ?? { id: undefined, baseUrl: '', apiKey: '' };
    if (
      keyNeededForNewServer({ baseUrl: before.baseUrl, keySet: before.apiKey !== '' }, checked.origin, key)
    ) {
      return invalidField('apiKey', KEY_REQUIRED_FOR_NEW_SERVER);
    }
    const after = { baseUrl: checked.baseUrl, apiKey: key ?? before.apiKey };
    return { before, after, changed: before.baseUrl !== after.baseUrl || before.apiKey !== after.apiKey };
  }

  /** Checks what the page sent, then stores the whole pair in one write. Runs in the settings queue. */
  async function save(input: SaveInput): Promise<Result<SettingsSummary>> {
    const candidate = await candidateOf(input);
    if ('ok' in candidate) return candidate;
    const { before, after, changed } = candidate;
    await deps.saveConnection(after);
    if (changed) {
      await emit('connection.changed', { before: { id: before.id, baseUrl: before.baseUrl } });
      await emit('connection.switched', {});
    }
    return { ok: true, data: await summary() };
  }

  /** The key tried first (outside the queue: the service may be slow); a new key it rejects is not saved. */
  async function checkAndSave(input: SaveInput): Promise<Result<SavedSettings>> {
    const candidate = await candidateOf(input);
    if ('ok' in candidate) return candidate;
    const keyCheck = await tryKey(deps, candidate.after);
    if (keyCheck.outcome === 'rejected' && candidate.changed) return { ok: false, error: keyCheck.error };
    const saved = await deps.oneAtATime(() => save(input));
    return saved.ok ? { ...saved, data: { ...saved.data, keyCheck } } : saved;
  }

  /** A page's create or regeneration, told before and after: a popup closed meanwhile gets a notification. */
  async function pageRequest(
    asked: Omit<BackgroundEvents['report.requested'], 'request'>,
    send: () => Promise<Result<Report>>,
  ): Promise<Result<Report>> {
    if (!(await deps.serviceOf(asked.on).alive())) return connectionGone(asked.on);
    const request = {};
    await emit('report.requested', { request, ...asked });
    // A request that threw is answered too: what waits for the answer (a create run, its keep-alive) ends.
    let answer: Result<Report> = { ok: false, error: apiError('unexpected') };
    try {
      answer = await send();
      return answer;
    } finally {
      await emit('report.answered', { request, answer });
    }
  }

  const service = deps.serviceOf;

  return handlerPart({
    ...createConnectionHandlers({ ...deps, emit }, summary),
    'settings.get': async () => ({ ok: true, data: await summary() }),
    'settings.save': ({ checkKey, ...input }) =>
      checkKey ? checkAndSave(input) : deps.oneAtATime(() => save(input)),
    'settings.test': ({ connection }) => service(connection).test(),
    'reports.list': async ({ connection, ...query }) => {
      const answer = await service(connection).listReports(query, true);
      return answer.ok ? { ok: true, data: summaryPage(answer.data) } : answer;
    },
    'reports.exportPage': ({ connection, ...query }) => service(connection).exportPage(query),
    'reports.get': ({ connection, id }) => service(connection).getReport(id),
    'reports.create': ({ connection, ...input }) =>
      pageRequest({ kind: 'create', on: connection, pageUrl: input.url }, () =>
        deps.create(connection, input),
      ),
    'reports.update': ({ connection, id, ...changes }) => {
      const send = () => service(connection).updateReport(id, changes);
      return changes.regenerate === true
        ? pageRequest({ kind: 'regenerate', on: connection, pageUrl: null }, send)
        : send();
    },
    'reports.delete': ({ connection, id }) => service(connection).deleteReport(id),
    'projects.list': ({ connection, ...query }) => service(connection).listProjects(query),
    'projects.delete': ({ connection, name }) => service(connection).deleteProject(name),
  });
}
