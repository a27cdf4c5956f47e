// Shared set-up for the reference-api tests: a server on a free port and a small fetch wrapper.
import { startReferenceApi, type ReferenceApi, type ReferenceApiOptions } from '../../../reference-api/index';

export interface Answer<T> {
  status: number;
  headers: Headers;
  /** Parsed JSON when the answer is JSON, else the text ('' for no body). */
  body: T;
}

/** api-md's 4xx body (Laravel's). */
export interface ErrorBody {
  message: string;
  errors?: Record<string, string[]>;
}

/** phprank's 422 body: `message` is the field errors, and there is a `status`. */
export interface PhpRankInvalid {
  message: Record<string, string[]>;
  status: 422;
}

/** phprank's other error bodies. */
export interface PhpRankError {
  message: string;
  status: number;
}

/** A clock the test moves by hand. */
export function manualClock(start = Date.UTC(2025, 0, 15, 12)) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
  };
}

/** The phprank dialect (the default), empty, and creating a report takes no time. */
export async function start(options: ReferenceApiOptions = {}): Promise<ReferenceApi> {
  return startReferenceApi({ seed: false, analysisDelayMs: 0, ...options });
}

/** The api-md dialect, empty. */
export async function startApiMd(options: ReferenceApiOptions = {}): Promise<ReferenceApi> {
  return start({ dialect: 'api-md', ...options });
}

/**
 * One request with the API key. A `form` goes form-urlencoded (what the extension sends); `json`
 * goes as JSON. Pass `key: null` to send no Authorization header.
 */
export async function call<T>(
  api: ReferenceApi,
  method: string,
  path: string,
  options: {
    form?: Record<string, string>;
    json?: unknown;
    key?: string | null;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const key = options.key === undefined ? api.apiKey : options.key;
  if (key !== null) headers.Authorization = `Bearer ${key}`;
  let body: string | undefined;
  if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const response = await fetch(api.url + path, { method, headers, body });
  const text = await response.text();
  const isJson = response.headers.get('content-type')?.includes('application/json') ?? false;
  return {
    status: response.status,
    headers: response.headers,
    body: (isJson ? JSON.parse(text) : text) as T,
  };
}

/** A query string from pairs, encoded like the extension does it. */
export function query(params: Record<string, string | number>): string {
  return '?' + new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
}
