// One request to the service: the URL, headers, timeout, the one retry rule for reads, and HTTP turned
// into ApiError.
import { apiError } from '@/entrypoints/background/error-messages';
import type { ApiError, ApiErrorKind, RateLimit, Result } from '@/lib/api/errors';
import { isAllowedBaseUrl, isSendableKey } from '@/lib/base-url';
import { t } from '@/lib/i18n';
import { MAX_REQUEST_URL_LENGTH, REQUEST_URL_TOO_LONG } from '@/lib/page-url';
import { serverError } from './responses';

export interface HttpSettings {
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Create and regenerate: phpRank fetches and analyses the page before it answers. */
  analysisTimeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Told before a read waits out a 429 (pages show the wait). */
  onRateLimitWait?: (ms: number) => void;
}

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Below `${baseUrl}/api/v1`, segments already encoded. */
  path: string;
  query?: URLSearchParams;
  body?: URLSearchParams;
  /** Create and regenerate wait `analysisTimeoutMs`. */
  analysis?: boolean;
  /** The caller waits out a 429 itself (lib/pace.ts): it comes back at once. */
  paced?: boolean;
}

export type Body =
  | { type: 'empty' }
  | { type: 'json'; value: unknown }
  | { type: 'html' }
  | { type: 'invalid_json'; reason: string };

type ReadBody = Body | { type: 'too_large' };

type Outcome =
  | { type: 'response'; status: number; headers: Headers; body: ReadBody; redirect: boolean }
  | { type: 'network'; detail: string }
  | { type: 'timeout' };

/** Attempts in total for a read; writes are tried once. */
const READ_ATTEMPTS = 3;
/** A Retry-After longer than this is said to the person instead of waited out. */
const MAX_RETRY_AFTER_SECONDS = 10;
/** A server's wait past a day is nonsense; "a day" is still honest. */
const MAX_REPORTED_WAIT_SECONDS = 86_400;

/** phpRank's 100 reports with their results are about 1.5 MB; reading more could exhaust the worker. */
export const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;
export const REDIRECT_MESSAGE = t('errorRedirect');

/** What a 403 or the API's own 404 is about: the report or project the path names, else the address. */
function aboutPath(path: string): { gone?: string; forbidden?: string } {
  const item = /^\/(reports|projects)\/[^/]+$/.exec(path)?.[1];
  if (item === 'reports') return { gone: t('errorReportGone'), forbidden: t('errorReportForbidden') };
  return item === 'projects' ? { forbidden: t('errorProjectForbidden') } : { gone: t('errorNoApi') };
}

export function fail<T>(kind: ApiErrorKind, extra: Partial<ApiError> = {}): Result<T> {
  return { ok: false, error: apiError(kind, extra) };
}

/** The full URL, or null when the base URL is unusable or the result would leave `${base}/api/v1/`. */
export function buildUrl(baseUrl: string, path: string, query?: URLSearchParams): string | null {
  try {
    const base = new URL(baseUrl);
    if (!isAllowedBaseUrl(base)) return null;
    const root = `${base.origin}${base.pathname.replace(/\/+$/, '')}/api/v1`;
    const url = new URL(`${root}${path}`);
    if (url.origin !== base.origin || !`${url.origin}${url.pathname}`.startsWith(`${root}/`)) return null;
    const search = query?.toString();
    if (search) url.search = search;
    return url.href;
  } catch {
    return null;
  }
}

/** The body, unread past MAX_RESPONSE_BYTES (declared or streamed). */
async function readBody(response: Response): Promise<ReadBody> {
  const declared = response.headers.get('content-length');
  if (declared !== null && /^\s*\d+\s*$/.test(declared) && Number(declared) > MAX_RESPONSE_BYTES) {
    await response.body?.cancel().catch(() => undefined);
    return { type: 'too_large' };
  }
  let text = '';
  if (response.body) {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let received = 0;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      received += chunk.value.byteLength;
      if (received > MAX_RESPONSE_BYTES) {
        await reader.cancel().catch(() => undefined);
        return { type: 'too_large' };
      }
      // `stream` keeps a character split across two chunks whole.
      text += decoder.decode(chunk.value, { stream: true });
    }
    text += decoder.decode();
  }
  if (text.trim() === '') return { type: 'empty' };
  try {
    return { type: 'json', value: JSON.parse(text) as unknown };
  } catch (error) {
    if (/html/i.test(response.headers.get('content-type') ?? '') || /^\s*</.test(text))
      return { type: 'html' };
    return { type: 'invalid_json', reason: error instanceof Error ? error.message : String(error) };
  }
}

/** One fetch, body included, under its own timeout, so a stalled body read also ends. */
async function attempt(settings: HttpSettings, url: string, init: RequestInit, timeoutMs: number) {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve({ type: 'timeout' });
    }, timeoutMs);
  });
  // Called as a plain function: a detached `fetch` called as a method throws "Illegal invocation".
  const fetchOf = settings.fetch ?? fetch;
  const exchange = async (): Promise<Outcome> => {
    const response = await fetchOf(url, { ...init, signal: controller.signal });
    // Browsers hide a manual redirect as an "opaqueredirect" with status 0; Node shows the 3xx itself.
    const redirect = response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400);
    const body: ReadBody = redirect ? { type: 'empty' } : await readBody(response);
    return { type: 'response', status: response.status, headers: response.headers, body, redirect };
  };
  try {
    // Raced too: an answer that ignores the abort signal still cannot hang us.
    return await Promise.race([exchange(), timedOut]);
  } catch (error) {
    if (controller.signal.aborted) return { type: 'timeout' } as const;
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return { type: 'network', detail } as const;
  } finally {
    clearTimeout(timer);
  }
}

export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  const text = value?.trim() ?? '';
  if (/^\d+$/.test(text)) return Math.min(Number(text), MAX_REPORTED_WAIT_SECONDS);
  // HTTP dates start with the day's name; Date.parse alone would read "-3" as a year.
  const date = /^[a-z]{3}/i.test(text) ? Date.parse(text) : NaN;
  if (Number.isNaN(date)) return undefined;
  return Math.min(MAX_REPORTED_WAIT_SECONDS, Math.max(0, Math.ceil((date - now) / 1000)));
}

/** Full jitter (so many clients do not retry in step) of 300 ms doubled per attempt, up to 5 s. */
export function backoffMs(attemptNumber: number, random = Math.random): number {
  return Math.floor(random() * Math.min(5_000, 300 * 2 ** (attemptNumber - 1)));
}

// The one retry rule for reads: 429, 502–504 and network failures, a short Retry-After or backoff. No retry
// after a timeout (it would double the wait) or a too large answer (it would come again).
function retryDelay(outcome: Outcome, attemptNumber: number): number | null {
  if (outcome.type === 'timeout') return null;
  if (outcome.type === 'network') return backoffMs(attemptNumber);
  if (outcome.body.type === 'too_large' || outcome.redirect || ![429, 502, 503, 504].includes(outcome.status))
    return null;
  const retryAfter = parseRetryAfter(outcome.headers.get('retry-after'));
  if (retryAfter === undefined) return backoffMs(attemptNumber);
  return retryAfter > MAX_RETRY_AFTER_SECONDS ? null : retryAfter * 1000;
}

function readRateLimit(headers: Headers): RateLimit | undefined {
  const [limit = null, remaining = null] = ['x-ratelimit-limit', 'x-ratelimit-remaining'].map((name) => {
    const text = headers.get(name)?.trim();
    return text && /^\d+$/.test(text) ? Number(text) : null;
  });
  return limit === null && remaining === null ? undefined : { limit, remaining };
}

function toResult(outcome: Outcome, path: string, timeoutMs: number): Result<Body> {
  if (outcome.type === 'timeout')
    return fail('timeout', { detail: t('errorNoAnswerWithin', timeoutMs / 1000) });
  if (outcome.type === 'network') return fail('network', { detail: outcome.detail });
  const { status, headers, body } = outcome;
  if (outcome.redirect) {
    const location = headers.get('location');
    return fail('unexpected', {
      message: REDIRECT_MESSAGE,
      detail: location ? t('errorRedirectTo', status, location) : t('errorRedirectDetail'),
      ...(status ? { status } : {}),
    });
  }
  if (status >= 200 && status < 300) {
    const rateLimit = readRateLimit(headers);
    if (body.type !== 'too_large') return { ok: true, data: body, ...(rateLimit && { rateLimit }) };
    return fail('unexpected', {
      status,
      message: t('errorTooLarge'),
      detail: t('errorTooLargeDetail', status, MAX_RESPONSE_BYTES),
    });
  }
  if (status === 0) return fail('network', { detail: t('errorNoAnswer') });
  const said = body.type === 'json' ? serverError(body.value) : undefined;
  const detail = said ? said.message : body.type === 'html' ? t('errorHtmlPage') : undefined;
  if (status === 401) return fail('unauthorized', { status, detail });
  if (status === 403) return fail('forbidden', { status, detail, message: aboutPath(path).forbidden });
  if (status === 404 || status === 410) {
    // Only the API's own JSON says an item is gone; a web server's 404 page says the address is wrong.
    if (body.type === 'json') return fail('not_found', { status, detail, message: aboutPath(path).gone });
    const said = detail ?? t('errorStatusWithoutJson', status);
    return fail('unexpected', { status, detail: said, message: t('errorNoApi') });
  }
  if (status === 400 || status === 422)
    return fail('invalid_input', { status, detail, fieldErrors: said?.fieldErrors ?? {} });
  // The request line passed what the server (or a proxy) accepts: asking again cannot help.
  if (status === 414) return fail('invalid_input', { status, detail, message: t('errorUriTooLong') });
  if (status === 429) {
    const retryAfterSeconds = parseRetryAfter(headers.get('retry-after'));
    return fail('rate_limited', { status, detail, retryAfterSeconds });
  }
  if (status >= 500) return fail('server', { status, detail });
  return fail('unexpected', { status, detail: detail ? `HTTP ${status}: ${detail}` : `HTTP ${status}` });
}

/** A 2xx's body, with the throttle's headers (lib/pace.ts). */
export async function request(settings: HttpSettings, req: HttpRequest): Promise<Result<Body>> {
  const url = buildUrl(settings.baseUrl, req.path, req.query);
  if (!url) return fail('not_configured', { message: t('errorBaseUrlInvalid') });
  // Servers refuse a request line this long (414); said before the key goes anywhere.
  if (url.length > MAX_REQUEST_URL_LENGTH) return fail('invalid_input', { message: REQUEST_URL_TOO_LONG });
  const apiKey = settings.apiKey.trim();
  if (!isSendableKey(apiKey)) return fail('not_configured', { message: t('errorKeyInvalid') });
  const init: RequestInit = {
    method: req.method,
    headers: {
      Authorization: `Bearer ${apiKey}`,
      // Without it Laravel answers a bad key or bad input with a redirect to an HTML page.
      Accept: 'application/json',
      ...(req.body ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
    },
    body: req.body?.toString(),
    // A session cookie of the service's website must never stand in for the key.
    credentials: 'omit',
    // Never follow: the key stays with the configured origin, and a redirect means something is wrong.
    redirect: 'manual',
    cache: 'no-store',
  };
  const attempts = req.method === 'GET' ? READ_ATTEMPTS : 1;
  const timeoutMs = req.analysis ? (settings.analysisTimeoutMs ?? 90_000) : (settings.timeoutMs ?? 15_000);
  const sleep = settings.sleep ?? ((ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  for (let attemptNumber = 1; ; attemptNumber++) {
    const outcome = await attempt(settings, url, init, timeoutMs);
    const ownWait = req.paced === true && outcome.type === 'response' && outcome.status === 429;
    const wait = attemptNumber < attempts && !ownWait ? retryDelay(outcome, attemptNumber) : null;
    if (wait === null) return toResult(outcome, req.path, timeoutMs);
    if (outcome.type === 'response' && outcome.status === 429) settings.onRateLimitWait?.(wait);
    await sleep(wait);
  }
}
