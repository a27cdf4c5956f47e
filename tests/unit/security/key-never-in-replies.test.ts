// The API key never reaches a page: every message the background answers is driven through the real
// router, handlers, popup support and HTTP client, against a server that answers well and one that
// answers badly in every way it could echo the key back (its message, field errors, a redirect, an HTML
// page, a parse error, a report's own fields). No answer, in any case, holds the key or a piece of it.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBackground } from '@/entrypoints/background/wiring';
import { writeConnections } from '@/entrypoints/background/settings/storage';
import { createMessageRouter } from '@/entrypoints/background/router';
import type { MessageType } from '@/lib/messaging/protocol';
import { messages } from '@/lib/messaging/inputs';
import { siteViewName, type SiteView } from '@/lib/site';
import { REPORT, empty, html, json } from '../background/service/fake-fetch';
import { CONNECTION, MESSAGE_TYPES, PAGE_URL, SERVICE_BASE, VALID_PAYLOADS } from './valid-payloads';

const KEY = 'sk-live-0123456789abcdef-SECRET';
/** A piece of the key alone is a leak too (a parse error quotes a few characters around where it failed). */
const KEY_PIECE = 'SECRET';

// The stored connection, in memory: the popup's support reads it through readConnection.
const connection = vi.hoisted(() => ({ current: { baseUrl: '', apiKey: '' } }));
vi.mock('@/entrypoints/background/settings/storage', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/entrypoints/background/settings/storage')>()),
  readConnection: async () => ({ ...connection.current }),
}));

interface Call {
  url: string;
  method: string;
  /** The Authorization header as sent: what a careless server echoes. */
  auth: string;
}

/** One way of answering every request. */
type Server = (call: Call, signal: AbortSignal | undefined) => Response | Promise<Response>;

const API = `${SERVICE_BASE}/api/v1`;
const REPORT_WITH_PAGE = { ...REPORT, url: 'example.com/pricing?plan=pro' };

/** A well-behaved service: the right answer for each endpoint. */
const working: Server = ({ url, method }) => {
  const path = new URL(url).pathname.slice(new URL(API).pathname.length);
  if (path === '/account')
    return json({ data: { name: 'Ada', email: 'ada@example.com', plan: { name: 'Pro' } } });
  if (method === 'DELETE') return empty(204);
  if (path === '/reports' && method === 'GET') return json({ data: [REPORT_WITH_PAGE], meta: { total: 1 } });
  if (path === '/projects')
    return json({ data: [{ project: 'Client A', created_at: null }], meta: { total: 1 } });
  return json({ data: REPORT_WITH_PAGE }, method === 'POST' ? 201 : 200);
};

const failing: [string, Server][] = [
  ['401 naming the key', () => json({ message: `Unauthenticated: token ${KEY} is not valid.` }, 401)],
  ['403 echoing the Authorization header', ({ auth }) => json({ message: `Forbidden for ${auth}` }, 403)],
  [
    '404 echoing the request',
    ({ url, method, auth }) => json({ message: `No route for ${method} ${url} (${auth})` }, 404),
  ],
  [
    '422 with the key in field errors',
    ({ auth }) =>
      json(
        {
          message: 'The given data was invalid.',
          errors: { url: [`${KEY} may not create reports`], per_page: [auth], results: [auth] },
        },
        422,
      ),
  ],
  [
    '429 naming the key',
    () => json({ message: `Too many requests for ${KEY}` }, 429, { 'Retry-After': '1' }),
  ],
  [
    '500 with a stack trace holding the key',
    ({ auth }) => json({ message: `Server Error: ${auth}`, trace: [{ args: [KEY] }] }, 500),
  ],
  ['502 as an HTML page holding the key', ({ auth }) => html(`<h1>Bad gateway</h1><pre>${auth}</pre>`, 502)],
  [
    '302 to a login page carrying the key',
    ({ url }) =>
      new Response(null, {
        status: 302,
        headers: { Location: `https://login.example/?token=${KEY}&next=${encodeURIComponent(url)}` },
      }),
  ],
  [
    'a network error naming the request',
    ({ url, method, auth }) => {
      throw new TypeError(`fetch failed: ${method} ${url} with ${auth}`);
    },
  ],
  [
    '200 with malformed JSON around the key',
    () =>
      new Response(`{"token": "${KEY}",}`, { status: 200, headers: { 'Content-Type': 'application/json' } }),
  ],
  [
    '200 with malformed JSON that starts with the key',
    () => new Response(`${KEY} is your token`, { status: 200, headers: { 'Content-Type': 'text/plain' } }),
  ],
  ['200 with the key instead of data', () => json(KEY)],
  ['200 with the key in a wrong shape', () => json({ data: { id: KEY, url: KEY, result: KEY } })],
  [
    '200 with the key in a report’s fields',
    ({ auth }) =>
      json({
        data: { ...REPORT_WITH_PAGE, project: KEY, token: auth },
        meta: { total: 1 },
      }),
  ],
  [
    'no answer before the timeout',
    (_call, signal) =>
      new Promise<Response>((_resolve, reject) =>
        signal?.addEventListener('abort', () => reject(new DOMException(`aborted ${KEY}`, 'AbortError'))),
      ),
  ],
];

/** Messages that answer from storage alone; every other one must reach the server. */
const LOCAL_ONLY = new Set<MessageType>([
  'settings.get',
  'settings.save',
  'connections.add',
  'connections.rename',
  'connections.remove',
  'connections.switch',
  'popup.snapshot',
  'popup.rememberPrivacy',
  'popup.awaitCreate',
  'popup.forgetCreate',
  'history.clear',
  // A bulk change is answered at once; its requests go on in the background (see the job's check below).
  'bulk.start',
  'bulk.stop',
  'bulk.retryFailed',
  'bulk.dismiss',
  // A site read is answered at once and goes on in the background (see the view's check below); its pages
  // come from what it kept.
  'site.read',
  'site.stop',
  'site.pages',
]);

const SITE_VIEW_KEY = `conn-1:${siteViewName(VALID_PAYLOADS['site.read'].name)}`;
const siteView = async () =>
  (await fakeBrowser.storage.session.get(SITE_VIEW_KEY))[SITE_VIEW_KEY] as SiteView | undefined;

/** The bulk job pages watch (storage.session), once it ended. */
async function endedBulkJob(): Promise<unknown> {
  let job: { phase?: string } | undefined;
  await vi.waitFor(async () => {
    job = (await fakeBrowser.storage.session.get('conn-1:bulkJob'))['conn-1:bulkJob'] as typeof job;
    expect(job?.phase).toBe('ended');
  });
  return job;
}

const ID = 'abcdefghijklmnopabcdefghijklmnop';
const popup = { id: ID, url: `chrome-extension://${ID}/popup.html` };

function setup(server: Server) {
  connection.current = { baseUrl: SERVICE_BASE, apiKey: KEY };
  const calls: Call[] = [];
  const fetchFn = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call = {
      url: String(input),
      method: init.method ?? 'GET',
      auth: new Headers(init.headers).get('authorization') ?? '',
    };
    calls.push(call);
    return server(call, init.signal ?? undefined);
  };
  // Built as the worker builds it (entrypoints/background/index.ts), over the faked network. One saved
  // connection, 'conn-1' (as VALID_PAYLOADS names it): the list's summary reaches pages too.
  const reset = () =>
    writeConnections({
      active: 'conn-1',
      list: [{ id: 'conn-1', account: 'account-1', label: 'Client A', ...connection.current }],
    });
  const ready = reset();
  const { handlers } = createBackground({
    client: {
      fetch: fetchFn as typeof fetch,
      sleep: async () => {},
      timeoutMs: 20,
      analysisTimeoutMs: 20,
    },
  });
  const route = createMessageRouter(handlers, {
    extensionId: ID,
    extensionBaseUrl: `chrome-extension://${ID}/`,
  });
  return { route: async (...args: Parameters<typeof route>) => (await ready, route(...args)), calls, reset };
}

interface Reply {
  /** What was sent, in words. */
  label: string;
  type: MessageType;
  reply: unknown;
  /** Whether answering it made a request (the messages in LOCAL_ONLY make none). */
  reachedServer: boolean;
}

/** Every message once (a create watched by a waiting popup), then the popup's snapshot of what is left. */
async function everyReply(server: Server): Promise<Reply[]> {
  const { route, calls, reset } = setup(server);
  const replies: Reply[] = [];
  const send = async (type: MessageType, payload: unknown = VALID_PAYLOADS[type], label: string = type) => {
    const before = calls.length;
    const reply = await route({ type, payload }, popup);
    replies.push({ label, type, reply, reachedServer: calls.length > before });
  };
  for (const type of MESSAGE_TYPES) {
    // Stopped by 'bulk.stop' just before: retried or dismissed only once it ended.
    if (type === 'bulk.retryFailed') await endedBulkJob();
    await send(type);
    // Adding makes the new one active, removing drops conn-1: conn-1 again, alone and active, whose key the
    // fake servers echo.
    if (type.startsWith('connections.')) await reset();
  }
  // What a bulk change's requests answered reaches pages through storage: it must hold no key either.
  // The retry sent above may still run: this change starts once that one ended and was dismissed.
  await vi.waitFor(async () => {
    const { 'conn-1:bulkJob': job } = await fakeBrowser.storage.session.get('conn-1:bulkJob');
    expect((job as { phase?: string } | undefined)?.phase ?? 'ended').toBe('ended');
  });
  await route({ type: 'bulk.dismiss', payload: { connection: CONNECTION } }, popup);
  const beforeBulk = calls.length;
  await send('bulk.start');
  await vi.waitFor(async () => {
    const { 'conn-1:bulkJob': bulkJob } = await fakeBrowser.storage.session.get('conn-1:bulkJob');
    const job = bulkJob as { items: { state: string }[]; waitingUntil: number | null };
    expect(job.waitingUntil !== null || ['done', 'failed'].includes(job.items[0]!.state)).toBe(true);
  });
  await send('bulk.stop');
  replies.push({
    label: 'the bulk job as pages watch it',
    type: 'popup.pageReport', // not LOCAL_ONLY: its requests must have reached the server
    reply: await endedBulkJob(),
    reachedServer: calls.length > beforeBulk,
  });
  // What a site read's requests answered reaches pages through storage too. The read the loop started and
  // stopped has ended first (a second read while one runs is no read).
  await vi.waitFor(async () => expect((await siteView())?.read.phase).not.toBe('reading'));
  const beforeSite = calls.length;
  await send('site.read');
  await vi.waitFor(
    async () => {
      expect(calls.length).toBeGreaterThan(beforeSite);
      expect(['done', 'failed']).toContain((await siteView())?.read.phase);
    },
    { timeout: 10_000 }, // a 429's Retry-After (1 s) is waited out, three times
  );
  replies.push({
    label: 'the site view as pages watch it',
    type: 'popup.pageReport', // not LOCAL_ONLY: its requests must have reached the server
    reply: await siteView(),
    reachedServer: calls.length > beforeSite,
  });
  // The popup waits for a create it started; a create that fails with no popup open is kept for the next one.
  const watching = route(
    { type: 'popup.awaitCreate', payload: { connection: CONNECTION, url: PAGE_URL } },
    popup,
  );
  await send('reports.create');
  replies.push({
    label: 'popup.awaitCreate (while a create runs)',
    type: 'popup.awaitCreate',
    reply: await watching,
    reachedServer: false,
  });
  await send('popup.snapshot', VALID_PAYLOADS['popup.snapshot'], 'popup.snapshot (after all the others)');
  // A page that sends a key gets no key back, whether it is taken or refused.
  await send(
    'settings.save',
    { connection: CONNECTION, baseUrl: SERVICE_BASE, apiKey: KEY },
    'settings.save (the key)',
  );
  await send(
    'settings.save',
    { connection: CONNECTION, baseUrl: SERVICE_BASE, apiKey: `${KEY} with spaces` },
    'settings.save (a malformed key)',
  );
  return replies;
}

/** The control: what the service said reached the handlers, so it had its chance to leak. */
function expectServerReached(replies: Reply[]) {
  for (const { label, type, reachedServer } of replies) {
    if (!LOCAL_ONLY.has(type)) expect(reachedServer, label).toBe(true);
  }
}

function expectNoKey(replies: Reply[]) {
  for (const { label, reply } of replies) {
    const text = JSON.stringify(reply);
    expect(text, label).not.toContain(KEY);
    expect(text, label).not.toContain(KEY_PIECE);
  }
}

beforeEach(() => {
  fakeBrowser.reset();
  // The service's origin granted (the fake browser has no permissions store).
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true);
  vi.spyOn(fakeBrowser.permissions, 'remove').mockResolvedValue(true);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('no answer to a page holds the API key', () => {
  it('drives every message the background answers', () => {
    expect(MESSAGE_TYPES.toSorted()).toEqual(Object.keys(messages).toSorted());
  });

  it('when the service works', async () => {
    const replies = await everyReply(working);
    expectServerReached(replies);
    for (const { label, reply } of replies) {
      if (label === 'the bulk job as pages watch it') expect(reply, label).toMatchObject({ phase: 'ended' });
      else if (label === 'the site view as pages watch it')
        expect(reply, label).toMatchObject({ read: { phase: 'done' }, summary: { pages: 1 } });
      else if (label !== 'settings.save (a malformed key)') expect(reply, label).toMatchObject({ ok: true });
    }
    expectNoKey(replies);
  });

  it.each(failing)('when the service answers with %s', async (_name, server) => {
    const replies = await everyReply(server);
    expectServerReached(replies);
    expectNoKey(replies);
  });
});
