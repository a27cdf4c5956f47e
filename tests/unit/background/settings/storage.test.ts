// The address and the key as the background stores them: one item, one write, saves one at a time.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Result } from '@/lib/api/errors';
import { handlersOver } from '../service-fixture';
import {
  readConnection,
  readConnections,
  refOf,
  saveConnection,
  type Connections,
  type ConnectionSettings,
} from '@/entrypoints/background/settings/storage';

/** The address and the key, without the entry's id (random). */
const pairOf = ({ baseUrl, apiKey }: ConnectionSettings) => ({ baseUrl, apiKey });

/** What storage.local holds: only the list and its keys (by account), as address-key pairs. */
async function storedPairs() {
  const { connection, connectionKeys = {}, ...rest } = await fakeBrowser.storage.local.get(null);
  expect(Object.keys(rest)).toEqual([]);
  const keys = connectionKeys as Record<string, string>;
  return (connection as Connections | undefined)?.list.map((entry) => ({
    baseUrl: entry.baseUrl,
    apiKey: keys[refOf(entry).account] ?? '',
  }));
}

const NONE = { id: '', account: '' };
/** The active connection's handle, as the settings form names it. */
const shown = async () => refOf(await readConnection());

const OLD = { baseUrl: 'https://old.example', apiKey: 'old-key-1111' };
const NEW = { baseUrl: 'https://new.example', apiKey: 'new-key-2222' };

/** The background's settings handlers over the real storage, with the connections saved so far. */
function backgroundHandlers() {
  const usedSettings: ConnectionSettings[] = [];
  const { handlers } = handlersOver((settings) => {
    // What a request would send, and to where.
    usedSettings.push(pairOf(settings));
    // An empty page of reports: only where the request went matters here.
    const answer = async (): Promise<Result<never>> => ({ ok: true, data: { items: [] } as never });
    return { listReports: answer } as never;
  });
  return { handlers, usedSettings };
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

  it('reads the single pair of a development build as no connection, and saves a new one over it', async () => {
    await fakeBrowser.storage.local.set({ connection: OLD });
    expect(pairOf(await readConnection())).toEqual({ baseUrl: '', apiKey: '' });
    const answer = await backgroundHandlers().handlers['settings.save']({ connection: NONE, ...NEW });
    expect(answer.ok).toBe(true);
    expect(await storedPairs()).toEqual([NEW]);
  });

  it('never lets a request see the new address with the old key while a save is half done', async () => {
    await saveConnection(OLD);
    const { handlers, usedSettings } = backgroundHandlers();
    const probesDone = probeAfterEachWrite(
      async () => void (await handlers['reports.list']({ connection: refOf(await readConnection()) })),
    );

    expect(await handlers['settings.save']({ connection: await shown(), ...NEW })).toMatchObject({
      ok: true,
    });
    await probesDone();

    expect(usedSettings.length).toBeGreaterThan(0);
    for (const used of usedSettings) expect([OLD, NEW]).toContainEqual(used);
    expect(pairOf(await readConnection())).toEqual(NEW);
  });

  it('never mixes two overlapping saves: it ends with one of the two pairs', async () => {
    await saveConnection(OLD);
    const { handlers, usedSettings } = backgroundHandlers();
    const probesDone = probeAfterEachWrite(
      async () => void (await handlers['reports.list']({ connection: refOf(await readConnection()) })),
    );

    // One save moves to another server with its key; the other stays on the old server and keeps its key.
    const connection = await shown();
    const [moved, stayed] = await Promise.all([
      handlers['settings.save']({ connection, ...NEW }),
      handlers['settings.save']({ connection, baseUrl: `${OLD.baseUrl}/sub` }),
    ]);
    await probesDone();

    const stayedPair = { baseUrl: `${OLD.baseUrl}/sub`, apiKey: OLD.apiKey };
    expect([NEW, stayedPair]).toContainEqual(pairOf(await readConnection()));
    for (const used of usedSettings) expect([OLD, NEW, stayedPair]).toContainEqual(used);
    // Run one after the other, the second finds its connection saved as another account and is refused.
    expect(moved).toMatchObject({ ok: true });
    expect(stayed).toMatchObject({ ok: false, error: { kind: 'not_configured' } });
  });
});

describe('several connections', () => {
  it('reads and saves the active entry only; the others stay as they are', async () => {
    const two = {
      active: 'b',
      list: [
        { id: 'a', label: 'Client A', ...OLD },
        { id: 'b', label: 'new.example', ...NEW },
      ],
    };
    await fakeBrowser.storage.local.set({ connection: two });
    expect(await readConnection()).toEqual({ id: 'b', account: 'b', ...NEW });
    await saveConnection({ baseUrl: 'https://moved.example', apiKey: 'moved-key-3333' });
    const { list } = await readConnections();
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
