// The service's API, one function per endpoint (API.md). Used by the background service worker only.
// Every method resolves to a Result and never throws: input is checked before anything is sent, and
// every answer is parsed by ./responses before it reaches a caller. Input is checked once: by these
// methods, or, for input already parsed against the same schemas (lib/messaging/inputs.ts, as the
// router does with every message), by that parse, and `inputsChecked` then sends it as it is.
import { t } from '@/lib/i18n';
import { mayHaveHappened } from '@/lib/may-have-happened';
import type { z } from '@/lib/zod';
import type { ApiError, RateLimit, Result } from '@/lib/api/errors';
import {
  fail,
  HTML_DETAIL,
  HTML_MESSAGE,
  NO_API_MESSAGE,
  REDIRECT_MESSAGE,
  request,
  type Body,
  type HttpSettings,
  type HttpSuccess,
} from './http';
import {
  createReportInputSchema,
  inputFieldErrors,
  projectListQuerySchema,
  projectNameSchema,
  reportIdSchema,
  reportListQuerySchema,
  updateReportInputSchema,
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
import { PRIVACY, type Account, type Page, type Project, type Report, type ReportId } from '@/lib/api/types';

/** What wiring.ts gives; every setting but the address and the key has a default. */
export type ApiClientConfig = Pick<HttpSettings, 'baseUrl' | 'apiKey'> &
  Partial<Omit<HttpSettings, 'baseUrl' | 'apiKey'>>;

export interface ApiEndpoints {
  listReports(query: ReportListQuery): Promise<Result<Page<Report>>>;
  getReport(id: ReportId): Promise<Result<Report>>;
  createReport(input: CreateReportInput): Promise<Result<Report>>;
  /** PATCH; `regenerate: true` sends results=1; a password is sent only with Password privacy. */
  updateReport(id: ReportId, input: UpdateReportInput): Promise<Result<Report>>;
  deleteReport(id: ReportId): Promise<Result<null>>;
  listProjects(query: ProjectListQuery): Promise<Result<Page<Project>>>;
  deleteProject(name: string): Promise<Result<null>>;
  /** phpRank's GET /account; `null` when the server has no such endpoint (404). */
  getAccount(): Promise<Result<Account | null>>;
}

/** Checks each input against its schema, then sends it. */
export interface ApiClient extends ApiEndpoints {
  /** Sends input as it is: only for input parsed against the same schema already (the router's). */
  inputsChecked: ApiEndpoints;
}

export const DEFAULT_TIMEOUT_MS = 15_000;
/** Create and regenerate: phpRank fetches and analyses the page before it answers (seconds to tens of seconds). */
export const ANALYSIS_TIMEOUT_MS = 90_000;
export const DEFAULT_MAX_ATTEMPTS = 3;

// Sentences in the browser's language, read once when the worker starts.
const REPORT_GONE = t('errorReportGone');
// phpRank answers 403 (not 404) when updating a report that is gone; the report was listed as ours, so
// "gone" is what it means (DESIGN.md's "forbidden" speaks of the plan, which a list would have shown).
const REPORT_GONE_ON_UPDATE = t('errorReportGoneOnUpdate');
const PROJECT_GONE = t('errorProjectGone');
const REPORT_FORBIDDEN = t('errorReportForbidden');
const PROJECT_FORBIDDEN = t('errorProjectForbidden');

const UPDATE_FIELDS = { results: 'regenerate' };

// ---------------------------------------------------------------------------------------------------
// Helpers

function defaultSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function settingsFrom(config: ApiClientConfig): HttpSettings {
  return {
    ...config,
    apiKey: config.apiKey.trim(),
    // Called through a plain function: a detached `fetch` called as a method throws "Illegal invocation".
    fetch: config.fetch ?? ((input, init) => fetch(input, init)),
    timeoutMs: config.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    analysisTimeoutMs: config.analysisTimeoutMs ?? ANALYSIS_TIMEOUT_MS,
    sleep: config.sleep ?? defaultSleep,
    random: config.random ?? Math.random,
    maxAttempts: config.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
  };
}

/** Checks input before sending; a failure never reaches the network. */
function validate<T>(schema: z.ZodMiniType<T>, value: unknown): Result<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, data: parsed.data };
  return fail('invalid_input', {
    message: t('errorFieldsInvalid'),
    fieldErrors: inputFieldErrors(parsed.error),
  });
}

/** `send` with the input once it passed its schema; the failure as it is otherwise. */
function checked<T, R>(
  schema: z.ZodMiniType<T>,
  value: unknown,
  send: (valid: T) => Promise<Result<R>>,
): Promise<Result<R>> {
  const valid = validate(schema, value);
  return valid.ok ? send(valid.data) : Promise.resolve(valid);
}

/** A successful answer's body, parsed; anything else is an "unexpected response" saying what was wrong. */
function decode<T>(body: Body, parse: (value: unknown) => Parsed<T>): Result<T> {
  if (body.type === 'html') return fail('unexpected', { message: HTML_MESSAGE, detail: HTML_DETAIL });
  if (body.type === 'empty') return fail('unexpected', { detail: t('errorEmptyAnswer') });
  if (body.type === 'invalid_json') return fail('unexpected', { detail: t('errorInvalidJson', body.reason) });
  const parsed = parse(body.value);
  return parsed.ok ? { ok: true, data: parsed.value } : fail('unexpected', { detail: parsed.problem });
}

function segment(value: ReportId): string {
  return encodeURIComponent(String(value));
}

/** A report answer, read with its page on this service. */
const reportOn = (http: HttpSettings) => (value: unknown) => parseReport(value, http.baseUrl);

// Our query field names -> the API's parameter names (one table for both lists).
const QUERY_PARAM_NAMES: Record<string, string> = {
  search: 'search',
  searchBy: 'search_by',
  project: 'project',
  result: 'result',
  sortBy: 'sort_by',
  sort: 'sort',
  perPage: 'per_page',
  page: 'page',
};

// The other way round, so the server's 422 messages land next to the right field.
const QUERY_FIELD_NAMES = Object.fromEntries(
  Object.entries(QUERY_PARAM_NAMES).map(([field, param]) => [param, field]),
);

/** A validated list query as the API's parameters; empty values are left out. */
function queryParams(query: ReportListQuery | ProjectListQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const [field, value] of Object.entries(query) as [string, string | number | undefined][]) {
    const name = QUERY_PARAM_NAMES[field];
    const text = typeof value === 'string' ? value.trim() : value;
    if (name && text !== undefined && text !== '') params.set(name, String(text));
  }
  return params;
}

/** The last line of defence for "never throws". */
async function guard<T>(call: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await call();
  } catch (error) {
    return fail('unexpected', { detail: error instanceof Error ? error.message : String(error) });
  }
}

// ---------------------------------------------------------------------------------------------------
// Reports

// The endpoints below take input that passed its schema (createApiClient checks it, or its caller did).

async function listReports(http: HttpSettings, query: ReportListQuery): Promise<Result<Page<Report>>> {
  const params = queryParams(query);
  const errors = { notFoundMessage: NO_API_MESSAGE, fieldNames: QUERY_FIELD_NAMES };
  const answer = await request(http, { method: 'GET', path: '/reports', query: params, errors });
  if (!answer.ok) return answer;
  // The throttle's headers ride along (as with deletes), so a reader of many pages can pace itself.
  const page = decode(answer.data.body, (value) => parseReportPage(value, http.baseUrl));
  const { rateLimit } = answer.data;
  return page.ok && rateLimit ? { ...page, rateLimit } : page;
}

async function getReport(http: HttpSettings, id: ReportId): Promise<Result<Report>> {
  const errors = { notFoundMessage: REPORT_GONE, forbiddenMessage: REPORT_FORBIDDEN };
  const answer = await request(http, { method: 'GET', path: `/reports/${segment(id)}`, errors });
  return answer.ok ? decode(answer.data.body, reportOn(http)) : answer;
}

function createBody(input: CreateReportInput): URLSearchParams {
  const body = new URLSearchParams({ url: input.url });
  if (input.privacy !== undefined) body.set('privacy', String(input.privacy));
  // The API ignores a password without Password privacy; not sending it keeps it off the wire entirely.
  if (input.privacy === PRIVACY.password && input.password) body.set('password', input.password);
  return body;
}

// A create is a write: once it may have happened, the answer must not invite a second one (retrySafe).
// Only a 4xx answer says the service did nothing; anything else (5xx, a lost connection, a timeout, a
// redirect, a 2xx that cannot be read) may come after the report was made. The popup then looks for it.
const CREATED_NOT_RETURNED = t('errorCreatedNotReturned');
const CREATED_NOT_READ = t('errorCreatedNotRead');
const CREATED_NOT_UNDERSTOOD = t('errorCreatedNotUnderstood');
const CREATED_AS_WEB_PAGE = t('errorCreatedAsWebPage');
const REGENERATED_NOT_READ = t('errorRegeneratedNotRead');

// http.ts says every redirect (a 3xx, or a browser's hidden one with status 0) in this sentence.
const isRedirect = (error: ApiError) => error.message === REDIRECT_MESSAGE;

/** A write's failure that may have come after the write was done, said as such, without a Retry. */
function mayHaveDone(error: ApiError, done: 'created' | 'regenerated'): ApiError {
  // A refusal (a 4xx, or never sent) wrote nothing: the one rule the pages use too.
  if (!mayHaveHappened(error)) return error;
  const { retryAfterSeconds: _noWait, ...rest } = error;
  const it = done === 'created' ? t('errorDoneCreated') : t('errorDoneRegenerated');
  const status = error.status ? ` (HTTP ${error.status})` : '';
  const message =
    error.kind === 'timeout'
      ? t('errorMayHaveTimeout', it)
      : error.kind === 'network'
        ? t('errorMayHaveNetwork', it)
        : error.kind === 'server'
          ? t('errorMayHaveServer', it, status)
          : isRedirect(error)
            ? // Laravel's web forms redirect after saving.
              t('errorMayHaveRedirect', status, it)
            : // An answer it could not use (too large, unreadable): what went wrong, and that it may be done.
              t('errorMayHaveOther', error.message.replace(/\.?$/, '.'), it);
  return { ...rest, message, retrySafe: false };
}

/** A failure after the service accepted the write (2xx): it happened, so no Retry. */
function afterDone(result: Result<Report>, message: string): Result<Report> {
  if (result.ok) return result;
  const { retryAfterSeconds: _noWait, ...error } = result.error;
  return { ok: false, error: { ...error, message, retrySafe: false } };
}

/** The created report; when the answer holds only an id, the report is read back by that id. */
async function createdReport(http: HttpSettings, body: Body): Promise<Result<Report>> {
  if (body.type === 'html') return afterDone(decode(body, reportOn(http)), CREATED_AS_WEB_PAGE);
  if (body.type === 'json' && containsReport(body.value)) {
    return afterDone(decode(body, reportOn(http)), CREATED_NOT_UNDERSTOOD);
  }
  const id = body.type === 'json' ? reportIdIn(body.value) : undefined;
  // The server's id goes into the next request's path: checked as a page's would be.
  if (id !== undefined) {
    const read = await checked(reportIdSchema, { id }, (valid) => getReport(http, valid.id));
    return afterDone(read, CREATED_NOT_READ);
  }
  // The write succeeded (2xx): saying "failed" would invite a duplicate.
  return fail('unexpected', {
    message: CREATED_NOT_RETURNED,
    detail: body.type === 'invalid_json' ? t('errorNotJson', body.reason) : t('errorExpectedReport'),
    retrySafe: false,
  });
}

async function createReport(http: HttpSettings, input: CreateReportInput): Promise<Result<Report>> {
  const body = createBody(input);
  const errors = { notFoundMessage: NO_API_MESSAGE };
  const answer = await request(http, {
    method: 'POST',
    path: '/reports',
    body,
    errors,
    timeoutMs: http.analysisTimeoutMs,
  });
  if (answer.ok) return createdReport(http, answer.data.body);
  if (answer.error.kind === 'invalid_input') return { ok: false, error: explainRefusedPage(answer.error) };
  return { ok: false, error: mayHaveDone(answer.error, 'created') };
}

// phpRank refuses a page in a 422 on `url`: the HTTP client's own text when it could not fetch it, or
// its plan limit. Said as such instead of "check the highlighted fields".
const FETCH_FAILURE = /^cURL error \d+:\s*(.*?)(?:\s*\(see https?:\/\/\S+\))?\s*$/i;
const PLAN_LIMIT = /too many reports/i;

/** The server's reason for refusing the page, as the sentence of the error (the popup has no url field). */
export function explainRefusedPage(error: ApiError): ApiError {
  const first = error.fieldErrors?.url?.[0];
  if (!first) return error;
  const fetchFailure = FETCH_FAILURE.exec(first);
  if (fetchFailure) return { ...error, message: t('errorCannotFetchPage', fetchFailure[1] || first) };
  if (PLAN_LIMIT.test(first)) return { ...error, message: t('errorPlanLimit', first) };
  return { ...error, message: t('errorPageRefused', first) };
}

function updateBody(input: UpdateReportInput): URLSearchParams {
  const body = new URLSearchParams();
  if (input.privacy !== undefined) body.set('privacy', String(input.privacy));
  // Only with Password privacy: to change just the password, send that privacy with it.
  if (input.privacy === PRIVACY.password && input.password) body.set('password', input.password);
  if (input.regenerate) body.set('results', '1');
  return body;
}

function nothingToChange(input: UpdateReportInput): Result<Report> {
  // A password alone is not sent (see updateBody): say so next to the field rather than drop it silently.
  const fieldErrors: Record<string, string[]> = input.password
    ? { password: [t('inputPasswordNeedsPrivacy')] }
    : {};
  return fail('invalid_input', { message: t('errorNothingToChange'), fieldErrors });
}

async function updateReport(
  http: HttpSettings,
  id: ReportId,
  input: UpdateReportInput,
): Promise<Result<Report>> {
  const body = updateBody(input);
  if (body.size === 0) return nothingToChange(input);
  const path = `/reports/${segment(id)}`;
  const errors = {
    notFoundMessage: REPORT_GONE,
    forbiddenMessage: REPORT_FORBIDDEN,
    fieldNames: UPDATE_FIELDS,
  };
  const answer = await request(http, {
    method: 'PATCH',
    path,
    body,
    errors,
    ...(input.regenerate ? { timeoutMs: http.analysisTimeoutMs } : {}),
  });
  const regenerate = input.regenerate === true;
  if (!answer.ok) {
    const error = updateError(answer.error);
    // New results are a write like a create: a failure that is not a refusal may come after it was done.
    return { ok: false, error: regenerate ? mayHaveDone(error, 'regenerated') : error };
  }
  // Some services answer an update with 204 or a bare message: the change is made, so read it back.
  const answered = answer.data.body;
  const updated =
    answered.type === 'empty' || (answered.type === 'json' && !containsReport(answered.value))
      ? await getReport(http, id)
      : decode(answered, reportOn(http));
  // A report gone meanwhile stays "gone": that is what the pages act on.
  const gone = !updated.ok && updated.error.kind === 'not_found';
  const result = regenerate && !gone ? afterDone(updated, REGENERATED_NOT_READ) : updated;
  // The throttle's headers ride along, so bulk changes can pace themselves (lib/pace.ts).
  const { rateLimit } = answer.data;
  return result.ok && rateLimit ? { ...result, rateLimit } : result;
}

/** phpRank's 403 on an update means the report is gone (see REPORT_GONE_ON_UPDATE). */
function updateError(error: ApiError): ApiError {
  if (error.kind === 'forbidden') return { ...error, kind: 'not_found', message: REPORT_GONE_ON_UPDATE };
  if (error.kind === 'invalid_input' && error.fieldErrors?.regenerate?.length) {
    const first = error.fieldErrors.regenerate[0] ?? '';
    const fetchFailure = FETCH_FAILURE.exec(first);
    const reason = fetchFailure ? fetchFailure[1] || first : first;
    return { ...error, message: t('errorCannotAnalyseAgain', reason) };
  }
  return error;
}

/** Delete answers 200 with any body or 204; only a web page (not the API) is suspicious. */
function deleted({ body, rateLimit }: HttpSuccess): Result<null> {
  if (body.type === 'html') return fail('unexpected', { message: HTML_MESSAGE, detail: HTML_DETAIL });
  return gone(rateLimit);
}

/** The item is not on the service any more: deleted now, or already gone before. */
function gone(rateLimit: RateLimit | null): Result<null> {
  return rateLimit ? { ok: true, data: null, rateLimit } : { ok: true, data: null };
}

// A Laravel server decodes `%2F` before routing: a path segment with a "/" becomes two and reaches no
// route, whose 404 reads like the item's own (phpRank says "Resource not found." for both).
const UNROUTABLE = /\//;

async function deleteReport(http: HttpSettings, id: ReportId): Promise<Result<null>> {
  const path = `/reports/${segment(id)}`;
  const answer = await request(http, {
    method: 'DELETE',
    path,
    errors: { notFoundMessage: REPORT_GONE, forbiddenMessage: REPORT_FORBIDDEN },
  });
  if (answer.ok) return deleted(answer.data);
  // The service's own JSON "not found" for this id: already gone, which is what the person wanted.
  // (Only JSON 404s are not_found: http.ts makes a web server's 404 page "no API at this address".)
  if (answer.error.kind !== 'not_found') return answer;
  if (!UNROUTABLE.test(String(id))) return gone(null);
  return fail('unexpected', {
    status: answer.error.status,
    detail: answer.error.detail,
    message: t('errorReportIdSlash', id),
  });
}

// ---------------------------------------------------------------------------------------------------
// Projects

async function listProjects(http: HttpSettings, query: ProjectListQuery): Promise<Result<Page<Project>>> {
  const params = queryParams(query);
  const errors = { notFoundMessage: NO_API_MESSAGE, fieldNames: QUERY_FIELD_NAMES };
  const answer = await request(http, { method: 'GET', path: '/projects', query: params, errors });
  return answer.ok ? decode(answer.data.body, parseProjectPage) : answer;
}

/** How far the check after a project delete reads the list (searching by the name narrows it first). */
const PROJECT_CHECK_PAGES = 5;
const PROJECT_CHECK_PER_PAGE = 100;

/** Whether the service still lists a project of exactly this name (its search is a substring match). */
async function stillListed(http: HttpSettings, name: string): Promise<Result<boolean>> {
  for (let page = 1; page <= PROJECT_CHECK_PAGES; page++) {
    // A query of its own (a name may be too long to search by): checked like a page's.
    const query = {
      search: name,
      searchBy: 'project',
      sortBy: 'project',
      sort: 'asc',
      perPage: PROJECT_CHECK_PER_PAGE,
      page,
    };
    const listed = await checked(projectListQuerySchema, query, (valid) => listProjects(http, valid));
    if (!listed.ok) return listed;
    if (listed.data.items.some((project) => project.name === name)) return { ok: true, data: true };
    if (!listed.data.hasNext) return { ok: true, data: false };
  }
  return fail('unexpected', {
    detail: t('errorTooManyProjectsMatch', PROJECT_CHECK_PAGES * PROJECT_CHECK_PER_PAGE),
  });
}

/** Why a project the service still lists was not deleted, and what does remove it. */
function notDeletedByName(name: string): string {
  const reason = UNROUTABLE.test(name) ? t('errorProjectSlash', name) : t('errorProjectStillListed', name);
  return t('errorProjectNotDeleted', reason);
}

/**
 * A project is deleted by name, and a name the server cannot route answers the same JSON 404 as a
 * project that is gone: after a 2xx or a JSON 404, the list says whether the project is really gone.
 */
async function deleteProject(http: HttpSettings, name: string): Promise<Result<null>> {
  const path = `/projects/${segment(name)}`;
  const answer = await request(http, {
    method: 'DELETE',
    path,
    errors: { notFoundMessage: PROJECT_GONE, forbiddenMessage: PROJECT_FORBIDDEN },
  });
  if (!answer.ok && answer.error.kind !== 'not_found') return answer;
  if (answer.ok && answer.data.body.type === 'html') return deleted(answer.data);
  const listed = await stillListed(http, name);
  if (answer.ok) {
    // The service said it deleted the project; a list that cannot be read does not unsay that.
    if (!listed.ok || !listed.data) return deleted(answer.data);
    return fail('unexpected', {
      message: t('errorProjectDeletedButListed', name),
    });
  }
  if (!listed.ok) {
    const message = t('errorProjectNotFoundUnchecked', name, listed.error.message);
    return { ok: false, error: { ...listed.error, message } };
  }
  if (!listed.data) return gone(null);
  return fail('invalid_input', {
    status: answer.error.status,
    detail: answer.error.detail,
    message: notDeletedByName(name),
  });
}

// ---------------------------------------------------------------------------------------------------
// Account (phpRank only)

async function getAccount(http: HttpSettings): Promise<Result<Account | null>> {
  const answer = await request(http, { method: 'GET', path: '/account', errors: {} });
  // A server without the endpoint (API.md's) answers 404: nothing to say, not an error.
  if (!answer.ok) return answer.error.kind === 'not_found' ? { ok: true, data: null } : answer;
  return decode(answer.data.body, parseAccount);
}

// ---------------------------------------------------------------------------------------------------

export function createApiClient(config: ApiClientConfig): ApiClient {
  const http = settingsFrom(config);
  const inputsChecked: ApiEndpoints = {
    listReports: (query) => guard(() => listReports(http, query)),
    getReport: (id) => guard(() => getReport(http, id)),
    createReport: (input) => guard(() => createReport(http, input)),
    updateReport: (id, input) => guard(() => updateReport(http, id, input)),
    deleteReport: (id) => guard(() => deleteReport(http, id)),
    listProjects: (query) => guard(() => listProjects(http, query)),
    deleteProject: (name) => guard(() => deleteProject(http, name)),
    getAccount: () => guard(() => getAccount(http)),
  };
  // The check is guarded too: a client method never throws, whatever it is given.
  return {
    getAccount: inputsChecked.getAccount,
    listReports: (query) => guard(() => checked(reportListQuerySchema, query, inputsChecked.listReports)),
    getReport: (id) =>
      guard(() => checked(reportIdSchema, { id }, (valid) => inputsChecked.getReport(valid.id))),
    createReport: (input) => guard(() => checked(createReportInputSchema, input, inputsChecked.createReport)),
    updateReport: (id, input) =>
      guard(() =>
        checked(reportIdSchema, { id }, (validId) =>
          checked(updateReportInputSchema, input, (valid) => inputsChecked.updateReport(validId.id, valid)),
        ),
      ),
    deleteReport: (id) =>
      guard(() => checked(reportIdSchema, { id }, (valid) => inputsChecked.deleteReport(valid.id))),
    listProjects: (query) => guard(() => checked(projectListQuerySchema, query, inputsChecked.listProjects)),
    deleteProject: (name) =>
      guard(() => checked(projectNameSchema, { name }, (valid) => inputsChecked.deleteProject(valid.name))),
    inputsChecked,
  };
}
