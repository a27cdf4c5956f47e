// Switches that make the API misbehave on purpose, for tests of the extension's error handling,
// switches for how the service behaves (phprank), the rate limit, and the log of every request
// that reached /api.
import { STATUS_CODES } from 'node:http';
import { jsonResponse } from './http';
import { ServiceSettings } from './settings';
import type { Release } from './types';

export interface RecordedRequest {
  method: string;
  /** Raw, still percent-encoded. */
  path: string;
  query: Record<string, string>;
  /** As sent (not trimmed); null when the request had no body. */
  body: Record<string, string> | null;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** The status answered; absent while the answer is on its way, or when the connection was dropped. */
  status?: number;
  /** When it arrived (epoch ms): tests check a pace with it. */
  receivedAt?: number;
}

/** Which requests a forced status is for (all when left out): so a test's other requests pass through. */
export interface ForcedRequests {
  method?: string;
  /** The start of the raw path, e.g. `/api/v1/reports/`. */
  pathPrefix?: string;
}

function matches(only: ForcedRequests | undefined, request: { method: string; path: string }): boolean {
  if (!only) return true;
  return (
    (only.method === undefined || only.method.toUpperCase() === request.method.toUpperCase()) &&
    (only.pathPrefix === undefined || request.path.startsWith(only.pathPrefix))
  );
}

/** `html`: a login page; `broken-json`: JSON cut short; `wrong-shape`: valid JSON of the wrong shape. */
export type MalformedKind = 'html' | 'broken-json' | 'wrong-shape';

export interface Controls {
  /** Every request that reached /api, in order (CORS preflights excluded). Cleared by reset(). */
  readonly requests: RecordedRequest[];
  /** Wait this long before answering each /api request. */
  setLatency(ms: number): void;
  /**
   * Holds every /api request that arrives from now on until the returned function is called (or
   * reset()): a test's "while the request is on its way", without guessing how long that takes.
   */
  holdAnswers(): () => void;
  /**
   * The next `count` /api requests answer `status` with `body` (default `{ message }`; a string is
   * sent as HTML). A 429 carries `Retry-After: 1` unless `headers` says otherwise.
   */
  forceStatus(
    status: number,
    count: number,
    body?: unknown,
    headers?: Record<string, string>,
    only?: ForcedRequests,
  ): void;
  /** The next `count` /api requests (of those `only` names) answer 200 with a body the client cannot use. */
  malformedNext(count: number, kind?: MalformedKind, only?: ForcedRequests): void;
  /** The next `count` /api requests (of those `only` names) get their connection closed without an answer. */
  dropNext(count: number, only?: ForcedRequests): void;
  /**
   * At most `maxPerWindow` /api requests per fixed window; null goes back to the standing limit
   * (`rateLimitPerMinute`; none in api-md unless given).
   */
  setRateLimit(maxPerWindow: number | null, windowSeconds?: number): void;
  /** phprank: creating a report for `from` makes one for `to` (the address reached); `to` null removes it. */
  setRedirect(from: string, to: string | null): void;
  /**
   * phprank: every later analysis of `address` (creating a report of it, regenerating one) finds these
   * tests passed (true) or failed (false), whatever the page is like; null forgets it. Matched as a
   * report's `url` (`https://www.example.com/a` and `example.com/a` are one address).
   */
  setPageOutcome(address: string, passed: Readonly<Record<string, boolean>> | null): void;
  /** phprank: creating a report when there are `limit` already answers 422; null = no limit. */
  setPlanLimit(limit: number | null): void;
  /** phprank: scores and project counts go out as strings ("73"), as some PHP/MySQL setups send them. */
  setNumericStrings(enabled: boolean): void;
  /** phprank: how long creating or regenerating a report takes. */
  setAnalysisDelay(ms: number): void;
  /** phprank: '1.1.0' answers every `result` as null. */
  setRelease(release: Release): void;
  /** Both dialects: decode the path before routing, as Laravel does (`%2F` becomes a separator). */
  setLaravelRouting(enabled: boolean): void;
  /** Turns every switch off (the service's back to the start options) and clears the request log. */
  reset(): void;
}

export interface ControlOptions {
  /** The clock of the rate limit. */
  now?: () => number;
  /** The service settings the phprank switches change (the store's). */
  settings?: ServiceSettings;
  /** The standing rate limit per minute; null or omitted = none (and no X-RateLimit headers). */
  rateLimitPerMinute?: number | null;
}

/** What the app does with a request, decided before it reaches the routes. */
export type Verdict =
  | { kind: 'answer'; response: Response }
  | { kind: 'drop' }
  | { kind: 'pass'; headers: Record<string, string> };

const MAX_LOGGED = 10_000;

const MESSAGES: Record<number, string> = {
  401: 'Unauthenticated.',
  403: 'This action is unauthorized.',
  419: 'CSRF token mismatch.',
  429: 'Too Many Attempts.',
  500: 'Server Error',
};

const LOGIN_PAGE = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Sign in</title></head>
<body><form method="post" action="/login"><label>Email <input name="email"></label>
<label>Password <input name="password" type="password"></label><button>Sign in</button></form></body>
</html>
`;

export class ControlState implements Controls {
  readonly requests: RecordedRequest[] = [];
  private latencyMs = 0;
  private held: Promise<void> | null = null;
  private release: () => void = () => {};
  private forced?: {
    status: number;
    remaining: number;
    body: unknown;
    headers: Record<string, string>;
    only?: ForcedRequests;
  };
  private malformed?: { remaining: number; kind: MalformedKind; only?: ForcedRequests };
  private drops?: { remaining: number; only?: ForcedRequests };
  private rateLimit?: { max: number; windowMs: number; windowStart: number; used: number };
  private readonly now: () => number;
  private readonly settings: ServiceSettings;
  private readonly standingLimit: number | null;

  constructor(options: ControlOptions = {}) {
    this.now = options.now ?? Date.now;
    this.settings = options.settings ?? new ServiceSettings();
    this.standingLimit = options.rateLimitPerMinute ?? null;
    this.setRateLimit(null);
  }

  setLatency(ms: number): void {
    this.latencyMs = Math.max(0, ms);
  }

  holdAnswers(): () => void {
    this.release();
    const held = new Promise<void>((resolve) => (this.release = resolve));
    this.held = held;
    return () => {
      if (this.held === held) this.held = null;
      this.release();
    };
  }

  forceStatus(
    status: number,
    count: number,
    body?: unknown,
    headers: Record<string, string> = {},
    only?: ForcedRequests,
  ): void {
    if (!Number.isInteger(status) || status < 200 || status > 599)
      throw new RangeError(`bad status ${status}`);
    this.forced = { status, remaining: count, body, headers, only };
  }

  malformedNext(count: number, kind: MalformedKind = 'html', only?: ForcedRequests): void {
    this.malformed = { remaining: count, kind, only };
  }

  dropNext(count: number, only?: ForcedRequests): void {
    this.drops = { remaining: count, only };
  }

  setRateLimit(maxPerWindow: number | null, windowSeconds = 60): void {
    const max = maxPerWindow ?? this.standingLimit;
    const windowMs = (maxPerWindow === null ? 60 : windowSeconds) * 1000;
    this.rateLimit = max === null ? undefined : { max, windowMs, windowStart: this.now(), used: 0 };
  }

  setRedirect(from: string, to: string | null): void {
    this.settings.setRedirect(from, to);
  }

  setPageOutcome(address: string, passed: Readonly<Record<string, boolean>> | null): void {
    this.settings.setPageOutcome(address, passed);
  }

  setPlanLimit(limit: number | null): void {
    this.settings.planLimit = limit;
  }

  setNumericStrings(enabled: boolean): void {
    this.settings.numericStrings = enabled;
  }

  setAnalysisDelay(ms: number): void {
    this.settings.analysisDelayMs = Math.max(0, ms);
  }

  setRelease(release: Release): void {
    this.settings.release = release;
  }

  setLaravelRouting(enabled: boolean): void {
    this.settings.laravelRouting = enabled;
  }

  reset(): void {
    this.latencyMs = 0;
    this.held = null;
    this.release();
    this.forced = undefined;
    this.malformed = undefined;
    this.drops = undefined;
    this.setRateLimit(null);
    this.settings.reset();
    // In place: callers hold on to this array.
    this.requests.length = 0;
  }

  record(request: RecordedRequest): void {
    this.requests.push(request);
    // A long `npm start` session must not grow without bound; tests never get near this.
    if (this.requests.length > MAX_LOGGED) this.requests.splice(0, this.requests.length - MAX_LOGGED);
  }

  /** The configured latency; the timer does not keep the process alive. */
  async delay(): Promise<void> {
    const held = this.held;
    if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs).unref());
    if (held) await held;
  }

  /** In this order: dropped connection, forced status, malformed body, rate limit. */
  judge(request: { method: string; path: string } = { method: 'GET', path: '' }): Verdict {
    if (this.drops && this.drops.remaining > 0 && matches(this.drops.only, request)) {
      this.drops.remaining--;
      return { kind: 'drop' };
    }
    if (this.forced && this.forced.remaining > 0 && matches(this.forced.only, request)) {
      this.forced.remaining--;
      return { kind: 'answer', response: forcedResponse(this.forced) };
    }
    if (this.malformed && this.malformed.remaining > 0 && matches(this.malformed.only, request)) {
      this.malformed.remaining--;
      return { kind: 'answer', response: malformedResponse(this.malformed.kind) };
    }
    return this.countRequest();
  }

  private countRequest(): Verdict {
    const limit = this.rateLimit;
    if (!limit) return { kind: 'pass', headers: {} };
    const now = this.now();
    if (now - limit.windowStart >= limit.windowMs) {
      limit.windowStart = now;
      limit.used = 0;
    }
    limit.used++;
    const headers = {
      'X-RateLimit-Limit': String(limit.max),
      'X-RateLimit-Remaining': String(Math.max(0, limit.max - limit.used)),
    };
    if (limit.used <= limit.max) return { kind: 'pass', headers };
    const retryAfter = Math.max(1, Math.ceil((limit.windowStart + limit.windowMs - now) / 1000));
    return {
      kind: 'answer',
      response: jsonResponse(
        429,
        { message: MESSAGES[429] },
        {
          ...headers,
          'Retry-After': String(retryAfter),
          'X-RateLimit-Reset': String(Math.ceil(now / 1000) + retryAfter),
        },
      ),
    };
  }
}

function forcedResponse(forced: {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}): Response {
  const { status, body } = forced;
  const headers = { ...(status === 429 ? { 'Retry-After': '1' } : {}), ...forced.headers };
  if (status === 204 || status === 205 || status === 304) return new Response(null, { status, headers });
  if (typeof body === 'string') {
    return new Response(body, {
      status,
      headers: { 'content-type': 'text/html; charset=utf-8', ...headers },
    });
  }
  return jsonResponse(
    status,
    body ?? { message: MESSAGES[status] ?? STATUS_CODES[status] ?? 'Error' },
    headers,
  );
}

function malformedResponse(kind: MalformedKind): Response {
  switch (kind) {
    case 'html':
      return new Response(LOGIN_PAGE, {
        status: 200,
        headers: { 'content-type': 'text/html; charset=utf-8' },
      });
    case 'broken-json':
      return new Response('{"data": [{"id": 1, "url": "https://exa', {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    case 'wrong-shape':
      return jsonResponse(200, { items: 'not what the client expects', data: { id: null } });
  }
}
