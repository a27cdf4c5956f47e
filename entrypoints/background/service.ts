// One connection's service: its client, and the events its answers raise. A connection removed or saved
// as another account gets no request, and a late answer tells nothing but, for a write, that it may have
// happened.
import { browser } from 'wxt/browser';
import { apiError } from '@/entrypoints/background/error-messages';
import { PACED, type ApiClient, type ReadOptions } from '@/entrypoints/background/service/client';
import type { Result } from '@/lib/api/errors';
import { originPattern } from '@/lib/base-url';
import { listView } from '@/lib/api/summary';
import type { Page, Report, ReportId, ReportSummary } from '@/lib/api/types';
import { readHistory } from '@/lib/history';
import { t } from '@/lib/i18n';
import { MIN_KEY_LENGTH } from '@/lib/settings/rules';
import type {
  CreateReportInput,
  ProjectListQuery,
  ReportListQuery,
  UpdateReportInput,
} from '@/lib/messaging/inputs';
import { RECENT_COUNT, type ConnectionTestResult } from '@/lib/messaging/protocol';
import { isSamePage, serviceHost, writtenAddress } from '@/lib/page-address';
import { summaryPage } from '@/lib/report-store';
import type { Emit } from './events';
import { exportPage } from '@/lib/export/export-row';
import { StorageFull, storageFullError } from './storage-budget';
import { readConnectionOf, type ConnectionRef, type ConnectionSettings } from './settings/storage';

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

const KEY_PLACEHOLDER = t('serviceKeyPlaceholder');

/**
 * `value` with every occurrence of `key` (as is, or URL-encoded) in its strings and names replaced: a server
 * may echo the key in an error message, a field error, a redirect's address or a report's own fields.
 */
export function withoutKey<T>(value: T, key: string): T {
  // A save refuses such keys: replacing one would mangle ordinary words.
  if (key.length < MIN_KEY_LENGTH) return value;
  const forms = [...new Set([key, encodeURIComponent(key)])];
  const scrubText = (text: string) =>
    forms.reduce((result, form) => result.split(form).join(KEY_PLACEHOLDER), text);
  const scrub = (item: unknown): unknown => {
    if (typeof item === 'string') return scrubText(item);
    if (Array.isArray(item)) return item.map(scrub);
    if (item !== null && typeof item === 'object') {
      return Object.fromEntries(Object.entries(item).map(([name, inner]) => [scrubText(name), scrub(inner)]));
    }
    return item;
  };
  return scrub(value) as T;
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
export const createServices = (emit: Emit, clientOf: ClientOf) => (on: ConnectionRef) =>
  createService(on, emit, clientOf);

function createService(on: ConnectionRef, emit: Emit, clientOf: ClientOf) {
  const alive = async () => (await readConnectionOf(on)) !== null;

  /**
   * One call over this connection's own address and key, its answer scrubbed of the key, and told (`tell`
   * with its data; a report the service says is gone, when `id` names it) only while the connection is
   * still this account. A read whose answer could not be kept (storage stayed full) says so; a write that
   * was done stays done, and one answered after the connection went may have been (`done` says what).
   */
  async function run<T>(
    call: (client: ApiClient) => Promise<Result<T>>,
    tell?: (data: T) => Promise<void>,
    { read = false, id, done }: { read?: boolean; id?: ReportId; done?: string } = {},
  ): Promise<Result<T>> {
    const settings = await readConnectionOf(on);
    if (!settings) return connectionGone(on);
    if (!settings.baseUrl || !settings.apiKey) return { ok: false, error: apiError('not_configured') };
    const answer = withoutKey(await call(clientOf(settings)), settings.apiKey);
    if (!(await alive())) {
      if (!done || (!answer.ok && answer.error.retrySafe !== false)) return connectionGone(on);
      return {
        ok: false,
        error: apiError('unexpected', { message: t('connGoneWrite', done), retrySafe: false }),
      };
    }
    // phpRank's 403 on an update is read by the client as not_found too.
    const gone = !answer.ok && answer.error.kind === 'not_found' && id !== undefined;
    const told = answer.ok
      ? tell?.(answer.data)
      : gone
        ? emit('report.gone', { on, id, error: answer.error })
        : null;
    const full = await told?.then(
      () => null,
      (cause: StorageFull) => cause,
    );
    if (full && read) return { ok: false, error: storageFullError(full.area) };
    return accessOr(answer, settings.baseUrl);
  }

  const listReports = (query: ReportListQuery, asView = false, read?: ReadOptions) =>
    run(
      (client) => client.listReports(query, read),
      (page) => {
        // A page's list, as the server applied it, is a view a page shows again at once next time.
        const asAsked =
          page.page === (query.page ?? 1) &&
          (page.perPage === null || query.perPage === undefined || page.perPage === query.perPage);
        return emit('reports.listed', { on, page, view: asView && asAsked ? listView(query) : null });
      },
      { read: true },
    );

  const listSummaries = async (
    query: ReportListQuery,
    asView = false,
  ): Promise<Result<Page<ReportSummary>>> => {
    const answer = await listReports(query, asView);
    return answer.ok ? { ok: true, data: summaryPage(answer.data) } : answer;
  };

  /** The newest report stored for `address` (or reached at it); null when there is none. */
  async function newestFor(address: string): Promise<Result<ReportSummary | null>> {
    const answer = await listSummaries({ ...PAGE_LOOKUP, search: writtenAddress(address) ?? address });
    if (!answer.ok) return answer;
    const found = answer.data.items.find((item) => isSamePage(address, item.url, item.pageUrl));
    return { ok: true, data: found ?? null };
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
      const answer = await listSummaries(site ? { ...SITE_LOOKUP, search: site } : NEWEST);
      if (!answer.ok) return answer;
      const { items } = answer.data;
      const ofSite = site ? items.filter((item) => serviceHost(item.url) === site) : items;
      return { ok: true, data: ofSite.slice(0, RECENT_COUNT) };
    },

    /** The list for the CSV export; the change since the previous analysis from this connection's history. */
    exportPage: (query: ReportListQuery) =>
      run(async (client) => {
        const answer = await client.listReports(query, PACED);
        return exportPage(answer, answer.ok ? await readHistory(on.id).index() : {});
      }),

    getReport: (id: ReportId, read?: ReadOptions) =>
      run(
        (client) => client.getReport(id, read),
        (report) => emit('report.seen', { on, report }),
        { read: true, id },
      ),

    createReport: (input: CreateReportInput) =>
      run(
        (client) => client.createReport(input),
        (report) => emit('report.created', { on, pageUrl: input.url, report }),
        { done: t('errorDoneCreated') },
      ),

    updateReport: (id: ReportId, changes: UpdateReportInput): Promise<Result<Report>> =>
      run(
        (client) => client.updateReport(id, changes),
        (report) => emit('report.changed', { on, report, regenerated: changes.regenerate === true }),
        { id, done: changes.regenerate ? t('errorDoneRegenerated') : t('errorDoneChanged') },
      ),

    deleteReport: (id: ReportId) =>
      run(
        (client) => client.deleteReport(id),
        () => emit('report.gone', { on, id, error: null }),
        { done: t('errorDoneDeleted') },
      ),

    listProjects: (query: ProjectListQuery) => run((client) => client.listProjects(query)),

    deleteProject: (name: string) =>
      run(
        (client) => client.deleteProject(name),
        () => emit('project.deleted', { on, name }),
      ),

    test: () => run(testWith),
  };
}
