// One request to the service: URL building, headers, timeout, retries and turning HTTP into ApiError.
// Knows nothing about reports or projects; client.ts does.
import { apiError } from '@/entrypoints/background/error-messages';
import type { ApiError, ApiErrorKind, RateLimit, Result } from '@/lib/api/errors';
import { isAllowedBaseUrl, isSendableKey } from '@/lib/base-url';
import { t } from '@/lib/i18n';
import { MAX_REQUEST_URL_LENGTH, REQUEST_URL_TOO_LONG } from '@/lib/request-limits';
import { serverFieldErrors, serverMessage } from './responses';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HttpSettings {
  /** Normalised by the caller: no trailing slash, no /api/v1, maybe a path prefix (https://host/sub). */
  baseUrl: string;
  apiKey: string;
  fetch: typeof fetch;
  /** Per attempt (client default 15 s). */
  timeoutMs: number;
  /** For requests that wait for the service to analyse a page (create, regenerate). */
  analysisTimeoutMs: number;
  sleep: (ms: number) => Promise<void>;
  /** Told before a read waits out a 429's Retry-After (the background shows it to pages). */
  onRateLimitWait?: (ms: number) => void;
  random: () => number;
  /** Attempts in total for reads (GET); writes are tried once. */
  maxAttempts: number;
}

/** How one endpoint wants its errors phrased. */
export interface ErrorContext {
  /** The sentence for a 404 (a list endpoint that 404s means there is no API at this address). */
  notFoundMessage?: string;
  /** The sentence for a 403 on one item (the default speaks of the plan, right for lists). */
  forbiddenMessage?: string;
  /** API field name -> our field name, for 422 messages (per_page -> perPage). */
  fieldNames?: Record<string, string>;
}

export interface HttpRequest {
  method: HttpMethod;
  /** Below `${baseUrl}/api/v1`, starting with "/", path segments already encoded. */
  path: string;
  query?: URLSearchParams;
  body?: URLSearchParams;
  errors?: ErrorContext;
  /** This request's timeout, when it is not the client's (phpRank analyses a page during create). */
  timeoutMs?: number;
}

export type Body =
  | { type: 'empty' }
  | { type: 'json'; value: unknown }
  | { type: 'html' }
  | { type: 'invalid_json'; reason: string };

export interface HttpSuccess {
  status: number;
  body: Body;
  rateLimit: RateLimit | null;
}

/** A body past the size cap is not read to its end; only its size is known to be too large. */
type ReadBody = Body | { type: 'too_large' };

type Outcome =
  | { type: 'response'; status: number; headers: Headers; body: ReadBody; redirect: boolean }
  | { type: 'network'; detail: string }
  | { type: 'timeout' };

/** Statuses worth asking again for: the service is busy or a proxy had a moment. */
const RETRYABLE_STATUSES = new Set([429, 502, 503, 504]);
/** A Retry-After longer than this is reported to the person instead of waited out in the background. */
export const MAX_RETRY_AFTER_SECONDS = 10;
const BACKOFF_BASE_MS = 300;
const BACKOFF_CAP_MS = 5_000;

/**
 * The most of one answer that is read. phpRank's list of 100 reports with their full results is about
 * 1.5 MB; an answer past this is not one the extension can use, and reading it whole could exhaust the
 * worker's memory.
 */
export const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;
// Sentences in the browser's language, read once when the worker starts (it runs in one language).
export const TOO_LARGE_MESSAGE = t('errorTooLarge');
export const URI_TOO_LONG_MESSAGE = t('errorUriTooLong');

export const HTML_DETAIL = t('errorHtmlDetail');
export const HTML_MESSAGE = t('errorHtml');

// ---------------------------------------------------------------------------------------------------
// Errors

export function fail<T>(kind: ApiErrorKind, extra: Partial<ApiError> = {}): Result<T> {
  return { ok: false, error: apiError(kind, extra) };
}

// ---------------------------------------------------------------------------------------------------
// URL: the key may only ever go to the configured origin, under `${baseUrl}/api/v1/`.

function parseBase(baseUrl: string): URL | null {
  try {
    const base = new URL(baseUrl);
    return isAllowedBaseUrl(base) ? base : null;
  } catch {
    return null;
  }
}

/** The full URL, or null when the base URL is unusable or the result would leave it. */
export function buildUrl(baseUrl: string, path: string, query?: URLSearchParams): string | null {
  const base = parseBase(baseUrl);
  if (!base) return null;
  const root = `${base.origin}${base.pathname.replace(/\/+$/, '')}/api/v1`;
  let url: URL;
  try {
    url = new URL(`${root}${path}`);
  } catch {
    return null;
  }
  const inside = url.origin === base.origin && `${url.origin}${url.pathname}`.startsWith(`${root}/`);
  if (!inside) return null;
  const search = query?.toString();
  if (search) url.search = search;
  return url.href;
}

// ---------------------------------------------------------------------------------------------------
// One attempt

function looksLikeHtml(text: string, contentType: string | null): boolean {
  return /html/i.test(contentType ?? '') || /^\s*</.test(text);
}

/**
 * The body as text, or null once it is known to pass `maxBytes`: a declared Content-Length over the
 * cap stops at once, otherwise the stream is read until it ends or passes the cap, then cancelled.
 */
async function readCappedText(response: Response, maxBytes = MAX_RESPONSE_BYTES): Promise<string | null> {
  const declared = response.headers.get('content-length');
  if (declared !== null && /^\s*\d+\s*$/.test(declared) && Number(declared) > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    return null;
  }
  if (!response.body) return response.text();
  const reader = response.body.getReader();
  // UTF-8, as response.text() decodes; `stream` keeps a character split across two chunks whole.
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let received = 0;
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) break;
    received += chunk.value.byteLength;
    if (received > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    parts.push(decoder.decode(chunk.value, { stream: true }));
  }
  parts.push(decoder.decode());
  return parts.join('');
}

async function readBody(response: Response): Promise<ReadBody> {
  const text = await readCappedText(response);
  if (text === null) return { type: 'too_large' };
  if (text.trim() === '') return { type: 'empty' };
  try {
    return { type: 'json', value: JSON.parse(text) as unknown };
  } catch (error) {
    if (looksLikeHtml(text, response.headers.get('content-type'))) return { type: 'html' };
    return { type: 'invalid_json', reason: error instanceof Error ? error.message : String(error) };
  }
}

function isRedirect(response: Response): boolean {
  // Browsers hide a manual redirect as an "opaqueredirect" with status 0; Node shows the 3xx itself.
  return response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400);
}

async function exchange(fetchFn: typeof fetch, url: string, init: RequestInit): Promise<Outcome> {
  const response = await fetchFn(url, init);
  const redirect = isRedirect(response);
  const body: ReadBody = redirect ? { type: 'empty' } : await readBody(response);
  return { type: 'response', status: response.status, headers: response.headers, body, redirect };
}

function describeFailure(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** One fetch, body included, under its own timeout (abort), so a stalled body read also ends. */
async function attempt(
  settings: HttpSettings,
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<Outcome> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve({ type: 'timeout' });
    }, timeoutMs);
  });
  try {
    // Racing too: an answer that ignores the abort signal still cannot hang us.
    return await Promise.race([
      exchange(settings.fetch, url, { ...init, signal: controller.signal }),
      timedOut,
    ]);
  } catch (error) {
    return controller.signal.aborted
      ? { type: 'timeout' }
      : { type: 'network', detail: describeFailure(error) };
  } finally {
    clearTimeout(timer);
  }
}

// ---------------------------------------------------------------------------------------------------
// Retries (GET only)

/** A wait past a day is nonsense from the server; saying "a day" is still honest. */
const MAX_REPORTED_WAIT_SECONDS = 86_400;

/** A 404 from a list, or a web server's 404 page anywhere: the address is wrong, not the item. */
export const NO_API_MESSAGE = t('errorNoApi');

/** Retry-After as seconds: either a number of seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Math.min(Number(text), MAX_REPORTED_WAIT_SECONDS);
  // All three HTTP date formats start with the day's name; Date.parse alone would read "-3" as a year.
  const date = /^[a-z]{3}/i.test(text) ? Date.parse(text) : NaN;
  if (Number.isNaN(date)) return undefined;
  return Math.min(MAX_REPORTED_WAIT_SECONDS, Math.max(0, Math.ceil((date - now) / 1000)));
}

/** Full jitter: a random wait up to 300 ms, 600 ms, 1.2 s… so many clients do not retry in step. */
export function backoffMs(attemptNumber: number, random: () => number): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (attemptNumber - 1));
  return Math.floor(random() * ceiling);
}

/** How long to wait before asking again, or null to stop here. */
function retryDelay(outcome: Outcome, attemptNumber: number, random: () => number): number | null {
  if (outcome.type === 'timeout') return null; // the service is slow: asking again would only double the wait
  if (outcome.type === 'network') return backoffMs(attemptNumber, random);
  // The same request would bring the same oversized answer.
  if (outcome.body.type === 'too_large') return null;
  if (outcome.redirect || !RETRYABLE_STATUSES.has(outcome.status)) return null;
  const retryAfter = parseRetryAfter(outcome.headers.get('retry-after'));
  if (retryAfter === undefined) return backoffMs(attemptNumber, random);
  return retryAfter > MAX_RETRY_AFTER_SECONDS ? null : retryAfter * 1000;
}

// ---------------------------------------------------------------------------------------------------
// Outcome -> Result

function errorDetail(body: ReadBody): string | undefined {
  if (body.type === 'json') return serverMessage(body.value);
  return body.type === 'html' ? t('errorHtmlPage') : undefined;
}

function statusError(status: number, headers: Headers, body: ReadBody, context: ErrorContext): ApiError {
  const detail = errorDetail(body);
  const value = body.type === 'json' ? body.value : undefined;
  if (status === 401) return apiError('unauthorized', { status, detail });
  if (status === 403) return apiError('forbidden', { status, detail, message: context.forbiddenMessage });
  if (status === 404 || status === 410) {
    // Only the API's own JSON says an item is gone. A web server's 404 page (HTML, empty, not JSON)
    // says nothing about the item: the address, or a path the server will not route, is the problem.
    if (body.type !== 'json') {
      return apiError('unexpected', {
        status,
        detail: detail ?? t('errorStatusWithoutJson', status),
        message: NO_API_MESSAGE,
      });
    }
    return apiError('not_found', { status, detail, message: context.notFoundMessage });
  }
  if (status === 400 || status === 422) {
    const fieldErrors = serverFieldErrors(value, context.fieldNames);
    return apiError('invalid_input', { status, detail, fieldErrors });
  }
  // The request line passed what the server (or a proxy before it) accepts: asking again cannot help.
  if (status === 414) return apiError('invalid_input', { status, detail, message: URI_TOO_LONG_MESSAGE });
  if (status === 429) {
    const retryAfterSeconds = parseRetryAfter(headers.get('retry-after'));
    return apiError('rate_limited', { status, detail, retryAfterSeconds });
  }
  if (status >= 500) return apiError('server', { status, detail });
  return apiError('unexpected', { status, detail: detail ? `HTTP ${status}: ${detail}` : `HTTP ${status}` });
}

/** The sentence of a redirect answered instead of the API's data (the client recognises it). */
export const REDIRECT_MESSAGE = t('errorRedirect');

function redirectError(status: number, headers: Headers): ApiError {
  const location = headers.get('location');
  return apiError('unexpected', {
    message: REDIRECT_MESSAGE,
    detail: location ? t('errorRedirectTo', status, location) : t('errorRedirectDetail'),
    ...(status ? { status } : {}),
  });
}

/** The throttle's headers (X-RateLimit-Limit/Remaining), so a bulk action can pace itself. */
export function readRateLimit(headers: Headers): RateLimit | null {
  const whole = (name: string) => {
    const text = headers.get(name)?.trim();
    return text && /^\d+$/.test(text) ? Number(text) : null;
  };
  const limit = whole('x-ratelimit-limit');
  const remaining = whole('x-ratelimit-remaining');
  return limit === null && remaining === null ? null : { limit, remaining };
}

/** A success too large to read. A write was answered, so it happened: it must not invite a second one. */
function tooLargeError(status: number, method: HttpMethod): ApiError {
  return apiError('unexpected', {
    status,
    message: TOO_LARGE_MESSAGE,
    detail: t('errorTooLargeDetail', status, MAX_RESPONSE_BYTES),
    ...(method === 'GET' ? {} : { retrySafe: false }),
  });
}

function toResult(
  outcome: Outcome,
  method: HttpMethod,
  timeoutMs: number,
  context: ErrorContext,
): Result<HttpSuccess> {
  if (outcome.type === 'timeout') {
    return fail('timeout', { detail: t('errorNoAnswerWithin', timeoutMs / 1000) });
  }
  if (outcome.type === 'network') return fail('network', { detail: outcome.detail });
  if (outcome.redirect) return { ok: false, error: redirectError(outcome.status, outcome.headers) };
  const { body } = outcome;
  if (outcome.status >= 200 && outcome.status < 300) {
    if (body.type === 'too_large') return { ok: false, error: tooLargeError(outcome.status, method) };
    return {
      ok: true,
      data: { status: outcome.status, body, rateLimit: readRateLimit(outcome.headers) },
    };
  }
  if (outcome.status === 0) return fail('network', { detail: t('errorNoAnswer') });
  return { ok: false, error: statusError(outcome.status, outcome.headers, outcome.body, context) };
}

// ---------------------------------------------------------------------------------------------------
// The request

function requestInit(settings: HttpSettings, request: HttpRequest): RequestInit {
  const headers: Record<string, string> = {
    Authorization: `Bearer ${settings.apiKey}`,
    // Without it Laravel answers a bad key or bad input with a redirect to an HTML page.
    Accept: 'application/json',
  };
  if (request.body) headers['Content-Type'] = 'application/x-www-form-urlencoded';
  return {
    method: request.method,
    headers,
    body: request.body?.toString(),
    // A session cookie of the service's website must never stand in for the key.
    credentials: 'omit',
    // Never follow: the key stays with the configured origin, and a redirect means something is wrong.
    redirect: 'manual',
    cache: 'no-store',
  };
}

/** Sends one request (GETs retried as DESIGN.md says); any 2xx comes back as ok, everything else as ApiError. */
export async function request(settings: HttpSettings, req: HttpRequest): Promise<Result<HttpSuccess>> {
  const url = buildUrl(settings.baseUrl, req.path, req.query);
  if (!url) {
    return fail('not_configured', { message: t('errorBaseUrlInvalid') });
  }
  // Servers refuse a request line this long (414); said here, before the key goes anywhere.
  if (url.length > MAX_REQUEST_URL_LENGTH) return fail('invalid_input', { message: REQUEST_URL_TOO_LONG });
  if (!isSendableKey(settings.apiKey)) {
    return fail('not_configured', { message: t('errorKeyInvalid') });
  }
  const init = requestInit(settings, req);
  const attempts = req.method === 'GET' ? Math.max(1, Math.floor(settings.maxAttempts)) : 1;
  const timeoutMs = req.timeoutMs ?? settings.timeoutMs;
  for (let attemptNumber = 1; ; attemptNumber++) {
    const outcome = await attempt(settings, url, init, timeoutMs);
    const wait = attemptNumber < attempts ? retryDelay(outcome, attemptNumber, settings.random) : null;
    if (wait === null) return toResult(outcome, req.method, timeoutMs, req.errors ?? {});
    // The service asked to slow down: say so while waiting, so pages can show it (backoff stays quiet).
    if (outcome.type === 'response' && outcome.status === 429) settings.onRateLimitWait?.(wait);
    await settings.sleep(wait);
  }
}
