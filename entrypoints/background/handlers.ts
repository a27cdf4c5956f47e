// What the background does for each message: settings, and one API call per report/project message.
import type { ApiClient, ApiEndpoints } from '@/entrypoints/background/service/client';
import { apiError } from '@/entrypoints/background/error-messages';
import type { Result } from '@/lib/api/errors';
import { readHistory } from '@/lib/history-store';
import { t } from '@/lib/i18n';
import type { ReportListQuery } from '@/lib/messaging/inputs';
import type { SettingsSummary } from '@/lib/messaging/protocol';
import { KEY_REQUIRED_FOR_NEW_SERVER, keyNeededForNewServer } from '@/lib/settings/rules';
import type { Report, ReportId } from '@/lib/api/types';
import type { BackgroundEvents, Events } from './events';
import { listView } from '@/lib/api/summary';
import { refOf, type Connection, type ConnectionRef, type ConnectionSettings } from './settings/storage';
import type { CoreHandlers } from './router';
import { checkPair, createConnectionHandlers, invalidField, type ConnectionDeps } from './connections';
import { exportPage } from './export-rows';
import { summaryPage } from './report-store';
import { withoutKey } from './without-key';

type SaveInput = Parameters<CoreHandlers['settings.save']>[0];

export interface HandlerDeps extends Partial<Omit<ConnectionDeps, 'oneAtATime' | 'emit'>> {
  /** The active connection. */
  readSettings(): Promise<ConnectionSettings>;
  /** The connection `ref` names, while it is still that account (null once removed or changed). */
  readConnectionOf?(ref: ConnectionRef): Promise<Connection | null>;
  /** Replaces the address and the key together, in one write. */
  writeSettings(settings: ConnectionSettings): Promise<void>;
  /**
   * Runs `work` once every earlier one has ended: the background's one queue for the settings, so two saves
   * never interleave their read and write (nor a save and the start-up move of old settings).
   */
  oneAtATime<T>(work: () => Promise<T>): Promise<T>;
  /** Whether the extension holds host permission for this origin. */
  hasHostPermission(origin: string): Promise<boolean>;
  createClient(settings: ConnectionSettings): ApiClient;
  /** Where the handlers tell what their answers and saves mean (nobody listens in some tests). */
  events?: Pick<Events, 'emit'>;
}

/** The end of the key, to recognise it by; none for a key so short that four characters say too much. */
function lastFour(key: string): string | null {
  return key.length >= 8 ? key.slice(-4) : null;
}

/** The same address and key (and entry): a request's answer still belongs to the connection in use. */
export const sameConnection = (a: ConnectionSettings, b: ConnectionSettings) =>
  a.id === b.id && a.baseUrl === b.baseUrl && a.apiKey === b.apiKey;

/** A page's answer that came after another connection became active: not shown under the new one's name. */
export const SWITCHED_MEANWHILE = () =>
  ({ ok: false, error: apiError('unexpected', { message: t('connSwitchedMeanwhile') }) }) as const;

/** Runs a page's long request (a create, a regeneration) between its two events. */
export async function told(
  events: Pick<Events, 'emit'>,
  asked: Omit<BackgroundEvents['report.requested'], 'request'>,
  send: () => Promise<Result<Report>>,
): Promise<Result<Report>> {
  const request = {};
  await events.emit('report.requested', { request, ...asked });
  // A request that threw is answered too: what waits for the answer (a create run, its keep-alive) ends.
  let answer: Result<Report> = { ok: false, error: apiError('unexpected') };
  try {
    answer = await send();
    return answer;
  } finally {
    await events.emit('report.answered', { request, answer });
  }
}

export function createHandlers(deps: HandlerDeps): CoreHandlers {
  return createServiceCalls(deps).handlers;
}

/**
 * The handlers, and the one read that work in the background needs whole: a list of reports on its own
 * connection, untrimmed (a site's read needs every failed test; pages get lists trimmed to summaries).
 */
export function createServiceCalls(deps: HandlerDeps) {
  // Without the list (some tests), the active connection is the only one.
  // Without the list (some tests' wiring): no connection to name.
  const readConnections = deps.readConnections ?? (async () => ({ active: '', list: [] }));

  const connectionOf =
    deps.readConnectionOf ??
    (async (ref: ConnectionRef) =>
      (await readConnections()).list.find(
        (entry) => entry.id === ref.id && refOf(entry).account === ref.account,
      ) ?? null);

  const emit: Events['emit'] = (type, payload) => deps.events?.emit(type, payload) ?? Promise.resolve();

  /** The service says the report does not exist (phpRank's 403 on update, read as such by the client). */
  const goneIf = async (answer: Result<unknown>, on: ConnectionRef, id: ReportId) => {
    if (!answer.ok && answer.error.kind === 'not_found')
      await emit('report.gone', { on, id, error: answer.error });
  };

  async function summary(): Promise<SettingsSummary> {
    const [{ baseUrl, apiKey }, { active, list }] = await Promise.all([
      deps.readSettings(),
      readConnections(),
    ]);
    const hostPermission = baseUrl ? await deps.hasHostPermission(new URL(baseUrl).origin) : false;
    // Never a key: only whether one is set.
    const connections = list.map(({ id, label, baseUrl, apiKey }) => ({
      id,
      label,
      baseUrl,
      keySet: apiKey !== '',
      active: id === active,
    }));
    return { baseUrl, keySet: apiKey.length > 0, keyLastFour: lastFour(apiKey), hostPermission, connections };
  }

  /**
   * Runs one API call on connection `on` (else the active one), with a client made from that connection's
   * own address and key: a connection removed or changed since `on` was taken gets no request at all.
   * Turns a blocked request into "permission missing". The answer goes to a page: whatever the server
   * echoed of the key is taken out. Input already checked against its schema (`inputsChecked`, see
   * router.ts) is not checked again by the client. `tell` emits what the answer means, for the connection
   * that answered, before the page gets it. `call` is told which connection it runs on.
   */
  async function withClient<T>(
    call: (client: ApiEndpoints, on: ConnectionRef) => Promise<Result<T>>,
    inputsChecked?: boolean,
    on?: ConnectionRef,
    tell?: (answer: Result<T>, on: ConnectionRef) => Promise<void>,
  ): Promise<Result<T>> {
    const settings = on ? await connectionOf(on) : await deps.readSettings();
    if (!settings?.baseUrl || !settings.apiKey) return { ok: false, error: apiError('not_configured') };
    const client = deps.createClient(settings);
    const result = withoutKey(await call(client, refOf(settings)), settings.apiKey);
    await tell?.(result, refOf(settings));
    // A page's request: another connection became active (or was saved) while this one answered, and its
    // answer must not show under the new one's name.
    if (!on && !sameConnection(settings, await deps.readSettings())) return SWITCHED_MEANWHILE();
    if (!result.ok && result.error.kind === 'network') {
      const origin = new URL(settings.baseUrl).origin;
      if (!(await deps.hasHostPermission(origin))) {
        return {
          ok: false,
          error: apiError('permission', {
            message: t('errorPermissionOrigin', origin),
            detail: result.error.detail,
          }),
        };
      }
    }
    return result;
  }

  /** Checks what the page sent, then stores the whole pair in one write. Runs in the settings queue. */
  async function save({ baseUrl, apiKey }: SaveInput): Promise<Result<SettingsSummary>> {
    // A blank key is no key: the saved one stays (as when the field is left empty).
    const checked = checkPair(baseUrl, apiKey);
    if ('ok' in checked) return checked;
    const key = checked.key || undefined;
    const before = await deps.readSettings();
    if (
      keyNeededForNewServer({ baseUrl: before.baseUrl, keySet: before.apiKey !== '' }, checked.origin, key)
    ) {
      return invalidField('apiKey', KEY_REQUIRED_FOR_NEW_SERVER);
    }
    const after = { baseUrl: checked.baseUrl, apiKey: key ?? before.apiKey };
    await deps.writeSettings(after);
    if (before.baseUrl !== after.baseUrl || before.apiKey !== after.apiKey) {
      await emit('connection.changed', { before: { id: before.id, baseUrl: before.baseUrl } });
      await emit('connection.switched', {});
    }
    return { ok: true, data: await summary() };
  }

  /** A list of reports, whole; every one read is told (the store and the history note them). */
  function listReports(query: ReportListQuery, checked?: boolean, on?: ConnectionRef) {
    return withClient(
      (client) => client.listReports(query),
      checked,
      on,
      async (answer, answeredOn) => {
        if (!answer.ok) return;
        // A page's list, as the server applied it, is a view a page shows again at once next time.
        const { page, perPage } = answer.data;
        const asAsked =
          page === (query.page ?? 1) &&
          (perPage === null || query.perPage === undefined || perPage === query.perPage);
        const view = !on && asAsked ? listView(query) : null;
        await emit('reports.listed', { on: answeredOn, page: answer.data, view });
      },
    );
  }

  const handlers: CoreHandlers = {
    ...createConnectionHandlers(
      {
        readConnections,
        writeConnections: deps.writeConnections!,
        oneAtATime: deps.oneAtATime,
        emit,
      },
      summary,
    ),

    'settings.get': async () => ({ ok: true, data: await summary() }),

    'settings.save': (input) => deps.oneAtATime(() => save(input)),

    // Any saved connection can be tested; only its own address ever gets its key.
    'settings.test': async ({ id }) => {
      const chosen = id && (await readConnections()).list.find((entry) => entry.id === id);
      if (id && !chosen) return invalidField('id', t('connUnknown'));
      return withClient(
        async (client) => {
          // The account names who is connected (phpRank); the list proves the reports can be read (any server).
          const [account, list] = await Promise.all([
            client.getAccount(),
            client.listReports({ perPage: 10 }),
          ]);
          if (!list.ok) return list;
          // The list answered, so the connection works: an account the server cannot show only goes unnamed.
          return {
            ok: true,
            data: {
              total: list.data.total,
              count: list.data.items.length,
              account: account.ok ? account.data : null,
            },
          };
        },
        false,
        chosen ? refOf(chosen) : undefined,
      );
    },

    'reports.list': async (query, checked, on) => {
      const answer = await listReports(query, checked, on);
      return answer.ok ? { ok: true, data: summaryPage(answer.data) } : answer;
    },
    'reports.exportPage': (query, checked, on) =>
      withClient(
        async (client, answering) => {
          const answer = await client.listReports(query);
          // The change since the previous analysis, as that connection's own history tells it.
          return exportPage(answer, answer.ok ? await readHistory(answering.id).index() : {});
        },
        checked,
        on,
      ),
    'reports.get': ({ id }, checked, on) =>
      withClient(
        (client) => client.getReport(id),
        checked,
        on,
        (answer, on) =>
          answer.ok ? emit('report.seen', { on, report: answer.data }) : goneIf(answer, on, id),
      ),
    'reports.create': (input, checked, on) => {
      const send = () =>
        withClient(
          (client) => client.createReport(input),
          checked,
          on,
          async (answer, on) => {
            if (answer.ok) await emit('report.created', { on, pageUrl: input.url, report: answer.data });
          },
        );
      // A page's create is told before it leaves and once answered; work that outlives a message is not.
      return on ? send() : told({ emit }, { kind: 'create', pageUrl: input.url }, send);
    },
    'reports.update': ({ id, ...changes }, checked, on) => {
      const send = () =>
        withClient(
          (client) => client.updateReport(id, changes),
          checked,
          on,
          (answer, on) =>
            answer.ok
              ? emit('report.changed', { on, report: answer.data, regenerated: changes.regenerate === true })
              : goneIf(answer, on, id),
        );
      return !on && changes.regenerate === true
        ? told({ emit }, { kind: 'regenerate', pageUrl: null }, send)
        : send();
    },
    'reports.delete': ({ id }, checked, on) =>
      withClient(
        (client) => client.deleteReport(id),
        checked,
        on,
        async (answer, on) => {
          if (answer.ok) await emit('report.gone', { on, id, error: null });
        },
      ),
    'projects.list': (query, checked, on) => withClient((client) => client.listProjects(query), checked, on),
    'projects.delete': ({ name }, checked, on) =>
      withClient(
        (client) => client.deleteProject(name),
        checked,
        on,
        async (answer, on) => {
          if (answer.ok) await emit('project.deleted', { on, name });
        },
      ),
  };

  return {
    handlers,
    /** Reports of connection `on` alone (none once it was removed or is another account), whole. */
    listWhole: (query: ReportListQuery, on: ConnectionRef) => listReports(query, false, on),
  };
}
