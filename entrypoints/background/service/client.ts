// The service's API, one function per endpoint (API.md), for the background only. Inputs come typed: a
// page's payload was checked by the router, and internal callers build theirs.
import { t } from '@/lib/i18n';
import type { ApiError, Result } from '@/lib/api/errors';
import { fail, REDIRECT_MESSAGE, request, type Body, type HttpRequest, type HttpSettings } from './http';
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

export type ApiClientConfig = HttpSettings;

export type ReadOptions = Pick<HttpRequest, 'paced'>;

/** A read whose caller waits out a 429 with its own pacer (lib/pace.ts): the client hands it back at once. */
export const PACED: ReadOptions = { paced: true };

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

/** A 2xx that is a web page, not the API's JSON. */
const htmlAnswer = () => fail<never>('unexpected', { message: t('errorHtml'), detail: t('errorHtmlDetail') });

/** A success's JSON read by `read`, the throttle's headers kept; any other body is "unexpected response". */
function decode<T>(answer: Result<Body>, read: Read<T>): Result<T> {
  if (!answer.ok) return answer;
  const body = answer.data;
  if (body.type === 'html') return htmlAnswer();
  if (body.type === 'empty') return fail('unexpected', { detail: t('errorEmptyAnswer') });
  if (body.type !== 'json') return fail('unexpected', { detail: t('errorInvalidJson', body.reason) });
  const parsed = read(body.value);
  return parsed.ok ? { ...answer, data: parsed.value } : fail('unexpected', { detail: parsed.problem });
}

/** The path of a report or project, or the refusal of an id or name that no address can carry as one segment. */
function itemPath(value: ReportId, field: 'id' | 'name'): string | Result<never> {
  const label = () => (field === 'id' ? t('inputReportIdLabel') : t('inputProjectNameLabel'));
  const problem = typeof value === 'string' ? segmentProblem(value, label) : null;
  if (problem === null) return `/${field === 'id' ? 'reports' : 'projects'}/${encodeURIComponent(value)}`;
  return fail('invalid_input', { message: t('errorFieldsInvalid'), fieldErrors: { [field]: [problem] } });
}

function mayHaveSentence({ kind, status, message }: ApiError, done: 'created' | 'regenerated'): string {
  const it = done === 'created' ? t('errorDoneCreated') : t('errorDoneRegenerated');
  const http = status ? ` (HTTP ${status})` : '';
  if (kind === 'timeout') return t('errorMayHaveTimeout', it);
  if (kind === 'network') return t('errorMayHaveNetwork', it);
  if (kind === 'server') return t('errorMayHaveServer', it, http);
  // Laravel's web forms redirect after saving.
  if (message === REDIRECT_MESSAGE) return t('errorMayHaveRedirect', http, it);
  return t('errorMayHaveOther', message.replace(/\.?$/, '.'), it);
}

/**
 * Whether a create's or regenerate's failure may have come after the write, decided here once: only a
 * refusal (a 4xx, or a request never sent) proves nothing was written. `accepted` is the sentence when the
 * service answered 2xx and only reading its answer failed. Such a failure offers no Retry and no wait.
 */
function written<T>(result: Result<T>, done: 'created' | 'regenerated', accepted?: string): Result<T> {
  if (result.ok) return result;
  const { retryAfterSeconds: _noWait, ...error } = result.error;
  const { kind, status } = error;
  const refused =
    status === undefined
      ? kind === 'not_configured' || kind === 'invalid_input'
      : status >= 400 && status < 500;
  if (refused && accepted === undefined) return result;
  const message = accepted ?? mayHaveSentence(error, done);
  return { ok: false, error: { ...error, message, retrySafe: false } };
}

const FETCH_FAILURE = /^cURL error \d+:\s*(.*?)(?:\s*\(see https?:\/\/\S+\))?\s*$/i;

// phpRank's reason for refusing a page, in a 422 on `url` (create) or `results` (regenerate): its HTTP
// client's text or its plan limit, as the error's sentence (the popup has no such field to mark).
function pageRefusal(error: ApiError, field: 'url' | 'regenerate'): Result<never> {
  const first = error.kind === 'invalid_input' ? error.fieldErrors?.[field]?.[0] : undefined;
  if (!first) return { ok: false, error };
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
  return { ok: false, error: { ...error, message } };
}

/** Privacy, and a password only with Password privacy (the API ignores it otherwise; it stays off the wire). */
function privacyBody(body: URLSearchParams, input: CreateReportInput | UpdateReportInput): URLSearchParams {
  if (input.privacy !== undefined) body.set('privacy', String(input.privacy));
  if (input.privacy === PRIVACY.password && input.password) body.set('password', input.password);
  return body;
}

export function createApiClient(http: ApiClientConfig) {
  const readReport: Read<Report> = (value) => parseReport(value, http.baseUrl);
  const get = async <T>(req: Omit<HttpRequest, 'method'>, read: Read<T>) =>
    decode(await request(http, { method: 'GET', ...req }), read);

  async function getReport(id: ReportId, options?: ReadOptions): Promise<Result<Report>> {
    const path = itemPath(id, 'id');
    return typeof path === 'string' ? get({ path, ...options }, readReport) : path;
  }

  async function createReport(input: CreateReportInput): Promise<Result<Report>> {
    const answer = await request(http, {
      method: 'POST',
      path: '/reports',
      body: privacyBody(new URLSearchParams({ url: input.url }), input),
      analysis: true,
    });
    if (!answer.ok) return written(pageRefusal(answer.error, 'url'), 'created');
    const body = answer.data;
    if (body.type === 'html') return written(htmlAnswer(), 'created', t('errorCreatedAsWebPage'));
    if (body.type === 'json' && containsReport(body.value)) {
      return written(decode(answer, readReport), 'created', t('errorCreatedNotUnderstood'));
    }
    const id = body.type === 'json' ? reportIdIn(body.value) : undefined;
    if (id !== undefined) return written(await getReport(id), 'created', t('errorCreatedNotRead'));
    const detail = body.type === 'invalid_json' ? t('errorNotJson', body.reason) : t('errorExpectedReport');
    return written(fail('unexpected', { detail }), 'created', t('errorCreatedNotReturned'));
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
    const answer = await request(http, { method: 'PATCH', path, body, analysis: regenerate });
    if (!answer.ok) {
      // phpRank answers 403 (not 404) to an update of a report that is gone (it was listed as ours).
      const failed =
        answer.error.kind === 'forbidden'
          ? fail<Report>('not_found', { ...answer.error, message: t('errorReportGoneOnUpdate') })
          : pageRefusal(answer.error, 'regenerate');
      return regenerate ? written(failed, 'regenerated') : failed;
    }
    // Some services answer an update with 204 or a bare message: the change is made, so read it back.
    const answered = answer.data;
    const updated =
      answered.type === 'empty' || (answered.type === 'json' && !containsReport(answered.value))
        ? await getReport(id)
        : decode(answer, readReport);
    // A report gone meanwhile stays "gone": that is what the pages act on.
    const gone = !updated.ok && updated.error.kind === 'not_found';
    return regenerate && !gone ? written(updated, 'regenerated', t('errorRegeneratedNotRead')) : updated;
  }

  // A JSON 404 means already gone, as wanted; but Laravel decodes `%2F` before routing, so for an id or
  // a name with a "/" that 404 may mean nothing was reached.
  async function deleteItem(value: ReportId, field: 'id' | 'name'): Promise<Result<null>> {
    const path = itemPath(value, field);
    if (typeof path !== 'string') return path;
    const answer = await request(http, { method: 'DELETE', path });
    // Delete answers 200 with any body or 204; only a web page (not the API) is suspicious.
    if (answer.ok) return answer.data.type === 'html' ? htmlAnswer() : { ...answer, data: null };
    if (answer.error.kind !== 'not_found') return answer;
    if (!String(value).includes('/')) return { ok: true, data: null };
    const { status, detail } = answer.error;
    if (field === 'id')
      return fail('unexpected', { status, detail, message: t('errorReportIdSlash', value) });
    // Trying again would meet the same refusal.
    const message = t('errorProjectNotDeleted', t('errorProjectSlash', value));
    return fail('invalid_input', { status, detail, message });
  }

  return {
    listReports: (query: ReportListQuery, options?: ReadOptions) =>
      get({ path: '/reports', query: queryParams(query), ...options }, (value) =>
        parseReportPage(value, http.baseUrl),
      ),
    getReport,
    createReport,
    updateReport,
    deleteReport: (id: ReportId) => deleteItem(id, 'id'),
    listProjects: (query: ProjectListQuery, options?: ReadOptions) =>
      get({ path: '/projects', query: queryParams(query), ...options }, parseProjectPage),
    deleteProject: (name: string) => deleteItem(name, 'name'),
    /** phpRank's GET /account; `null` when the server has no such endpoint (API.md's answers 404). */
    getAccount: async (options?: ReadOptions): Promise<Result<Account | null>> => {
      const answer = await get({ path: '/account', ...options }, parseAccount);
      return !answer.ok && answer.error.kind === 'not_found' ? { ok: true, data: null } : answer;
    },
  };
}
