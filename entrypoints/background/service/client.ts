// The service's API, one function per endpoint (API.md), for the background only. Inputs come typed: a
// page's payload was checked by the router, and internal callers build theirs.
import { t } from '@/lib/i18n';
import type { ApiError, Result } from '@/lib/api/errors';
import {
  fail,
  HTML_DETAIL,
  HTML_MESSAGE,
  REDIRECT_MESSAGE,
  request,
  type HttpRequest,
  type HttpSettings,
  type HttpSuccess,
} from './http';
import {
  segmentProblem,
  type CreateReportInput,
  type ProjectListQuery,
  type ReportListQuery,
  type UpdateReportInput,
} from '@/lib/messaging/inputs';
import {
  containsReport,
  parseAccount,
  parseProjectPage,
  parseReport,
  parseReportPage,
  reportIdIn,
  type Parsed,
} from './responses';
import { PRIVACY, type Account, type Report, type ReportId } from '@/lib/api/types';

/** Every setting but the address and the key has a default. */
export type ApiClientConfig = Pick<HttpSettings, 'baseUrl' | 'apiKey'> &
  Partial<Omit<HttpSettings, 'baseUrl' | 'apiKey'>>;

export type ReadOptions = Pick<HttpRequest, 'paced'>;

export type ApiClient = ReturnType<typeof createApiClient>;

type Read<T> = (value: unknown) => Parsed<T>;

// The list queries' fields (both lists), sent as the API names them (perPage -> per_page).
const QUERY_FIELDS = ['search', 'searchBy', 'project', 'result', 'sortBy', 'sort', 'perPage', 'page'];
const paramName = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

function queryParams(query: ReportListQuery | ProjectListQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const [field, value] of Object.entries(query) as [string, unknown][]) {
    // Only what the router's schema lets through is sent; anything else (a job's stored query) is left out.
    const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
    if (QUERY_FIELDS.includes(field) && text !== '') params.set(paramName(field), text);
  }
  return params;
}

/** A success's body, parsed, with the throttle's headers (lib/pace.ts); else "unexpected response". */
function decode<T>({ body, rateLimit }: HttpSuccess, read: Read<T>): Result<T> {
  if (body.type === 'html') return fail('unexpected', { message: HTML_MESSAGE, detail: HTML_DETAIL });
  if (body.type === 'empty') return fail('unexpected', { detail: t('errorEmptyAnswer') });
  if (body.type !== 'json') return fail('unexpected', { detail: t('errorInvalidJson', body.reason) });
  const parsed = read(body.value);
  if (!parsed.ok) return fail('unexpected', { detail: parsed.problem });
  return rateLimit ? { ok: true, data: parsed.value, rateLimit } : { ok: true, data: parsed.value };
}

/** The path of a report or project, or the refusal of an id or name that no address can carry as one segment. */
function itemPath(value: ReportId, field: 'id' | 'name'): string | Result<never> {
  const label = () => (field === 'id' ? t('inputReportIdLabel') : t('inputProjectNameLabel'));
  const problem = typeof value === 'string' ? segmentProblem(value, label) : null;
  if (problem === null) return `/${field === 'id' ? 'reports' : 'projects'}/${encodeURIComponent(value)}`;
  return fail('invalid_input', { message: t('errorFieldsInvalid'), fieldErrors: { [field]: [problem] } });
}

/** A write's failure said as one that may have come after the write was done: no Retry, no wait. */
function mayHaveHappened(error: ApiError, message: string): ApiError {
  const { retryAfterSeconds: _noWait, ...rest } = error;
  return { ...rest, message, retrySafe: false };
}

/** Only a refusal proves nothing was written: a 4xx, or a request never sent (no status). */
function mayHaveDone(error: ApiError, done: 'created' | 'regenerated'): ApiError {
  const { kind, status } = error;
  const refused =
    status === undefined
      ? kind === 'not_configured' || kind === 'invalid_input'
      : status >= 400 && status < 500;
  if (refused) return error;
  const it = done === 'created' ? t('errorDoneCreated') : t('errorDoneRegenerated');
  const http = status ? ` (HTTP ${status})` : '';
  const message =
    kind === 'timeout'
      ? t('errorMayHaveTimeout', it)
      : kind === 'network'
        ? t('errorMayHaveNetwork', it)
        : kind === 'server'
          ? t('errorMayHaveServer', it, http)
          : error.message === REDIRECT_MESSAGE
            ? // Laravel's web forms redirect after saving.
              t('errorMayHaveRedirect', http, it)
            : t('errorMayHaveOther', error.message.replace(/\.?$/, '.'), it);
  return mayHaveHappened(error, message);
}

/** A failure after the service accepted the write (2xx): it happened, so no Retry. */
const afterDone = <T>(result: Result<T>, message: string): Result<T> =>
  result.ok ? result : { ok: false, error: mayHaveHappened(result.error, message) };

const FETCH_FAILURE = /^cURL error \d+:\s*(.*?)(?:\s*\(see https?:\/\/\S+\))?\s*$/i;

// phpRank's reason for refusing a page, in a 422 on `url` (create) or `results` (regenerate): its HTTP
// client's text or its plan limit, as the error's sentence (the popup has no such field to mark).
function pageRefusal(error: ApiError, field: 'url' | 'regenerate'): ApiError {
  const first = error.kind === 'invalid_input' ? error.fieldErrors?.[field]?.[0] : undefined;
  if (!first) return error;
  const fetchFailure = FETCH_FAILURE.exec(first);
  const reason = fetchFailure?.[1] || first;
  const message =
    field === 'regenerate'
      ? t('errorCannotAnalyseAgain', reason)
      : fetchFailure
        ? t('errorCannotFetchPage', reason)
        : /too many reports/i.test(first)
          ? t('errorPlanLimit', first)
          : t('errorPageRefused', first);
  return { ...error, message };
}

/** Privacy, and a password only with Password privacy (the API ignores it otherwise; it stays off the wire). */
function privacyBody(body: URLSearchParams, input: CreateReportInput | UpdateReportInput): URLSearchParams {
  if (input.privacy !== undefined) body.set('privacy', String(input.privacy));
  if (input.privacy === PRIVACY.password && input.password) body.set('password', input.password);
  return body;
}

/** Delete answers 200 with any body or 204; only a web page (not the API) is suspicious. */
function deleted(answer: HttpSuccess | null): Result<null> {
  if (answer?.body.type === 'html') return fail('unexpected', { message: HTML_MESSAGE, detail: HTML_DETAIL });
  return answer?.rateLimit ? { ok: true, data: null, rateLimit: answer.rateLimit } : { ok: true, data: null };
}

export function createApiClient(config: ApiClientConfig) {
  const http: HttpSettings = {
    ...config,
    apiKey: config.apiKey.trim(),
    // Through a plain function: a detached `fetch` called as a method throws "Illegal invocation".
    fetch: config.fetch ?? ((input, init) => fetch(input, init)),
    timeoutMs: config.timeoutMs ?? 15_000,
    // Create and regenerate: phpRank fetches and analyses the page before it answers.
    analysisTimeoutMs: config.analysisTimeoutMs ?? 90_000,
    sleep: config.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    maxAttempts: config.maxAttempts ?? 3,
  };
  const readReport: Read<Report> = (value) => parseReport(value, http.baseUrl);

  /** The one way to the service for an answer read by a schema. */
  async function call<T>(req: HttpRequest, read: Read<T>): Promise<Result<T>> {
    const answer = await request(http, req);
    return answer.ok ? decode(answer.data, read) : answer;
  }

  const list = (path: string, query: ReportListQuery | ProjectListQuery, options?: ReadOptions) =>
    ({ method: 'GET', path, query: queryParams(query), ...options }) as const;

  async function getReport(id: ReportId, options?: ReadOptions): Promise<Result<Report>> {
    const path = itemPath(id, 'id');
    if (typeof path !== 'string') return path;
    return call({ method: 'GET', path, ...options }, readReport);
  }

  async function createdReport(answer: HttpSuccess): Promise<Result<Report>> {
    const { body } = answer;
    if (body.type === 'html') return afterDone(decode(answer, readReport), t('errorCreatedAsWebPage'));
    if (body.type === 'json' && containsReport(body.value)) {
      return afterDone(decode(answer, readReport), t('errorCreatedNotUnderstood'));
    }
    const id = body.type === 'json' ? reportIdIn(body.value) : undefined;
    if (id !== undefined) return afterDone(await getReport(id), t('errorCreatedNotRead'));
    // The write succeeded (2xx): saying "failed" would invite a duplicate.
    return fail('unexpected', {
      message: t('errorCreatedNotReturned'),
      detail: body.type === 'invalid_json' ? t('errorNotJson', body.reason) : t('errorExpectedReport'),
      retrySafe: false,
    });
  }

  async function createReport(input: CreateReportInput): Promise<Result<Report>> {
    const answer = await request(http, {
      method: 'POST',
      path: '/reports',
      body: privacyBody(new URLSearchParams({ url: input.url }), input),
      timeoutMs: http.analysisTimeoutMs,
    });
    if (answer.ok) return createdReport(answer.data);
    return { ok: false, error: mayHaveDone(pageRefusal(answer.error, 'url'), 'created') };
  }

  async function updateReport(id: ReportId, input: UpdateReportInput): Promise<Result<Report>> {
    const body = privacyBody(new URLSearchParams(), input);
    if (input.regenerate) body.set('results', '1');
    if (body.size === 0) {
      // A password alone is not sent: said next to the field rather than dropped silently.
      const fieldErrors: Record<string, string[]> = input.password
        ? { password: [t('inputPasswordNeedsPrivacy')] }
        : {};
      return fail('invalid_input', { message: t('errorNothingToChange'), fieldErrors });
    }
    const regenerate = input.regenerate === true;
    const path = itemPath(id, 'id');
    if (typeof path !== 'string') return path;
    const answer = await request(http, {
      method: 'PATCH',
      path,
      body,
      ...(regenerate ? { timeoutMs: http.analysisTimeoutMs } : {}),
    });
    if (!answer.ok) {
      // phpRank answers 403 (not 404) to an update of a report that is gone (it was listed as ours).
      const error =
        answer.error.kind === 'forbidden'
          ? { ...answer.error, kind: 'not_found' as const, message: t('errorReportGoneOnUpdate') }
          : pageRefusal(answer.error, 'regenerate');
      return { ok: false, error: regenerate ? mayHaveDone(error, 'regenerated') : error };
    }
    // Some services answer an update with 204 or a bare message: the change is made, so read it back.
    const { body: answered } = answer.data;
    const updated =
      answered.type === 'empty' || (answered.type === 'json' && !containsReport(answered.value))
        ? await getReport(id)
        : decode(answer.data, readReport);
    // A report gone meanwhile stays "gone": that is what the pages act on.
    const gone = !updated.ok && updated.error.kind === 'not_found';
    return regenerate && !gone ? afterDone(updated, t('errorRegeneratedNotRead')) : updated;
  }

  // A JSON 404 means already gone, as wanted; but Laravel decodes `%2F` before routing, so for an id or
  // a name with a "/" that 404 may mean nothing was reached.
  async function deleteItem(value: ReportId, field: 'id' | 'name'): Promise<Result<null>> {
    const path = itemPath(value, field);
    if (typeof path !== 'string') return path;
    const answer = await request(http, { method: 'DELETE', path });
    if (answer.ok) return deleted(answer.data);
    if (answer.error.kind !== 'not_found') return answer;
    if (!String(value).includes('/')) return deleted(null);
    const { status, detail } = answer.error;
    if (field === 'id')
      return fail('unexpected', { status, detail, message: t('errorReportIdSlash', value) });
    // Trying again would meet the same refusal.
    const message = t('errorProjectNotDeleted', t('errorProjectSlash', value));
    return fail('invalid_input', { status, detail, message });
  }

  return {
    listReports: (query: ReportListQuery, options?: ReadOptions) =>
      call(list('/reports', query, options), (value) => parseReportPage(value, http.baseUrl)),
    getReport,
    createReport,
    updateReport,
    deleteReport: (id: ReportId) => deleteItem(id, 'id'),
    listProjects: (query: ProjectListQuery, options?: ReadOptions) =>
      call(list('/projects', query, options), parseProjectPage),
    deleteProject: (name: string) => deleteItem(name, 'name'),
    /** phpRank's GET /account; `null` when the server has no such endpoint (API.md's answers 404). */
    getAccount: async (options?: ReadOptions): Promise<Result<Account | null>> => {
      const answer = await call({ method: 'GET', path: '/account', ...options }, parseAccount);
      return !answer.ok && answer.error.kind === 'not_found' ? { ok: true, data: null } : answer;
    },
  };
}
