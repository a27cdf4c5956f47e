// The address and the key as the background stores them: one item, one write, saves one at
// a time, and an existing user's two old items carried over.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createHandlers, type HandlerDeps } from '@/entrypoints/background/handlers';
import { createSerialUpdates } from '@/entrypoints/background/serial-update';
import type { Result } from '@/lib/api/errors';
import {
  moveLegacyConnection,
  readConnection,
  saveConnection,
  connectionsFromPair,
  type ConnectionSettings,
} from '@/entrypoints/background/settings/storage';

/** The address and the key, without the entry's id (random since version 2). */
const pairOf = ({ baseUrl, apiKey }: ConnectionSettings) => ({ baseUrl, apiKey });

/** What storage.local holds: only the connection item (and its version mark), as address-key pairs. */
async function storedPairs() {
  const { connection, ...rest } = await fakeBrowser.storage.local.get(null);
  expect(Object.keys(rest).filter((key) => key !== 'connection$')).toEqual([]);
  return connectionsFromPair(connection)?.list.map(pairOf);
}

const OLD = { baseUrl: 'https://old.example', apiKey: 'old-key-1111' };
const NEW = { baseUrl: 'https://new.example', apiKey: 'new-key-2222' };

/** The background's settings handlers over the real storage, wired as entrypoints/background/index.ts does. */
function backgroundHandlers() {
  const usedSettings: ConnectionSettings[] = [];
  const queue = createSerialUpdates('test settings');
  const deps: HandlerDeps = {
    readSettings: readConnection,
    writeSettings: saveConnection,
    oneAtATime: queue,
    hasHostPermission: async () => true,
    createClient: (settings) => {
      // What a request would send, and to where.
      usedSettings.push(pairOf(settings));
      // An empty page of reports: only where the request went matters here.
      const answer = async (): Promise<Result<never>> => ({ ok: true, data: { items: [] } as never });
      return { listReports: answer } as unknown as ReturnType<HandlerDeps['createClient']>;
    },
  };
  return { handlers: createHandlers(deps), usedSettings, queue };
}

/** Runs `probe` after every write to storage.local has landed: a request arriving between two steps of a save. */
function probeAfterEachWrite(probe: () => Promise<void>) {
  const area = fakeBrowser.storage.local;
  const set = area.set.bind(area);
  const probes: Promise<void>[] = [];
  vi.spyOn(area, 'set').mockImplementation(async (items) => {
    await set(items);
    probes.push(probe());
  });
  return () => Promise.all(probes);
}

beforeEach(() => fakeBrowser.reset());

describe('one stored item for the address and the key', () => {
  it('stores both in one item, and nothing under the old names', async () => {
    await saveConnection(NEW);
    expect(await storedPairs()).toEqual([NEW]);
    expect(pairOf(await readConnection())).toEqual(NEW);
  });

  it('reads nothing configured from an empty profile', async () => {
    expect(pairOf(await readConnection())).toEqual({ baseUrl: '', apiKey: '' });
  });

  it('reads the item as this version stored it, with or without its version mark', async () => {
    // Version 1 needs no mark; a later shape comes with a WXT migration, run before any read.
    await fakeBrowser.storage.local.set({ connection: OLD });
    expect(pairOf(await readConnection())).toEqual(OLD);
    await fakeBrowser.storage.local.set({ connection: NEW, connection$: { v: 1 } });
    expect(pairOf(await readConnection())).toEqual(NEW);
  });

  it('never lets a request see the new address with the old key while a save is half done', async () => {
    await saveConnection(OLD);
    const { handlers, usedSettings } = backgroundHandlers();
    const probesDone = probeAfterEachWrite(async () => void (await handlers['reports.list']({})));

    expect(await handlers['settings.save'](NEW)).toMatchObject({ ok: true });
    await probesDone();

    expect(usedSettings.length).toBeGreaterThan(0);
    for (const used of usedSettings) expect([OLD, NEW]).toContainEqual(used);
    expect(pairOf(await readConnection())).toEqual(NEW);
  });

  it('never mixes two overlapping saves: it ends with one of the two pairs', async () => {
    await saveConnection(OLD);
    const { handlers, usedSettings } = backgroundHandlers();
    const probesDone = probeAfterEachWrite(async () => void (await handlers['reports.list']({})));

    // One save moves to another server with its key; the other stays on the old server and keeps its key.
    const [moved, stayed] = await Promise.all([
      handlers['settings.save'](NEW),
      handlers['settings.save']({ baseUrl: `${OLD.baseUrl}/sub` }),
    ]);
    await probesDone();

    const stayedPair = { baseUrl: `${OLD.baseUrl}/sub`, apiKey: OLD.apiKey };
    expect([NEW, stayedPair]).toContainEqual(pairOf(await readConnection()));
    for (const used of usedSettings) expect([OLD, NEW, stayedPair]).toContainEqual(used);
    // Run one after the other, the second finds the address on the other server and asks for the key again.
    expect(moved).toMatchObject({ ok: true });
    expect(stayed).toMatchObject({ ok: false, error: { fieldErrors: { apiKey: [expect.any(String)] } } });
  });
});

describe('settings saved by the first versions (two items)', () => {
  it('are read as they are until they are moved', async () => {
    await fakeBrowser.storage.local.set({ baseUrl: OLD.baseUrl, apiKey: OLD.apiKey });
    expect(pairOf(await readConnection())).toEqual(OLD);
  });

  it('move into the one item, and the two old items are removed', async () => {
    await fakeBrowser.storage.local.set({ baseUrl: OLD.baseUrl, apiKey: OLD.apiKey });
    const reads: ConnectionSettings[] = [];
    const probesDone = probeAfterEachWrite(async () => void reads.push(pairOf(await readConnection())));
    await moveLegacyConnection();
    await probesDone();
    expect(await storedPairs()).toEqual([OLD]);
    expect(pairOf(await readConnection())).toEqual(OLD);
    // Read between its steps, the move never shows an empty or a mixed connection.
    for (const read of reads) expect(read).toEqual(OLD);
  });

  it('keep an address saved without a key', async () => {
    await fakeBrowser.storage.local.set({ baseUrl: OLD.baseUrl });
    await moveLegacyConnection();
    expect(await storedPairs()).toEqual([{ baseUrl: OLD.baseUrl, apiKey: '' }]);
  });

  it('lose to the one item when a move was cut short after writing it', async () => {
    await fakeBrowser.storage.local.set({ connection: NEW, baseUrl: OLD.baseUrl, apiKey: OLD.apiKey });
    expect(pairOf(await readConnection())).toEqual(NEW);
    await moveLegacyConnection();
    expect(await storedPairs()).toEqual([NEW]);
  });

  it('leave a profile without them untouched', async () => {
    await moveLegacyConnection();
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('never overwrite a save that the queue ran after the move', async () => {
    await fakeBrowser.storage.local.set({ baseUrl: OLD.baseUrl, apiKey: OLD.apiKey });
    const { handlers, queue } = backgroundHandlers();
    const moved = queue(moveLegacyConnection);
    const saved = handlers['settings.save'](NEW);
    await Promise.all([moved, saved]);
    expect(await storedPairs()).toEqual([NEW]);
  });

  it('are removed by the next save as well', async () => {
    await fakeBrowser.storage.local.set({ baseUrl: OLD.baseUrl, apiKey: OLD.apiKey });
    await saveConnection(NEW);
    expect(await storedPairs()).toEqual([NEW]);
  });
});

describe('version 2: several connections', () => {
  it('migrates a version 1 pair into the first, active entry named after its host', async () => {
    await fakeBrowser.storage.local.set({ connection: OLD, connection$: { v: 1 } });
    // The item's migration runs when the module defines it, as at a worker's start.
    vi.resetModules();
    const fresh = await import('@/entrypoints/background/settings/storage');
    expect(await fresh.readConnection()).toMatchObject(OLD);
    const stored = await fakeBrowser.storage.local.get(null);
    expect(stored.connection$).toEqual({ v: 2 });
    const { active, list } = stored.connection as { active: string; list: unknown[] };
    expect(list).toEqual([{ id: active, label: 'old.example', ...OLD }]);
    expect(active).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('leaves an empty profile empty, and keeps a list that is already version 2', () => {
    expect(connectionsFromPair(null)).toBeNull();
    expect(connectionsFromPair({ baseUrl: '', apiKey: '' })).toBeNull();
    const two = {
      active: 'b',
      list: [
        { id: 'a', label: 'A', ...OLD },
        { id: 'b', label: 'B', ...NEW },
      ],
    };
    expect(connectionsFromPair(two)).toBe(two);
  });

  it('reads and saves the active entry only; the others stay as they are', async () => {
    const two = {
      active: 'b',
      list: [
        { id: 'a', label: 'Client A', ...OLD },
        { id: 'b', label: 'new.example', ...NEW },
      ],
    };
    await fakeBrowser.storage.local.set({ connection: two, connection$: { v: 2 } });
    expect(await readConnection()).toEqual({ id: 'b', account: 'b', ...NEW });
    await saveConnection({ baseUrl: 'https://moved.example', apiKey: 'moved-key-3333' });
    const { list } = (await fakeBrowser.storage.local.get('connection')).connection as typeof two;
    expect(list).toEqual([
      two.list[0],
      // A label that only named the host follows the address.
      // Another address: another account, so work started for the old one never reaches it.
      {
        id: 'b',
        label: 'moved.example',
        baseUrl: 'https://moved.example',
        apiKey: 'moved-key-3333',
        account: expect.any(String),
      },
    ]);
  });
});
