// The faults both surfaces are proved under, as table rows: how the reference API is made to
// misbehave, the sentence a person then reads, the action offered, and how many requests reached the
// server. Reads (GET) are tried up to 3 times after a 429/502/503/504 or a network failure (entrypoints/background/service/http.ts);
// writes go out once.
import type { Locator } from 'playwright-core';
import { expect } from 'vitest';
import {
  startTestServer,
  waitFor,
  type ForcedRequests,
  type RecordedRequest,
  type ReferenceApi,
} from './harness';

/** What the error offers: Retry, Open settings, or nothing (the same request would fail the same way). */
export type Offered = 'retry' | 'settings' | 'nothing';

/**
 * Makes the next `count` requests misbehave: all of them, or only those `only` names (a write's
 * method), so a read the page makes meanwhile cannot use the fault up.
 */
export type Provoke = (api: ReferenceApi, count: number, only?: ForcedRequests) => void;

export const status =
  (code: number, body?: unknown, headers?: Record<string, string>): Provoke =>
  (api, count, only) =>
    api.controls.forceStatus(code, count, body, headers, only);

export const malformed =
  (kind: 'html' | 'broken-json' | 'wrong-shape'): Provoke =>
  (api, count, only) =>
    api.controls.malformedNext(count, kind, only);

export const dropped: Provoke = (api, count, only) => api.controls.dropNext(count, only);

/** Attempts a read makes in all (DEFAULT_MAX_ATTEMPTS in entrypoints/background/service/client.ts). */
export const READ_ATTEMPTS = 3;

/**
 * Chromium itself sends a request again when a reused keep-alive connection closes without an answer
 * (net::ERR_EMPTY_RESPONSE), on the next idle connection to the host, until one is fresh: with at most 6
 * connections per host, one fetch whose connection is dropped reaches the server 1 to 7 times, writes
 * included (seen: a PATCH 4 times). Only the extension's own retries are the extension's to prove.
 */
export const BROWSER_SENDS = 7;

// The sentences, as entrypoints/background/error-messages.ts and entrypoints/background/service/http.ts say them.
export const KEY_REJECTED = /The service rejected your API key\. Check the key in Settings\./;
export const NOT_ALLOWED = /Your account is not allowed to do this\. Your plan may not include API access\./;
export const SERVER_PROBLEM = /The service had a problem\. Try again in a moment\./;
export const WEB_PAGE =
  /The server answered with a web page instead of the API’s data\. Check the API base URL in Settings\./;
export const REDIRECTED =
  /The server redirected to another page \(probably a login page\) instead of answering\. Check the API base URL in Settings\./;
export const NOT_UNDERSTOOD = /The service answered in a way Page Reports does not understand\./;
export const UNREACHABLE = /Could not reach the service\. Check your connection and the API base URL\./;
export const TOO_SLOW = /The service took too long to answer\. Try again\./;
/** The popup says when (a clock time) and offers Retry only then; the options page says how long. */
export const TRY_AGAIN_AFTER = /Too many requests\. Try again after \D*\d{1,2}:\d{2}:\d{2}/;
export const tryAgainIn = (seconds: number) =>
  new RegExp(`Too many requests\\. Try again in ${seconds} seconds?\\.`);
export const FIELDS_REJECTED = /The service did not accept what was sent\. Check the highlighted fields\./;

const LOGIN = { Location: '/login' };

/** How many requests reached the server, at least and at most. */
export interface Reached {
  atLeast: number;
  atMost: number;
}

const exactly = (count: number): Reached => ({ atLeast: count, atMost: count });

/** One fault of a read: both surfaces show the sentence; the popup may say a rate limit its own way. */
export interface ReadFault {
  name: string;
  provoke: Provoke;
  /** How many answers are spoiled: every attempt's, so the read fails in the end. */
  forced: number;
  /** Requests that reached the server: the read and its retries. */
  requests: Reached;
  sentence: RegExp;
  offered: Offered;
  /** The popup's sentence and action, where they differ (a rate limit: the clock time, Retry later). */
  popup?: { sentence: RegExp; offered: Offered };
}

/** A fault every attempt of a read meets (`retried`) or only the first (not retried). */
function readFault(
  name: string,
  provoke: Provoke,
  retried: boolean,
  sentence: RegExp,
  offered: Offered,
  popup?: ReadFault['popup'],
): ReadFault {
  const attempts = retried ? READ_ATTEMPTS : 1;
  return { name, provoke, forced: attempts, requests: exactly(attempts), sentence, offered, popup };
}

export const READ_FAULTS: ReadFault[] = [
  readFault('401', status(401), false, KEY_REJECTED, 'settings'),
  readFault('403', status(403), false, NOT_ALLOWED, 'nothing'),
  readFault(
    '429 asking for a long wait (said, not waited out)',
    status(429, undefined, { 'Retry-After': '30' }),
    false,
    tryAgainIn(30),
    'retry',
    { sentence: TRY_AGAIN_AFTER, offered: 'nothing' },
  ),
  readFault('500 (not retried)', status(500), false, SERVER_PROBLEM, 'retry'),
  readFault('502', status(502), true, SERVER_PROBLEM, 'retry'),
  readFault('503', status(503), true, SERVER_PROBLEM, 'retry'),
  readFault('504', status(504), true, SERVER_PROBLEM, 'retry'),
  readFault('an HTML login page (200)', malformed('html'), false, WEB_PAGE, 'retry'),
  readFault('a 302 to the login page', status(302, undefined, LOGIN), false, REDIRECTED, 'retry'),
  readFault('malformed JSON', malformed('broken-json'), false, NOT_UNDERSTOOD, 'retry'),
  readFault('JSON of the wrong shape', malformed('wrong-shape'), false, NOT_UNDERSTOOD, 'retry'),
  {
    name: 'the connection dropped',
    provoke: dropped,
    forced: READ_ATTEMPTS * BROWSER_SENDS,
    requests: { atLeast: READ_ATTEMPTS, atMost: READ_ATTEMPTS * BROWSER_SENDS },
    sentence: UNREACHABLE,
    offered: 'retry',
  },
];

/** A read the service answers badly at first and well in the end: the retries make it succeed. */
export interface RecoveringRead {
  name: string;
  provoke: Provoke;
  /** Bad answers before the good one. */
  failures: number;
  /** The shortest time the retries must have waited (a 429's Retry-After). */
  waitsAtLeastMs: number;
}

export const RECOVERING_READS: RecoveringRead[] = [
  {
    name: '429 with Retry-After: 1 (waited out)',
    provoke: status(429, undefined, { 'Retry-After': '1' }),
    failures: 1,
    waitsAtLeastMs: 900,
  },
  { name: '503 twice', provoke: status(503), failures: 2, waitsAtLeastMs: 0 },
  { name: 'the connection dropped twice', provoke: dropped, failures: 2, waitsAtLeastMs: 0 },
];

/** expect.poll for hooks, where vitest does not allow it. */
export function until(probe: () => Promise<boolean>, what: string): Promise<boolean> {
  return waitFor(probe, { timeoutMs: 10_000, message: what });
}

/** An alert's text: its context, then the sentence. */
export function startsWith(context: string, sentence: RegExp): RegExp {
  return new RegExp(`^${context}: ${sentence.source}`);
}

/** expect.poll with room for a retried read (backoff, a 1 s Retry-After) to land. */
export function eventually<T>(probe: () => T | Promise<T>) {
  return expect.poll(probe, { timeout: 8_000 });
}

/** Checks which buttons an error offers. */
export async function expectOffered(alert: Locator, offered: Offered): Promise<void> {
  expect(await alert.getByRole('button', { name: 'Retry' }).count()).toBe(offered === 'retry' ? 1 : 0);
  expect(await alert.getByRole('button', { name: 'Open settings' }).count()).toBe(
    offered === 'settings' ? 1 : 0,
  );
}

/** Requests that reached the API with this method and path (raw, percent-encoded). */
export function requestsTo(api: ReferenceApi, method: string, path: string): RecordedRequest[] {
  return api.requests.filter((request) => request.method === method && request.path === path);
}

/** The reads of the report list that reached the API. */
export function listReads(api: ReferenceApi): RecordedRequest[] {
  return requestsTo(api, 'GET', '/api/v1/reports');
}

/** A base URL where nothing listens: a server started, its address noted, then closed. */
export async function closedPortUrl(): Promise<string> {
  const server = await startTestServer();
  await server.close();
  return server.url;
}

/** What Chromium logs when a fetch gets no answer; expected in the fault tests, nothing else is. */
export const NETWORK_ERRORS =
  /net::ERR_(CONNECTION_REFUSED|EMPTY_RESPONSE|CONNECTION_RESET|CONNECTION_CLOSED)/;

/** phpRank's score badge, "Good · 83". */
export const SCORED = /^(Good|Decent|Bad) · \d{1,3}$/;

/** The badge the popup and the options page show for a stored score. */
export function badgeFor(result: unknown): string {
  const score = Math.round(Number(result));
  const band = score > 79 ? 'Good' : score >= 49 ? 'Decent' : 'Bad';
  return `${band} · ${score}`;
}
