import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { react } from '@/entrypoints/background/events';
import { createMessageRouter } from '@/entrypoints/background/router';
import type { ClientOf } from '@/entrypoints/background/service';
import { REF, setupHandlers } from './service-fixture';
import { apiError } from '@/entrypoints/background/error-messages';
import { errorAction, type Result } from '@/lib/api/errors';
import type { Account } from '@/lib/api/types';
import type { ConnectionSettings } from '@/entrypoints/background/settings/storage';

async function setup(initial: ConnectionSettings = { baseUrl: '', apiKey: '' }, granted = true) {
  const endpoints = {
    listReports: vi.fn(),
    getReport: vi.fn(),
    createReport: vi.fn(),
    updateReport: vi.fn(),
    deleteReport: vi.fn(),
    listProjects: vi.fn(),
    deleteProject: vi.fn(),
    // A server without GET /account by default (API.md's); phpRank's tests set an account.
    getAccount: vi.fn(async (): Promise<Result<Account | null>> => ({ ok: true, data: null })),
  };
  const client = endpoints as unknown as ReturnType<ClientOf> & typeof endpoints;
  return { ...(await setupHandlers(initial, () => client, granted)), client };
}

const connection = REF;
/** The connection the settings form shows: the saved one, or none yet. */
const SAVED = REF;
const NONE = { id: '', account: '' };
const GONE = 'This connection was removed or saved with another key. Reload to see the active one.';

const page = (total: number | null, count: number) => ({
  ok: true as const,
  data: { items: Array.from({ length: count }, (_, i) => ({ id: i })), total },
});

describe('settings handlers', () => {
  it.each(['', '   ', '\n'])('a blank key (%j) keeps the saved one', async (apiKey) => {
    const { handlers, stored } = await setup({ baseUrl: 'https://r.example', apiKey: 'old-key-0000' });
    await handlers['settings.save']({ connection: SAVED, baseUrl: 'https://r.example/sub', apiKey });
    expect(await stored()).toEqual({ baseUrl: 'https://r.example/sub', apiKey: 'old-key-0000' });
  });

  it('refuses a 10,000-character key with a sentence next to the key field', async () => {
    const { handlers, stored } = await setup();
    const route = createMessageRouter(handlers as never, {
      extensionId: 'abc',
      extensionBaseUrl: 'chrome-extension://abc/',
    });
    const answer = await route(
      {
        type: 'settings.save',
        payload: { connection: NONE, baseUrl: 'https://r.example', apiKey: 'k'.repeat(10_000) },
      },
      { id: 'abc', url: 'chrome-extension://abc/options.html' },
    );
    expect(answer).toMatchObject({
      ok: false,
      error: {
        kind: 'invalid_input',
        fieldErrors: { apiKey: [expect.stringMatching(/keys are at most 500/)] },
      },
    });
    expect((await stored()).apiKey).toBe('');
  });
  it('tells pages whether a key is set and its last four characters, never the key', async () => {
    const { handlers } = await setup({ baseUrl: 'https://r.example', apiKey: 'secret-key-1234' });
    const answer = await handlers['settings.get']({});
    expect(answer).toEqual({
      ok: true,
      data: {
        baseUrl: 'https://r.example',
        keySet: true,
        keyLastFour: '1234',
        hostPermission: true,
        connections: [
          { id: 'c', account: 'c', label: 'C', baseUrl: 'https://r.example', keySet: true, active: true },
        ],
      },
    });
    expect(JSON.stringify(answer)).not.toContain('secret');
  });

  it('says no key when none is stored', async () => {
    const { handlers } = await setup();
    expect(await handlers['settings.get']({})).toEqual({
      ok: true,
      data: { baseUrl: '', keySet: false, keyLastFour: null, hostPermission: false, connections: [] },
    });
  });

  it('normalises the base URL and trims the key on save', async () => {
    const { handlers, stored } = await setup();
    const answer = await handlers['settings.save']({
      connection: NONE,
      baseUrl: ' https://r.example/sub/api/v1/ ',
      apiKey: '  key-abc-9876 \n',
    });
    expect(await stored()).toEqual({ baseUrl: 'https://r.example/sub', apiKey: 'key-abc-9876' });
    expect(answer).toMatchObject({
      ok: true,
      data: { baseUrl: 'https://r.example/sub', keyLastFour: '9876' },
    });
  });

  it('keeps the stored key when no key is sent and the server stays the same', async () => {
    const { handlers, stored } = await setup({ baseUrl: 'https://r.example', apiKey: 'kept-0000' });
    await handlers['settings.save']({ connection: SAVED, baseUrl: 'https://r.example/sub' });
    expect(await stored()).toEqual({ baseUrl: 'https://r.example/sub', apiKey: 'kept-0000' });
  });

  it('never lets a saved key follow the address to another server', async () => {
    const { handlers, stored } = await setup({ baseUrl: 'https://r.example', apiKey: 'kept-0000' });
    const answer = await handlers['settings.save']({
      connection: SAVED,
      baseUrl: 'https://r.example.evil.test',
    });
    expect(answer).toMatchObject({
      ok: false,
      error: {
        kind: 'invalid_input',
        fieldErrors: { apiKey: [expect.stringContaining('Enter the API key again')] },
      },
    });
    expect(await stored()).toEqual({ baseUrl: 'https://r.example', apiKey: 'kept-0000' });
    await handlers['settings.save']({
      connection: SAVED,
      baseUrl: 'https://other.example',
      apiKey: 'new-key-1111',
    });
    expect(await stored()).toEqual({ baseUrl: 'https://other.example', apiKey: 'new-key-1111' });
  });

  it('refuses a key with spaces inside, next to the key field', async () => {
    const { handlers, stored } = await setup();
    const answer = await handlers['settings.save']({
      connection: NONE,
      baseUrl: 'https://r.example',
      apiKey: 'two words',
    });
    expect(answer).toMatchObject({ ok: false, error: { fieldErrors: { apiKey: [expect.any(String)] } } });
    expect(await stored()).toEqual({ baseUrl: '', apiKey: '' });
  });

  it('does not reveal the end of a key so short that four characters say too much', async () => {
    const { handlers } = await setup({ baseUrl: 'https://r.example', apiKey: 'abcde' });
    expect(await handlers['settings.get']({})).toMatchObject({
      ok: true,
      data: { keySet: true, keyLastFour: null },
    });
  });

  it('refuses an insecure base URL and stores nothing', async () => {
    const { handlers, stored } = await setup({ baseUrl: 'https://old.example', apiKey: 'k' });
    const answer = await handlers['settings.save']({
      connection: SAVED,
      baseUrl: 'http://r.example',
      apiKey: 'new',
    });
    expect(answer).toMatchObject({
      ok: false,
      error: { kind: 'invalid_input', fieldErrors: { baseUrl: [expect.any(String)] } },
    });
    expect(await stored()).toEqual({ baseUrl: 'https://old.example', apiKey: 'k' });
  });

  it('after a save that changed the connection, tells the old address (to give up the old origin), never a key', async () => {
    const { handlers, events } = await setup({ baseUrl: 'https://old.example', apiKey: 'old-key-1' });
    await handlers['settings.save']({ connection: SAVED, baseUrl: 'https://old.example' });
    expect(events.emit).not.toHaveBeenCalled();
    await handlers['settings.save']({
      connection: SAVED,
      baseUrl: 'https://new.example',
      apiKey: 'new-key-2',
    });
    expect(events.emit.mock.calls).toEqual([
      ['connection.removed', { id: 'c', baseUrl: 'https://old.example' }],
    ]);
  });

  it('reports a save as done when what follows it fails, and says why in the log', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { handlers, events, stored } = await setup({ baseUrl: 'https://old.example', apiKey: 'old-key-1' });
    events.emit.mockImplementation((type) =>
      react(type, [() => type !== 'connection.removed' || Promise.reject(new Error('permission API gone'))]),
    );
    const answer = await handlers['settings.save']({
      connection: SAVED,
      baseUrl: 'https://new.example',
      apiKey: 'new-key-2',
    });
    expect(answer).toMatchObject({ ok: true, data: { baseUrl: 'https://new.example' } });
    expect(await stored()).toEqual({ baseUrl: 'https://new.example', apiKey: 'new-key-2' });
    expect(warn).toHaveBeenCalledWith('Page Reports: after', 'connection.removed', expect.any(Error));
  });

  it('runs saves one at a time: the second reads what the first wrote', async () => {
    const { handlers, stored } = await setup({ baseUrl: 'https://x.example', apiKey: 'key-x' });
    let release!: () => void;
    const write = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
    vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementationOnce(async (items) => {
      await new Promise<void>((resolve) => (release = resolve));
      await write(items);
    });
    const first = handlers['settings.save']({
      connection: SAVED,
      baseUrl: 'https://a.example',
      apiKey: 'key-a-0000',
    });
    // The connection as it is now: refused once the first save has made it another account.
    const second = handlers['settings.save']({ connection: SAVED, baseUrl: 'https://x.example/sub' });
    await vi.waitFor(() => expect(release).toBeTypeOf('function'));
    release();
    expect(await first).toMatchObject({ ok: true });
    expect(await second).toMatchObject({ ok: false, error: { kind: 'not_configured', message: GONE } });
    expect(await stored()).toEqual({ baseUrl: 'https://a.example', apiKey: 'key-a-0000' });
  });

  it.each([
    ['saved as another account since', { id: 'c', account: 'before' }],
    ['another connection than the active one', { id: 'other', account: 'other' }],
    ['none, while one is saved now', NONE],
  ])(
    'refuses a save naming %s, with a sentence and the way to settings, and stores nothing',
    async (_, named) => {
      const { handlers, events, createClient, stored } = await setup({
        baseUrl: 'https://r.example',
        apiKey: 'kept-0000',
      });
      for (const checkKey of [false, true]) {
        const answer = await handlers['settings.save']({
          connection: named,
          baseUrl: 'https://r.example',
          apiKey: 'new-key-1111',
          checkKey,
        });
        expect(answer).toMatchObject({ ok: false, error: { kind: 'not_configured', message: GONE } });
        if (!answer.ok) expect(errorAction(answer.error)).toBe('open_settings');
      }
      expect(await stored()).toEqual({ baseUrl: 'https://r.example', apiKey: 'kept-0000' });
      expect(createClient).not.toHaveBeenCalled();
      expect(events.emit).not.toHaveBeenCalled();
    },
  );

  it('tests the connection with one page of reports and reports the total', async () => {
    const { handlers, client, createClient } = await setup({ baseUrl: 'https://r.example', apiKey: 'k' });
    client.listReports.mockResolvedValue(page(137, 10));
    expect(await handlers['settings.test']({ connection })).toEqual({
      ok: true,
      data: { total: 137, count: 10, account: null },
    });
    expect(client.listReports).toHaveBeenCalledWith({ perPage: 10 });
    expect(createClient).toHaveBeenCalledWith(
      expect.objectContaining({ baseUrl: 'https://r.example', apiKey: 'k' }),
    );
  });

  it('names the account when the server has GET /account (phpRank), and ignores it when it fails', async () => {
    const { handlers, client } = await setup({ baseUrl: 'https://r.example', apiKey: 'k' });
    client.listReports.mockResolvedValue(page(137, 10));
    client.getAccount.mockResolvedValueOnce({ ok: true, data: { name: 'Ada', plan: 'Pro' } });
    expect(await handlers['settings.test']({ connection })).toEqual({
      ok: true,
      data: { total: 137, count: 10, account: { name: 'Ada', plan: 'Pro' } },
    });
    client.getAccount.mockResolvedValueOnce({ ok: false, error: apiError('unexpected') });
    expect(await handlers['settings.test']({ connection })).toEqual({
      ok: true,
      data: { total: 137, count: 10, account: null },
    });
  });

  it('passes on what failed when testing', async () => {
    const { handlers, client } = await setup({ baseUrl: 'https://r.example', apiKey: 'k' });
    client.listReports.mockResolvedValue({ ok: false, error: apiError('unauthorized') });
    expect(await handlers['settings.test']({ connection })).toMatchObject({
      ok: false,
      error: { kind: 'unauthorized' },
    });
  });
});

describe('a save that tries the key first', () => {
  const OLD = { baseUrl: 'https://r.example', apiKey: 'working-key-0000' };
  const NEW_KEY = 'new-key-of-r-1111';

  it('saves an accepted key and says what the test found, with a client made from the new key', async () => {
    const { handlers, client, createClient, stored } = await setup(OLD);
    client.listReports.mockResolvedValue(page(12, 10));
    const answer = await handlers['settings.save']({
      connection: SAVED,
      baseUrl: OLD.baseUrl,
      apiKey: NEW_KEY,
      checkKey: true,
    });
    expect(answer).toMatchObject({
      ok: true,
      data: { keyLastFour: '1111', keyCheck: { outcome: 'accepted', found: { total: 12, count: 10 } } },
    });
    expect(createClient).toHaveBeenCalledWith(expect.objectContaining({ apiKey: NEW_KEY }));
    expect(await stored()).toEqual({ baseUrl: OLD.baseUrl, apiKey: NEW_KEY });
  });

  it('keeps the working key when the service rejects a new one, and answers its refusal (key scrubbed)', async () => {
    const { handlers, client, events, stored } = await setup(OLD);
    client.listReports.mockResolvedValue({
      ok: false,
      error: apiError('unauthorized', { status: 401, detail: `Bad token ${NEW_KEY}` }),
    });
    const answer = await handlers['settings.save']({
      connection: SAVED,
      baseUrl: OLD.baseUrl,
      apiKey: NEW_KEY,
      checkKey: true,
    });
    expect(answer).toMatchObject({ ok: false, error: { kind: 'unauthorized', status: 401 } });
    expect(JSON.stringify(answer)).not.toContain(NEW_KEY);
    expect(await stored()).toEqual(OLD);
    expect(events.emit).not.toHaveBeenCalled();
  });

  it('saves a key the service rejects when asked to without the check (the person confirmed)', async () => {
    const { handlers, createClient, stored } = await setup(OLD);
    expect(
      await handlers['settings.save']({ connection: SAVED, baseUrl: OLD.baseUrl, apiKey: NEW_KEY }),
    ).toMatchObject({
      ok: true,
    });
    expect(createClient).not.toHaveBeenCalled();
    expect(await stored()).toEqual({ baseUrl: OLD.baseUrl, apiKey: NEW_KEY });
  });

  it('says the saved key is rejected when it is saved again unchanged', async () => {
    const { handlers, client, stored } = await setup(OLD);
    client.listReports.mockResolvedValue({ ok: false, error: apiError('forbidden', { status: 403 }) });
    expect(
      await handlers['settings.save']({ connection: SAVED, baseUrl: OLD.baseUrl, checkKey: true }),
    ).toMatchObject({
      ok: true,
      data: { keyCheck: { outcome: 'rejected', error: { kind: 'forbidden' } } },
    });
    expect(await stored()).toEqual(OLD);
  });

  it.each(['network', 'timeout', 'server'] as const)(
    'saves when the key could not be checked (%s), and says so',
    async (kind) => {
      const { handlers, client, stored } = await setup(OLD);
      client.listReports.mockResolvedValue({ ok: false, error: apiError(kind) });
      expect(
        await handlers['settings.save']({
          connection: SAVED,
          baseUrl: OLD.baseUrl,
          apiKey: NEW_KEY,
          checkKey: true,
        }),
      ).toMatchObject({ ok: true, data: { keyCheck: { outcome: 'unchecked', error: { kind } } } });
      expect(await stored()).toEqual({ baseUrl: OLD.baseUrl, apiKey: NEW_KEY });
    },
  );

  it('tries nothing for a form it refuses', async () => {
    const { handlers, createClient } = await setup(OLD);
    await handlers['settings.save']({
      connection: SAVED,
      baseUrl: 'https://elsewhere.example',
      checkKey: true,
    });
    expect(createClient).not.toHaveBeenCalled();
  });
});

describe('API handlers', () => {
  it('answers "not configured" without a key, and builds no client', async () => {
    const { handlers, createClient } = await setup({ baseUrl: 'https://r.example', apiKey: '' });
    expect(await handlers['reports.list']({ connection })).toMatchObject({
      ok: false,
      error: { kind: 'not_configured' },
    });
    expect(createClient).not.toHaveBeenCalled();
  });

  it('turns a network failure into "permission missing" when the origin was never granted', async () => {
    const { handlers, client } = await setup({ baseUrl: 'https://r.example', apiKey: 'k' }, false);
    client.listReports.mockResolvedValue({
      ok: false,
      error: apiError('network', { detail: 'Failed to fetch' }),
    });
    const answer = await handlers['reports.list']({ connection });
    expect(answer).toMatchObject({ ok: false, error: { kind: 'permission', detail: 'Failed to fetch' } });
    if (!answer.ok) expect(answer.error.message).toContain('https://r.example');
  });

  it('keeps a network failure as it is when permission is granted', async () => {
    const { handlers, client } = await setup({ baseUrl: 'https://r.example', apiKey: 'k' }, true);
    client.listReports.mockResolvedValue({ ok: false, error: apiError('network') });
    expect(await handlers['reports.list']({ connection })).toMatchObject({
      ok: false,
      error: { kind: 'network' },
    });
  });

  it('asks the server for what each message names and answers what it said', async () => {
    const { handlers, client } = await setup({ baseUrl: 'https://r.example', apiKey: 'k' });
    for (const fn of Object.values(client))
      (fn as ReturnType<typeof vi.fn>).mockResolvedValue({ ok: true, data: 'done' });
    client.getReport.mockImplementation(async (id: number) => ({
      ok: true,
      data: { id, url: 'example.com/7' },
    }));
    expect(await handlers['reports.get']({ connection, id: 7 })).toEqual({
      ok: true,
      data: { id: 7, url: 'example.com/7' },
    });
    await handlers['reports.create']({ connection, url: 'https://a.example', privacy: 2, password: 'pw' });
    await handlers['reports.update']({ connection, id: '8', privacy: 1, regenerate: true });
    await handlers['reports.delete']({ connection, id: 9 });
    await handlers['projects.list']({ connection, search: 'x', perPage: 25 });
    await handlers['projects.delete']({ connection, name: 'Client A / Landing pages' });
    expect(client.createReport).toHaveBeenCalledWith({
      url: 'https://a.example',
      privacy: 2,
      password: 'pw',
    });
    expect(client.updateReport).toHaveBeenCalledWith('8', { privacy: 1, regenerate: true });
    expect(client.deleteReport).toHaveBeenCalledWith(9);
    expect(client.listProjects).toHaveBeenCalledWith({ search: 'x', perPage: 25 });
    expect(client.deleteProject).toHaveBeenCalledWith('Client A / Landing pages');
  });
});
