// One connection's service: its client, and the events its answers raise. A connection removed or saved
// as another account gets no request, and a late answer tells nothing.
import { browser } from 'wxt/browser';
import { apiError } from '@/entrypoints/background/error-messages';
import type { ApiClient, ReadOptions } from '@/entrypoints/background/service/client';
import type { Result } from '@/lib/api/errors';
import { originPattern } from '@/lib/base-url';
import { listView } from '@/lib/api/summary';
import type { Page, Report, ReportId, ReportSummary } from '@/lib/api/types';
import { readHistory } from '@/lib/history';
import { t } from '@/lib/i18n';
import type {
  CreateReportInput,
  ProjectListQuery,
  ReportListQuery,
  UpdateReportInput,
} from '@/lib/messaging/inputs';
import { RECENT_COUNT, type ConnectionTestResult } from '@/lib/messaging/protocol';
import { isSamePage, serviceHost, writtenAddress } from '@/lib/page-address';
import { summaryPage } from '@/lib/report-store';
import type { Events } from './events';
import { exportPage } from '@/lib/export/export-row';
import { StorageFull, storageFullError } from './storage-budget';
import { readConnectionOf, type ConnectionRef, type ConnectionSettings } from './settings/storage';
import { withoutKey } from './without-key';

/** A client over a connection's own address and key (the worker's over `fetch`; tests give a fake). */
export type ClientOf = (settings: ConnectionSettings) => ApiClient;

export type Service = ReturnType<typeof createService>;

/** A handle no saved connection answers to any more: none at all ('' id), or removed, or another account. */
export function connectionGone(ref: ConnectionRef): Result<never> {
  return {
    ok: false,
    error: apiError('not_configured', ref.id === '' ? {} : { message: t('connGone') }),
  };
}

// The search matches URLs containing the text, so other pages of the site come too: take a full page of
// them and match exactly here, newest first. The text is the address cleaned the service's way.
const PAGE_LOOKUP: ReportListQuery = { searchBy: 'url', sortBy: 'id', sort: 'desc', perPage: 100 };
const SITE_LOOKUP: ReportListQuery = { searchBy: 'url', sortBy: 'id', sort: 'desc', perPage: 25 };
const NEWEST: ReportListQuery = { sortBy: 'id', sort: 'desc', perPage: 10 };

/** Who is connected (phpRank names the account) and whether the reports can be read (any server). */
async function testWith(client: ApiClient): Promise<Result<ConnectionTestResult>> {
  const [account, list] = await Promise.all([client.getAccount(), client.listReports({ perPage: 10 })]);
  if (!list.ok) return list;
  // The list answered, so the connection works: an account the server cannot show only goes unnamed.
  const data = { total: list.data.total, count: list.data.items.length };
  return { ok: true, data: { ...data, account: account.ok ? account.data : null } };
}

export const hasHostPermission = (origin: string) =>
  browser.permissions.contains({ origins: [originPattern(origin)] });

/** A request that could not reach the server, said as missing access when the extension has none. */
async function accessOr<T>(answer: Result<T>, baseUrl: string): Promise<Result<T>> {
  if (answer.ok || answer.error.kind !== 'network') return answer;
  const origin = new URL(baseUrl).origin;
  if (await hasHostPermission(origin)) return answer;
  const message = t('errorPermissionOrigin', origin);
  return { ok: false, error: apiError('permission', { message, detail: answer.error.detail }) };
}

/** Tries an address and key before they are saved, as a saved connection is tested; never answers the key. */
export function createKeyTest(clientOf: ClientOf) {
  return async (settings: ConnectionSettings): Promise<Result<ConnectionTestResult>> =>
    accessOr(withoutKey(await testWith(clientOf(settings)), settings.apiKey), settings.baseUrl);
}

/** A connection's service by its handle (it keeps nothing: each connection's work holds its one). */
export const createServices = (events: Pick<Events, 'emit'>, clientOf: ClientOf) => (on: ConnectionRef) =>
  createService(on, events, clientOf);

function createService(on: ConnectionRef, { emit }: Pick<Events, 'emit'>, clientOf: ClientOf) {
  const alive = async () => (await readConnectionOf(on)) !== null;

  /**
   * One call with a client made from this connection's own address and key, its answer scrubbed of the
   * key; `tell` emits what it means while the connection is still this account. A read whose answer could
   * not be kept (storage stayed full) says so; a write that was done stays done.
   */
  async function run<T>(
    call: (client: ApiClient) => Promise<Result<T>>,
    tell?: (answer: Result<T>) => Promise<void>,
    read = false,
  ): Promise<Result<T>> {
    const settings = await readConnectionOf(on);
    if (!settings) return connectionGone(on);
    if (!settings.baseUrl || !settings.apiKey) return { ok: false, error: apiError('not_configured') };
    const answer = withoutKey(await call(clientOf(settings)), settings.apiKey);
    if (!(await alive())) return connectionGone(on);
    const full = await tell?.(answer).then(
      () => null,
      (cause: StorageFull) => cause,
    );
    if (full && read) return { ok: false, error: storageFullError(full.area) };
    return accessOr(answer, settings.baseUrl);
  }

  /** The service says the report does not exist (phpRank's 403 on update, read as such by the client). */
  const goneIf = async (answer: Result<unknown>, id: ReportId) => {
    if (!answer.ok && answer.error.kind === 'not_found')
      await emit('report.gone', { on, id, error: answer.error });
  };

  const listReports = (query: ReportListQuery, asView = false, read?: ReadOptions) =>
    run(
      (client) => client.listReports(query, read),
      async (answer) => {
        if (!answer.ok) return;
        // A page's list, as the server applied it, is a view a page shows again at once next time.
        const { page, perPage } = answer.data;
        const asAsked =
          page === (query.page ?? 1) &&
          (perPage === null || query.perPage === undefined || perPage === query.perPage);
        const view = asView && asAsked ? listView(query) : null;
        await emit('reports.listed', { on, page: answer.data, view });
      },
      true,
    );

  const listSummaries = async (
    query: ReportListQuery,
    asView = false,
  ): Promise<Result<Page<ReportSummary>>> => {
    const answer = await listReports(query, asView);
    return answer.ok ? { ok: true, data: summaryPage(answer.data) } : answer;
  };
  const summaries = async (query: ReportListQuery): Promise<Result<ReportSummary[]>> => {
    const answer = await listSummaries(query);
    return answer.ok ? { ok: true, data: answer.data.items } : answer;
  };

  /** The newest report stored for `address` (or reached at it); null when there is none. */
  async function newestFor(address: string): Promise<Result<ReportSummary | null>> {
    const answer = await summaries({ ...PAGE_LOOKUP, search: writtenAddress(address) ?? address });
    if (!answer.ok) return answer;
    return {
      ok: true,
      data: answer.data.find((item) => isSamePage(address, item.url, item.pageUrl)) ?? null,
    };
  }

  return {
    on,
    alive,
    listReports,
    listSummaries,

    /** This page's report: stored under its address, or under `aliasOf` it (where a create was redirected). */
    async pageReport(url: string, aliasOf: (url: string) => Promise<string | null>) {
      const answer = await newestFor(url);
      const alias = answer.ok && !answer.data ? await aliasOf(url) : null;
      return alias ? newestFor(alias) : answer;
    },

    async recentReports(host?: string): Promise<Result<ReportSummary[]>> {
      const site = host ? serviceHost(host) : null;
      const answer = await summaries(site ? { ...SITE_LOOKUP, search: site } : NEWEST);
      if (!answer.ok) return answer;
      const ofSite = site ? answer.data.filter((item) => serviceHost(item.url) === site) : answer.data;
      return { ok: true, data: ofSite.slice(0, RECENT_COUNT) };
    },

    /** The list for the CSV export; the change since the previous analysis from this connection's history. */
    exportPage: (query: ReportListQuery) =>
      run(async (client) => {
        const answer = await client.listReports(query);
        return exportPage(answer, answer.ok ? await readHistory(on.id).index() : {});
      }),

    getReport: (id: ReportId, read?: ReadOptions) =>
      run(
        (client) => client.getReport(id, read),
        (answer) => (answer.ok ? emit('report.seen', { on, report: answer.data }) : goneIf(answer, id)),
        true,
      ),

    createReport: (input: CreateReportInput) =>
      run(
        (client) => client.createReport(input),
        async (answer) => {
          if (answer.ok) await emit('report.created', { on, pageUrl: input.url, report: answer.data });
        },
      ),

    updateReport: (id: ReportId, changes: UpdateReportInput): Promise<Result<Report>> =>
      run(
        (client) => client.updateReport(id, changes),
        (answer) =>
          answer.ok
            ? emit('report.changed', { on, report: answer.data, regenerated: changes.regenerate === true })
            : goneIf(answer, id),
      ),

    deleteReport: (id: ReportId) =>
      run(
        (client) => client.deleteReport(id),
        async (answer) => {
          if (answer.ok) await emit('report.gone', { on, id, error: null });
        },
      ),

    listProjects: (query: ProjectListQuery) => run((client) => client.listProjects(query)),

    deleteProject: (name: string) =>
      run(
        (client) => client.deleteProject(name),
        async (answer) => {
          if (answer.ok) await emit('project.deleted', { on, name });
        },
      ),

    test: () => run(testWith),
  };
}
