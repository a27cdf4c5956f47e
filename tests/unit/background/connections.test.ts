// Several connections: the background's add, rename, remove and switch, what they refuse, what
// pages learn (never a key), the key of each going only to its own server, and an answer of one connection
// that arrives after a switch kept out of the other's caches.
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { apiError } from '@/entrypoints/background/error-messages';
import type { ApiClient } from '@/entrypoints/background/service/client';
import { readConnections, writeConnections } from '@/entrypoints/background/settings/storage';
import type { Result } from '@/lib/api/errors';
import type { Page, Report } from '@/lib/api/types';
import type { Connection, Connections, ConnectionSettings } from '@/entrypoints/background/settings/storage';
import { handlersOver } from './service-fixture';

const A: Connection = { id: 'a', label: 'Client A', baseUrl: 'https://a.example', apiKey: 'key-of-a-1111' };
const B: Connection = { id: 'b', label: 'b.example', baseUrl: 'https://b.example', apiKey: 'key-of-b-2222' };

async function setup(initial: Connections = { active: 'a', list: [A] }) {
  const sent: ConnectionSettings[] = [];
  const list = vi.fn(async (): Promise<Result<Page<Report>>> => ({ ok: true, data: { items: [] } as never }));
  const clientOf = (settings: ConnectionSettings) => {
    sent.push(settings);
    return { listReports: list, getAccount: async () => ({ ok: true, data: null }) } as unknown as ApiClient;
  };
  fakeBrowser.reset();
  await writeConnections(initial);
  const { handlers, events } = handlersOver(clientOf);
  return { handlers, stored: readConnections, events, sent, list };
}

const refused = (field: string) => ({
  ok: false,
  error: { kind: 'invalid_input', fieldErrors: { [field]: [expect.any(String)] } },
});

describe('adding a connection', () => {
  it('stores it with a random id, makes it active, and tells who must know', async () => {
    const { handlers, stored, events } = await setup();
    const answer = await handlers['connections.add']({
      baseUrl: 'https://b.example/api/v1',
      apiKey: ' key-of-b-2222 ',
    });
    const added = (await stored()).list[1]!;
    expect(added).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      label: 'b.example',
      baseUrl: 'https://b.example',
      apiKey: 'key-of-b-2222',
    });
    expect((await stored()).active).toBe(added.id);
    expect(events.emit).not.toHaveBeenCalled();
    expect(answer).toMatchObject({
      ok: true,
      data: {
        baseUrl: 'https://b.example',
        connections: [
          { id: 'a', label: 'Client A', baseUrl: 'https://a.example', keySet: true, active: false },
          { id: added.id, label: 'b.example', baseUrl: 'https://b.example', keySet: true, active: true },
        ],
      },
    });
    expect(JSON.stringify(answer)).not.toMatch(/key-of/);
  });

  it.each([
    ['an address that is not https', { baseUrl: 'http://b.example', apiKey: 'key-of-b-2222' }, 'baseUrl'],
    ['no key', { baseUrl: 'https://b.example', apiKey: '  ' }, 'apiKey'],
    ['a key with spaces inside', { baseUrl: 'https://b.example', apiKey: 'key of b' }, 'apiKey'],
    ['a key too long', { baseUrl: 'https://b.example', apiKey: 'k'.repeat(501) }, 'apiKey'],
    [
      'a key too short to be taken out of replies',
      { baseUrl: 'https://b.example', apiKey: 'key-b12' },
      'apiKey',
    ],
    [
      'a name too long',
      { label: 'n'.repeat(101), baseUrl: 'https://b.example', apiKey: 'key-of-b-2222' },
      'label',
    ],
  ])('refuses %s, next to its field, and stores nothing', async (_name, input, field) => {
    const { handlers, stored, events } = await setup();
    expect(await handlers['connections.add'](input)).toMatchObject(refused(field));
    expect((await stored()).list).toEqual([A]);
    expect(events.emit).not.toHaveBeenCalled();
  });
});

describe('adding a connection whose key is tried first', () => {
  const input = { baseUrl: 'https://b.example', apiKey: B.apiKey, checkKey: true };

  it('adds it when the service accepts its key, tried on its own server with its own key', async () => {
    const { handlers, stored, sent } = await setup();
    expect(await handlers['connections.add'](input)).toMatchObject({
      ok: true,
      data: { keyCheck: { outcome: 'accepted' } },
    });
    expect(sent).toEqual([expect.objectContaining({ baseUrl: 'https://b.example', apiKey: B.apiKey })]);
    expect((await stored()).list).toHaveLength(2);
  });

  it('adds nothing when the service rejects the key, and answers its refusal', async () => {
    const { handlers, stored, list, events } = await setup();
    list.mockResolvedValue({ ok: false, error: apiError('unauthorized', { status: 401 }) });
    expect(await handlers['connections.add'](input)).toMatchObject({
      ok: false,
      error: { kind: 'unauthorized', status: 401 },
    });
    expect((await stored()).list).toEqual([A]);
    expect(events.emit).not.toHaveBeenCalled();
  });

  it('adds it when the service cannot be reached, and says the key is unchecked', async () => {
    const { handlers, stored, list } = await setup();
    list.mockResolvedValue({ ok: false, error: apiError('network') });
    expect(await handlers['connections.add'](input)).toMatchObject({
      ok: true,
      data: { keyCheck: { outcome: 'unchecked', error: { kind: 'network' } } },
    });
    expect((await stored()).list).toHaveLength(2);
  });
});

describe('renaming, switching and removing', () => {
  it('renames one connection; a blank or unknown one is refused', async () => {
    const { handlers, stored } = await setup({ active: 'a', list: [A, B] });
    expect(await handlers['connections.rename']({ id: 'b', label: '  Client B ' })).toMatchObject({
      ok: true,
    });
    expect((await stored()).list.map((entry) => entry.label)).toEqual(['Client A', 'Client B']);
    expect(await handlers['connections.rename']({ id: 'b', label: '   ' })).toMatchObject(refused('label'));
    expect(await handlers['connections.rename']({ id: 'zz', label: 'X' })).toMatchObject(refused('id'));
  });

  it('switches: the next request goes to the new server with its own key only', async () => {
    const { handlers, events, sent } = await setup({ active: 'a', list: [A, B] });
    await handlers['reports.list']({ connection: { id: 'a', account: 'a' } });
    expect(await handlers['connections.switch']({ id: 'b' })).toMatchObject({
      ok: true,
      data: { baseUrl: B.baseUrl },
    });
    const told = vi.mocked(events.emit).mock.calls.filter(([type]) => type.startsWith('connection.'));
    expect(told).toEqual([]);
    await handlers['reports.list']({ connection: { id: 'b', account: 'b' } });
    expect(sent.map(({ baseUrl, apiKey }) => [baseUrl, apiKey])).toEqual([
      [A.baseUrl, A.apiKey],
      [B.baseUrl, B.apiKey],
    ]);
    expect(await handlers['connections.switch']({ id: 'zz' })).toMatchObject(refused('id'));
  });

  it('tests a connection that is not active with its own address and key', async () => {
    const { handlers, sent } = await setup({ active: 'a', list: [A, B] });
    expect(await handlers['settings.test']({ connection: { id: 'b', account: 'b' } })).toMatchObject({
      ok: true,
    });
    expect(sent).toMatchObject([{ baseUrl: B.baseUrl, apiKey: B.apiKey }]);
    expect(sent).toHaveLength(1);
    expect(await handlers['settings.test']({ connection: { id: 'zz', account: 'zz' } })).toMatchObject({
      ok: false,
      error: { kind: 'not_configured' },
    });
  });

  it('removing the active one makes the next one active; removing the last leaves none', async () => {
    const { handlers, stored, events } = await setup({ active: 'a', list: [A, B] });
    await handlers['connections.remove']({ id: 'a' });
    expect(await stored()).toEqual({ active: 'b', list: [B] });
    // Everything kept under its id goes with it (wiring.ts), and B is active now.
    expect(events.emit.mock.calls).toEqual([['connection.removed', { id: 'a', baseUrl: A.baseUrl }]]);
    const answer = await handlers['connections.remove']({ id: 'b' });
    expect(await stored()).toEqual({ active: '', list: [] });
    expect(answer).toMatchObject({ ok: true, data: { baseUrl: '', keySet: false, connections: [] } });
  });

  it('removing one that is not active switches nothing', async () => {
    const { handlers, stored, events } = await setup({ active: 'a', list: [A, B] });
    await handlers['connections.remove']({ id: 'b' });
    expect(await stored()).toEqual({ active: 'a', list: [A] });
    expect(events.emit.mock.calls).toEqual([['connection.removed', { id: 'b', baseUrl: B.baseUrl }]]);
  });
});

describe('an answer that arrives after a switch', () => {
  it('is the answer of the connection its page named, and is given to that page', async () => {
    const { handlers, list } = await setup({ active: 'a', list: [A, B] });
    let answer!: (value: Result<Page<Report>>) => void;
    list.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const asked = handlers['reports.list']({ connection: { id: 'a', account: 'a' } });
    await vi.waitFor(() => expect(list).toHaveBeenCalled());
    await handlers['connections.switch']({ id: 'b' });
    answer({ ok: true, data: { items: [], total: 7 } as never });
    expect(await asked).toMatchObject({ ok: true, data: { total: 7 } });
  });

  it('is kept when the connection did not change meanwhile', async () => {
    const { handlers } = await setup({ active: 'a', list: [A, B] });
    expect(await handlers['reports.list']({ connection: { id: 'a', account: 'a' } })).toMatchObject({
      ok: true,
    });
  });
});
