// Each connection in its own space: work that outlives a message (here a Password bulk job, so a password
// is at stake) takes its client from the connection it started on. The whole background is built as the
// worker builds it (createBackground), over a fake network with one server per origin; the job's first
// request is held at A's server while the person switches to B (or removes A, or saves A with another key).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBackground } from '@/entrypoints/background/wiring';
import { bulkJobItem } from '@/entrypoints/background/jobs/bulk-change';
import { workAlarm } from '@/entrypoints/background/jobs/runner';
import { listView } from '@/lib/api/summary';
import { budgets } from '@/entrypoints/background/storage-budget';
import { createReportStore, readStore } from '@/lib/report-store';
import { writeConnections } from '@/entrypoints/background/settings/storage';
import { watchBulkJob, type BulkJob } from '@/lib/bulk-job';
import { createMessageRouter, type Handlers } from '@/entrypoints/background/router';
import { errorAction } from '@/lib/api/errors';
import { spaceKey } from '@/lib/connection-space';
import { SERVICE_WAIT_KEY } from '@/lib/storage-keys';
import { checksOf, makeReport } from '../popup/fixtures';

const A = { id: 'a', label: 'Client A', baseUrl: 'https://a.example', apiKey: 'key-of-a-'.padEnd(60, 'a') };
const B = { id: 'b', label: 'Client B', baseUrl: 'https://b.example', apiKey: 'key-of-b-'.padEnd(60, 'b') };
const PASSWORD = 'the-reports-password';
/** A's handle: saved without an account token, its id stands in. */
const connection = { id: A.id, account: A.id };

interface Received {
  method: string;
  path: string;
  authorization: string | null;
  body: string;
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** One fake server per origin: records each request; A holds its first report change until released. */
function network() {
  const received: Record<string, Received[]> = {};
  const held = deferred();
  let holding = true;
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const headers = new Headers(init?.headers);
    const request = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      authorization: headers.get('authorization'),
      body: typeof init?.body === 'string' ? init.body : '',
    };
    (received[url.origin] ??= []).push(request);
    const id = Number(url.pathname.split('/').pop()) || 7; // a create (POST /reports) makes report 7
    if (request.method === 'PATCH' && url.origin === A.baseUrl && holding) {
      holding = false;
      await held.promise;
    }
    const report = { id, url: `example.com/${id}`, result: 80, privacy: 2, password: true };
    const listed = request.method === 'GET' && url.pathname.endsWith('/reports');
    return new Response(JSON.stringify({ data: listed ? [report] : report }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetch: fetch as typeof globalThis.fetch, received, release: held.resolve };
}

const changesTo = (received: Received[] | undefined) =>
  (received ?? []).filter((request) => request.method === 'PATCH');

async function startPasswordJobOnA() {
  const net = network();
  await writeConnections({ active: A.id, list: [A, B] });
  const { handlers } = createBackground({ client: { fetch: net.fetch } });
  const started = await handlers['bulk.start']({
    connection,
    action: { kind: 'privacy', privacy: 2 },
    target: {
      reports: [
        { id: 1, label: 'example.com/1' },
        { id: 2, label: 'example.com/2' },
      ],
    },
    password: PASSWORD,
  });
  expect(started.ok).toBe(true);
  // The first change has reached A's server, and waits there.
  await expect.poll(() => changesTo(net.received[A.baseUrl]).length).toBe(1);
  return { ...net, handlers };
}

const jobOf = (id: string) => bulkJobItem(id).getValue();

/** The runner of connection `id` has stopped: it clears its alarm when its loop ends. */
const jobLoopEnded = (id: string) =>
  expect
    .poll(async () => (await fakeBrowser.alarms.get(workAlarm('bulk', id))) ?? null, { timeout: 5000 })
    .toBeNull();

beforeEach(() => {
  fakeBrowser.reset();
  // Both servers' origins granted (the fake browser has no permissions store).
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true);
  vi.spyOn(fakeBrowser.permissions, 'remove').mockResolvedValue(true);
});

describe('a bulk job started on A, its request held while B becomes active', () => {
  it('sends nothing to B, not even the password, and finishes against A', async () => {
    const { handlers, received, release } = await startPasswordJobOnA();
    expect((await handlers['connections.switch']({ id: B.id })).ok).toBe(true);
    release();

    await expect.poll(async () => (await jobOf(A.id))?.phase, { timeout: 5000 }).toBe('ended');
    expect(received[B.baseUrl]).toBeUndefined();
    const onA = changesTo(received[A.baseUrl]);
    expect(onA.map((request) => request.path)).toEqual(['/api/v1/reports/1', '/api/v1/reports/2']);
    expect(onA.every((request) => request.body.includes(PASSWORD))).toBe(true);
    expect(onA.every((request) => request.authorization === `Bearer ${A.apiKey}`)).toBe(true);
    expect((await jobOf(A.id))?.items.map((item) => item.state)).toEqual(['done', 'done']);
    // B has no job of its own, and the options page of B watches nothing of A's.
    expect(await jobOf(B.id)).toBeNull();
    const seen: (BulkJob | null)[] = [];
    const stop = watchBulkJob((job) => seen.push(job));
    await expect.poll(() => seen.length).toBe(1);
    stop();
    expect(seen[0]).toBeNull();
  });

  it('shows A’s job again, at once, once A is active again', async () => {
    const { handlers, release } = await startPasswordJobOnA();
    await handlers['connections.switch']({ id: B.id });
    release();
    await expect.poll(async () => (await jobOf(A.id))?.phase, { timeout: 5000 }).toBe('ended');
    await handlers['connections.switch']({ id: A.id });
    const seen: (BulkJob | null)[] = [];
    const stop = watchBulkJob((job) => seen.push(job));
    await expect.poll(() => seen.length).toBe(1);
    stop();
    expect(seen[0]?.phase).toBe('ended');
  });
});

describe('a bulk job whose connection goes away while its request is held', () => {
  it('A removed: nothing more is sent to anyone, and A’s space is gone', async () => {
    const { handlers, received, release } = await startPasswordJobOnA();
    expect((await handlers['connections.remove']({ id: A.id })).ok).toBe(true);
    release();

    await jobLoopEnded(A.id);
    expect(changesTo(received[A.baseUrl])).toHaveLength(1);
    expect(received[B.baseUrl]).toBeUndefined();
    expect(await jobOf(A.id)).toBeNull();
  });

  it('A saved with another key (another account): the old job sends nothing with the new key', async () => {
    const { handlers, received, release } = await startPasswordJobOnA();
    const newKey = 'another-key-'.padEnd(60, 'z');
    expect((await handlers['settings.save']({ connection, baseUrl: A.baseUrl, apiKey: newKey })).ok).toBe(
      true,
    );
    release();

    await jobLoopEnded(A.id);
    const onA = changesTo(received[A.baseUrl]);
    expect(onA).toHaveLength(1);
    expect(onA.some((request) => request.authorization === `Bearer ${newKey}`)).toBe(false);
    expect(received[B.baseUrl]).toBeUndefined();
    expect(await jobOf(A.id)).toBeNull();
  });
});

describe('each connection’s report store', () => {
  it('is kept under its id: switching back shows A’s at once, B never sees it', async () => {
    await writeConnections({ active: A.id, list: [A, B] });
    const { handlers } = createBackground({ client: { fetch: network().fetch } });
    await createReportStore(A.id, budgets.session, () => 1).pageFound('https://example.com/1', null);
    const onA = await readStore().pageReport('https://example.com/1');
    await handlers['connections.switch']({ id: B.id });
    const onB = await readStore().pageReport('https://example.com/1');
    await handlers['connections.switch']({ id: A.id });
    const backOnA = await readStore().pageReport('https://example.com/1');
    expect(onA).toEqual({ data: null, fetchedAt: 1 });
    expect(onB).toBeNull();
    expect(backOnA).toEqual({ data: null, fetchedAt: 1 });
  });

  it('keeps what A’s list answered under A only', async () => {
    await writeConnections({ active: A.id, list: [A, B] });
    const net = network();
    const { handlers } = createBackground({ client: { fetch: net.fetch } });
    const query = { sortBy: 'id', sort: 'desc', perPage: 10 } as const;
    const listed = await handlers['reports.list']({ connection, ...query });
    expect(listed.ok).toBe(true);
    expect(await readStore(A.id).list(listView(query))).toMatchObject({
      items: listed.ok ? listed.data.items : [],
    });
    expect(await readStore(B.id).list(listView(query))).toBeNull();
  });
});

describe('a connection saved with another address or key', () => {
  const KEPT = { 'a:store': { pages: {}, lists: {}, seen: {} } };

  it('is another account: everything kept under its id goes', async () => {
    await writeConnections({ active: A.id, list: [A, B] });
    const { handlers } = createBackground({ client: { fetch: network().fetch } });
    await fakeBrowser.storage.session.set(KEPT);
    await createReportStore(A.id, budgets.session, () => 1).pageFound('https://example.com/1', null);
    await createReportStore(B.id, budgets.session, () => 1).pageFound('https://example.com/1', null);
    await handlers['settings.save']({
      connection,
      baseUrl: A.baseUrl,
      apiKey: 'another-key-'.padEnd(60, 'z'),
    });
    const kept = Object.keys(await fakeBrowser.storage.session.get(null));
    expect(kept.filter((key) => key.startsWith('a:'))).toEqual([]);
    expect(kept).toContain('b:store');
  });

  it('saved again unchanged, keeps them', async () => {
    await writeConnections({ active: A.id, list: [A, B] });
    const { handlers } = createBackground({ client: { fetch: network().fetch } });
    await fakeBrowser.storage.session.set(KEPT);
    await handlers['settings.save']({ connection, baseUrl: A.baseUrl, apiKey: A.apiKey });
    expect(await fakeBrowser.storage.session.get(null)).toMatchObject(KEPT);
  });
});

describe('the toolbar score, a subscriber of the handlers’ events', () => {
  it('notes what a create, an update, a delete and a project delete changed, and only when they worked', async () => {
    await writeConnections({ active: A.id, list: [A, B] });
    const net = network();
    const { handlers, toolbar } = createBackground({ client: { fetch: net.fetch } });
    const noted = {
      changed: vi.spyOn(toolbar, 'changed').mockResolvedValue(),
      updated: vi.spyOn(toolbar, 'showAllTabs').mockResolvedValue(),
    };
    expect(
      (await handlers['reports.create']({ connection, url: 'https://example.com/7', privacy: 0 })).ok,
    ).toBe(true);
    expect(noted.changed).toHaveBeenCalledTimes(1);
    expect((await handlers['reports.delete']({ connection, id: 7 })).ok).toBe(true);
    expect(noted.changed).toHaveBeenCalledTimes(2);
    expect((await handlers['projects.delete']({ connection, name: 'example.com' })).ok).toBe(true);
    expect(noted.changed).toHaveBeenCalledTimes(3);

    // A change that could not be made (its connection is gone) notes nothing.
    const gone = { id: 'gone', account: 'gone' };
    const failed = await handlers['reports.update']({ connection: gone, id: 99, privacy: 1 });
    expect(failed.ok).toBe(false);
    expect(noted.updated).not.toHaveBeenCalled();
  });
});

describe('the toolbar score, following the active connection as pages do', () => {
  it('shows anew on a switch and on a save as another account; not on a rename or a removal of another', async () => {
    await writeConnections({ active: A.id, list: [A, B] });
    const { handlers, toolbar } = createBackground({ client: { fetch: network().fetch } });
    const changed = vi.spyOn(toolbar, 'changed').mockResolvedValue();
    await handlers['connections.rename']({ id: A.id, label: 'A again' });
    expect(changed).not.toHaveBeenCalled();
    await handlers['connections.switch']({ id: B.id });
    expect(changed).toHaveBeenCalled();
    changed.mockClear();
    await handlers['connections.remove']({ id: A.id });
    expect(changed).not.toHaveBeenCalled();
    // Saved as another account, the badges show anew only once the old account's kept reports are gone.
    await createReportStore(B.id, budgets.session, () => 1).pageFound('https://example.com/', null);
    const oldStoreAt: boolean[] = [];
    changed.mockImplementation(async () => {
      oldStoreAt.push(`${B.id}:store` in (await fakeBrowser.storage.session.get(null)));
    });
    const saved = await handlers['settings.save']({
      connection: { id: B.id, account: B.id },
      baseUrl: B.baseUrl,
      apiKey: ANOTHER_KEY,
    });
    expect(saved.ok).toBe(true);
    await vi.waitFor(() => expect(oldStoreAt).not.toEqual([]));
    expect(oldStoreAt).not.toContain(true);
  });
});

/** One fake server per origin, answering a list of one report; A holds its first list until released. */
function heldLists() {
  const received: Record<string, Received[]> = {};
  const held = deferred();
  let holding = true;
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const headers = new Headers(init?.headers);
    const method = init?.method ?? 'GET';
    (received[url.origin] ??= []).push({
      method,
      path: url.pathname,
      authorization: headers.get('authorization'),
      body: '',
    });
    if (url.origin === A.baseUrl && holding) {
      holding = false;
      await held.promise;
    }
    // An analysis: kept in the history too.
    const report = {
      id: 5,
      url: 'example.com/page',
      result: 80,
      privacy: 0,
      project: 'site',
      results: { title: { passed: false, importance: 'high', value: null } },
      generated_at: '2026-11-20T09:14:03.000000Z',
    };
    return new Response(
      JSON.stringify({ data: [report], meta: { total: 1, current_page: 1, last_page: 1 } }),
      {
        status: 200,
        headers: { 'content-type': 'application/json' },
      },
    );
  };
  return { fetch: fetch as typeof globalThis.fetch, received, release: held.resolve };
}

/** Every key kept under connection `id`, in storage.session and storage.local. */
async function keysOf(id: string) {
  const all = [
    ...Object.keys(await fakeBrowser.storage.session.get(null)),
    ...Object.keys(await fakeBrowser.storage.local.get(null)),
  ];
  return all.filter((key) => key.startsWith(`${id}:`));
}

const ANOTHER_KEY = 'another-key-'.padEnd(60, 'z');

describe('an answer that comes after its connection was removed or saved as another account', () => {
  const goAway = {
    removed: (handlers: ReturnType<typeof createBackground>['handlers']) =>
      handlers['connections.remove']({ id: A.id }),
    'saved with another key': (handlers: ReturnType<typeof createBackground>['handlers']) =>
      handlers['settings.save']({ connection, baseUrl: A.baseUrl, apiKey: ANOTHER_KEY }),
  };

  it.each(Object.keys(goAway) as (keyof typeof goAway)[])(
    'a list of A answered after A was %s writes nothing under A (store, copies, history) and tells nothing',
    async (what) => {
      await writeConnections({ active: A.id, list: [A, B] });
      const net = heldLists();
      const { handlers, works } = createBackground({ client: { fetch: net.fetch } });
      const told = vi.spyOn(works, 'heard');
      const listed = handlers['reports.list']({ connection, sortBy: 'id', sort: 'desc', perPage: 10 });
      await expect.poll(() => net.received[A.baseUrl]?.length).toBe(1);
      expect((await goAway[what](handlers)).ok).toBe(true);
      net.release();

      expect(await listed).toMatchObject({
        ok: false,
        error: { kind: 'not_configured', message: expect.stringContaining('saved with another key') },
      });
      // The removal itself is handed on; no answer of A is.
      const answers = told.mock.calls.filter(([event]) => !event.type.startsWith('connection.'));
      expect(answers).toEqual([]);
      expect(await keysOf(A.id)).toEqual([]);
    },
  );

  it('the popup’s lookup of a page on A answered after A was removed keeps nothing for A', async () => {
    await writeConnections({ active: A.id, list: [A, B] });
    const net = heldLists();
    const { handlers } = createBackground({ client: { fetch: net.fetch } });
    const found = handlers['popup.pageReport']({ connection, url: 'https://example.com/page' });
    await expect.poll(() => net.received[A.baseUrl]?.length).toBe(1);
    await handlers['connections.remove']({ id: A.id });
    net.release();

    expect((await found).ok).toBe(false);
    expect(await keysOf(A.id)).toEqual([]);
  });

  it.each(Object.keys(goAway) as (keyof typeof goAway)[])(
    'the popup’s lookup of a page on A, being kept when A is %s, leaves nothing under A (store, copies, history)',
    async (what) => {
      await writeConnections({ active: A.id, list: [A, B] });
      const net = heldLists();
      const { handlers, works } = createBackground({ client: { fetch: net.fetch } });
      const dropped = vi.spyOn(works, 'drop');
      // A's answer passed its check that A is still there: its first write is under way, and waits.
      const write = deferred();
      let writing = false;
      const set = fakeBrowser.storage.session.set.bind(fakeBrowser.storage.session);
      vi.spyOn(fakeBrowser.storage.session, 'set').mockImplementation(async (items) => {
        if (`${A.id}:store` in items && !writing) {
          writing = true;
          await write.promise;
        }
        return set(items);
      });
      const found = handlers['popup.pageReport']({ connection, url: 'https://example.com/page' });
      await expect.poll(() => net.received[A.baseUrl]?.length).toBe(1);
      net.release();
      await expect.poll(() => writing).toBe(true);
      const away = goAway[what](handlers);
      await expect.poll(() => dropped.mock.calls.length).toBe(1);
      write.resolve();

      expect((await away).ok).toBe(true);
      await found;
      expect(await keysOf(A.id)).toEqual([]);
    },
  );

  it.each(Object.keys(goAway) as (keyof typeof goAway)[])(
    'A’s old store and history, handed an answer after A was %s, write nothing under A',
    async (what) => {
      await writeConnections({ active: A.id, list: [A, B] });
      const { handlers, works } = createBackground({ client: { fetch: heldLists().fetch } });
      const old = works.workFor(connection);
      expect((await goAway[what](handlers)).ok).toBe(true);
      const report = makeReport({
        id: 5,
        url: 'example.com/page',
        generatedAt: '2026-11-20T09:14:03Z',
        checks: checksOf({ counts: { high: 1, medium: 0, low: 0, passed: 20 }, failures: [] }),
      });

      await old.store.pageFound('https://example.com/page', report);
      // A create redirected to the page: its asked address would be kept too.
      await old.store.created('https://example.com/asked', report);
      await old.history.note([report]);
      expect(await keysOf(A.id)).toEqual([]);
    },
  );

  it('A saved with another key: the old follower, woken by its timer, changes nothing the new account follows', async () => {
    await writeConnections({ active: A.id, list: [A, B] });
    const read: number[] = [];
    const held = deferred();
    const fetch = async (input: RequestInfo | URL) => {
      const id = Number(
        String(input instanceof Request ? input.url : input)
          .split('/')
          .pop(),
      );
      read.push(id);
      // The new account's follower reads 8 again: held, so 8 is still due when the old timer comes.
      if (id === 8 && read.filter((each) => each === 8).length === 2) await held.promise;
      const report = { id, url: `example.com/${id}`, result: null, privacy: 0 };
      return new Response(JSON.stringify({ data: report }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    };
    const { handlers, works } = createBackground({ client: { fetch: fetch as typeof globalThis.fetch } });
    const old = works.workFor(connection).follower;
    expect((await handlers['reports.get']({ connection, id: 7 })).ok).toBe(true);
    expect(
      (await handlers['settings.save']({ connection, baseUrl: A.baseUrl, apiKey: ANOTHER_KEY })).ok,
    ).toBe(true);
    const now = await works.activeRef();
    expect(now.account).not.toBe(connection.account);
    expect((await handlers['reports.get']({ connection: now, id: 8 })).ok).toBe(true);
    await expect.poll(() => read.filter((id) => id === 8).length, { timeout: 5000 }).toBe(2);
    await old.resume();

    const followed = async () =>
      (await fakeBrowser.storage.session.get('a:followedReports'))['a:followedReports'];
    expect(await followed()).toMatchObject({ items: [{ id: 8, follow: 'generating', attempts: 0 }] });
    held.resolve();
    await expect.poll(followed).toMatchObject({ items: [{ id: 8, follow: 'generating', attempts: 1 }] });
  });

  it('a removed connection’s history goes with it', async () => {
    await writeConnections({ active: A.id, list: [A, B] });
    const { handlers } = createBackground({ client: { fetch: heldLists().fetch } });
    await fakeBrowser.storage.local.set({ 'a:history:5': [], 'a:historyIndex': {}, 'b:history:5': [] });
    await handlers['connections.remove']({ id: A.id });
    expect(await keysOf(A.id)).toEqual([]);
    expect(await keysOf(B.id)).toEqual(['b:history:5']);
  });
});

describe('a write answered after its connection was saved with another key', () => {
  type Handlers = ReturnType<typeof createBackground>['handlers'];
  it.each([
    [
      'create',
      (h: Handlers) => h['reports.create']({ connection, url: 'https://example.com/page', privacy: 0 }),
      'created the report',
    ],
    [
      'regeneration',
      (h: Handlers) => h['reports.update']({ connection, id: 7, regenerate: true }),
      'regenerated the report’s results',
    ],
    [
      'privacy change',
      (h: Handlers) => h['reports.update']({ connection, id: 7, privacy: 1 }),
      'changed the report',
    ],
    ['delete', (h: Handlers) => h['reports.delete']({ connection, id: 7 }), 'deleted the report'],
  ] as const)(
    '(%s) may have happened: said without Retry, and nothing is kept under A',
    async (_, write, done) => {
      await writeConnections({ active: A.id, list: [A, B] });
      const sent = deferred();
      const release = deferred();
      const fetch = async (_input: RequestInfo | URL, init?: RequestInit) => {
        if ((init?.method ?? 'GET') !== 'GET') {
          sent.resolve();
          await release.promise; // phpRank analyses the page (tens of seconds)
        }
        const report = { id: 7, url: 'example.com/page', result: 80, privacy: 0 };
        return new Response(JSON.stringify({ data: report }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      };
      const { handlers } = createBackground({ client: { fetch: fetch as typeof globalThis.fetch } });
      const answered = write(handlers);
      await sent.promise;
      expect(
        (await handlers['settings.save']({ connection, baseUrl: A.baseUrl, apiKey: ANOTHER_KEY })).ok,
      ).toBe(true);
      release.resolve();

      const answer = await answered;
      expect(answer).toMatchObject({ ok: false, error: { retrySafe: false } });
      if (!answer.ok) {
        expect(answer.error.message).toContain(`may have ${done} all the same`);
        expect(errorAction(answer.error)).toBeNull();
      }
      expect(await keysOf(A.id)).toEqual([]);
    },
  );
});

describe('a wait the service asked for (429 with Retry-After)', () => {
  it('is kept for the connection whose server asked: the pages of another show none', async () => {
    await writeConnections({ active: A.id, list: [A, B] });
    const lists = heldLists();
    let asked = false;
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input instanceof Request ? input.url : input).startsWith(B.baseUrl) && !asked) {
        asked = true;
        return new Response(JSON.stringify({ message: 'Too Many Attempts.' }), {
          status: 429,
          headers: { 'content-type': 'application/json', 'Retry-After': '3' },
        });
      }
      return lists.fetch(input, init);
    };
    const { handlers } = createBackground({ client: { fetch, sleep: async () => undefined } });
    const onB = { id: B.id, account: B.id };
    expect((await handlers['reports.list']({ connection: onB, sortBy: 'id', sort: 'desc' })).ok).toBe(true);

    const waits = Object.keys(await fakeBrowser.storage.session.get(null)).filter((key) =>
      key.endsWith(SERVICE_WAIT_KEY),
    );
    expect(waits).toEqual([spaceKey(B.id, SERVICE_WAIT_KEY)]);
  });
});

describe('a message naming a connection that is gone', () => {
  const route = (handlers: ReturnType<typeof createBackground>['handlers']) =>
    createMessageRouter(handlers, { extensionId: 'x', extensionBaseUrl: 'chrome-extension://x/' });
  const fromPage = { id: 'x', url: 'chrome-extension://x/sidepanel.html' };

  it.each([
    ['removed', { id: A.id, account: A.id }, (h: Handlers) => h['connections.remove']({ id: A.id })],
    [
      'an old account',
      { id: A.id, account: A.id },
      (h: Handlers) => h['settings.save']({ connection, baseUrl: A.baseUrl, apiKey: ANOTHER_KEY }),
    ],
    ['never saved', { id: 'other', account: 'other' }, async () => undefined],
  ] as const)(
    '(%s) is refused with a sentence and the way to settings; no request leaves',
    async (_, named, before) => {
      await writeConnections({ active: A.id, list: [A, B] });
      const net = heldLists();
      const { handlers } = createBackground({ client: { fetch: net.fetch } });
      await before(handlers);
      for (const [type, payload] of [
        ['reports.update', { connection: named, id: 7, regenerate: true }],
        [
          'reports.create',
          { connection: named, url: 'https://example.com/page', privacy: 2, password: 'pw' },
        ],
        ['reports.list', { connection: named }],
        ['site.read', { connection: named, name: 'site' }],
        [
          'bulk.start',
          { connection: named, action: { kind: 'regenerate' }, target: { reports: [{ id: 7, label: 'x' }] } },
        ],
        ['popup.pageReport', { connection: named, url: 'https://example.com/page' }],
        ['history.clear', { connection: named }],
        ['settings.save', { connection: named, baseUrl: A.baseUrl, apiKey: ANOTHER_KEY }],
        ['popup.rememberPrivacy', { connection: named, privacy: 1 }],
      ] as const) {
        const answer = await route(handlers)({ type, payload }, fromPage);
        expect(answer, type).toMatchObject({ ok: false, error: { kind: 'not_configured' } });
        if (!answer.ok) {
          expect(answer.error.message, type).toBe(
            'This connection was removed or saved with another key. Reload to see the active one.',
          );
          expect(errorAction(answer.error), type).toBe('open_settings');
        }
      }
      expect(net.received).toEqual({});
    },
  );
});
