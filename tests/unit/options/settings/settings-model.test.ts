import { describe, expect, it, vi } from 'vitest';
import { connectedText, createSettingsModel } from '@/entrypoints/options/settings/settings-model';
import { apiError } from '@/entrypoints/background/error-messages';
import type { KeyCheck, SettingsSummary } from '@/lib/messaging/protocol';
import { KEY_REQUIRED_FOR_NEW_SERVER } from '@/lib/settings/rules';
import { callsOf, deferred, fail, fakeSend, ok, type Handlers } from '../fakes';
import { fakeOriginPermissions } from './fake-permissions';

vi.mock('@/lib/messaging/send', () => ({ send: vi.fn() }));

const saved: SettingsSummary = {
  baseUrl: 'https://r.example',
  keySet: true,
  keyLastFour: 'wxyz',
  hostPermission: true,
};

/** The connection a form names while its summary lists none. */
const NONE = { id: '', account: '' };

const none: SettingsSummary = { baseUrl: '', keySet: false, keyLastFour: null, hostPermission: false };

const accepted: KeyCheck = { outcome: 'accepted', found: { total: 137, count: 10, account: null } };
const unauthorized = () => fail('unauthorized', { status: 401 });
/** The save answered with what the key check found. */
const savedWith =
  (keyCheck: KeyCheck) =>
  ({ baseUrl }: { baseUrl: string }) =>
    ok({ ...saved, baseUrl, keyCheck });

function setup(handlers: Handlers = {}, granted = true) {
  const send = fakeSend({
    'settings.get': () => ok(saved),
    'settings.save': savedWith(accepted),
    ...handlers,
  });
  const { requestPermission } = fakeOriginPermissions(granted);
  const model = createSettingsModel();
  return { model, send, requestPermission };
}

describe('settings model', () => {
  it('is closed until the saved settings arrive, then shows the address (never the key)', async () => {
    const { model } = setup();
    expect(model.loaded.value).toBe(false);
    await model.load();
    expect(model.loaded.value).toBe(true);
    expect(model.values.value.baseUrl).toBe('https://r.example');
    expect(model.values.value.apiKey).toBe('');
    expect(model.summary.value).toEqual(saved);
  });

  it('says why the saved settings could not be read, and opens the fields all the same', async () => {
    const { model } = setup({ 'settings.get': () => fail('unexpected', { message: 'No answer.' }) });
    await model.load();
    expect(model.loaded.value).toBe(true);
    expect(model.status.value).toEqual({ tone: 'error', text: 'No answer.' });
  });

  it('asks for access before anything is awaited, then saves the normalised address and the trimmed key', async () => {
    const { model, send, requestPermission } = setup({ 'settings.get': () => ok(none) });
    await model.load();
    model.setValue('baseUrl', 'https://r.example/api/v1/');
    model.setValue('apiKey', ' key-1234 ');
    const saving = model.save();
    expect(requestPermission).toHaveBeenCalledWith(['https://r.example/*']);
    expect(model.status.value).toEqual({ tone: 'info', text: 'Saving…' });
    expect(await saving).toEqual({ ...saved, baseUrl: 'https://r.example', keyCheck: accepted });
    expect(callsOf(send, 'settings.save')).toEqual([
      { connection: NONE, baseUrl: 'https://r.example', apiKey: 'key-1234', checkKey: true },
    ]);
    expect(model.busy.value).toBe(false);
    expect(model.values.value.apiKey).toBe('');
    expect(model.status.value).toEqual({
      tone: 'success',
      text: 'Settings saved. The service accepted the key.',
    });
  });

  it('leaves the key out when the field is empty, so the saved one stays', async () => {
    const { model, send } = setup();
    await model.load();
    await model.save();
    expect(callsOf(send, 'settings.save')).toEqual([
      { connection: NONE, baseUrl: 'https://r.example', checkKey: true },
    ]);
  });

  it('checks the form against the saved connection: its key may stay, not go to another server', async () => {
    const { model, send } = setup({ 'settings.get': () => ok({ ...saved, keySet: false }) });
    await model.load();
    expect(await model.save()).toBeNull();
    expect(model.errors.value).toEqual({ apiKey: expect.stringMatching(/Enter your API key/) });

    const other = setup();
    await other.model.load();
    other.model.setValue('baseUrl', 'https://r-example.test');
    expect(await other.model.save()).toBeNull();
    expect(other.model.errors.value.apiKey).toBe(KEY_REQUIRED_FOR_NEW_SERVER);
    other.model.setValue('apiKey', 'key-5678');
    expect(await other.model.save()).not.toBeNull();
    expect(other.model.errors.value).toEqual({});
    expect(callsOf(send, 'settings.save')).toEqual([]);
  });

  it('saves even when access is refused, and says that CORS then decides', async () => {
    const { model } = setup({}, false);
    await model.load();
    await model.save();
    expect(model.status.value).toEqual({
      tone: 'info',
      text: expect.stringMatching(/access to https:\/\/r.example was not granted.*CORS/),
    });
  });

  it('tests the connection in the save itself, busy while it runs', async () => {
    const answer = deferred<Awaited<ReturnType<NonNullable<Handlers['settings.save']>>>>();
    const { model, send } = setup({ 'settings.save': () => answer.promise });
    await model.load();
    const testing = model.save({ asTest: true });
    expect(model.status.value?.text).toBe('Testing the connection…');
    expect(model.busy.value).toBe(true);
    answer.resolve(ok({ ...saved, keyCheck: accepted }));
    await testing;
    expect(callsOf(send, 'settings.save')).toEqual([
      { connection: NONE, baseUrl: 'https://r.example', checkKey: true },
    ]);
    expect(callsOf(send, 'settings.test')).toEqual([]);
    expect(model.busy.value).toBe(false);
    expect(model.status.value).toEqual({ tone: 'success', text: 'Connected: 137 reports' });
  });

  it('says exactly what failed when the test fails', async () => {
    const error = apiError('unexpected', { message: 'Odd answer.', detail: 'data: expected array' });
    const { model } = setup({ 'settings.save': savedWith({ outcome: 'unchecked', error }) });
    await model.load();
    await model.save({ asTest: true });
    expect(model.status.value).toEqual({
      tone: 'error',
      text: 'Odd answer.',
      detail: 'data: expected array',
    });
  });

  it('does not test what it could not save', async () => {
    const { model, send } = setup();
    await model.load();
    model.setValue('baseUrl', 'not a url');
    await model.save({ asTest: true });
    expect(callsOf(send, 'settings.save')).toEqual([]);
  });
});

describe('settings model: what a save says of the key', () => {
  async function typedKey(handlers: Handlers, before: SettingsSummary = saved) {
    const context = setup({ 'settings.get': () => ok(before), ...handlers });
    await context.model.load();
    context.model.setValue('apiKey', 'key-rejected-0000');
    return context;
  }

  it('keeps the saved key when the service rejects a new one, and offers to save it anyway', async () => {
    const { model, send } = await typedKey({ 'settings.save': unauthorized });
    expect(await model.save()).toBeNull();
    expect(model.status.value).toEqual({
      tone: 'error',
      text: 'The service rejected this key (401), so it was not saved. Your saved key is still in use.',
    });
    expect(model.rejected.value).toBe(true);
    expect(model.summary.value).toEqual(saved);
    // Still typed: "Save anyway" sends it, without the check.
    expect(model.values.value.apiKey).toBe('key-rejected-0000');
    send.mockImplementation(async () => ok(saved));
    expect(await model.save({ anyway: true })).not.toBeNull();
    expect(callsOf(send, 'settings.save')).toEqual([
      { connection: NONE, baseUrl: 'https://r.example', apiKey: 'key-rejected-0000', checkKey: true },
      { connection: NONE, baseUrl: 'https://r.example', apiKey: 'key-rejected-0000' },
    ]);
    expect(model.status.value).toEqual({ tone: 'success', text: 'Settings saved.' });
    expect(model.rejected.value).toBe(false);
  });

  it('says nothing was saved when the first key is rejected; a 403 names its status', async () => {
    const { model } = await typedKey({ 'settings.save': () => fail('forbidden', { status: 403 }) }, none);
    model.setValue('baseUrl', 'https://r.example');
    await model.save();
    expect(model.status.value?.text).toBe(
      'The service rejected this key (403), so nothing was saved. Check the key, or save it anyway.',
    );
  });

  it.each([
    ['network', 'Settings saved, but the service could not be reached to check the key.', undefined],
    ['timeout', 'Settings saved, but the service could not be reached to check the key.', undefined],
    ['server', 'Settings saved, but the key could not be checked.', 'The service had a problem.'],
  ] as const)('saves when the check fails (%s) and says so', async (kind, text, detail) => {
    const error = apiError(kind, kind === 'server' ? { message: 'The service had a problem.' } : {});
    const { model } = await typedKey({ 'settings.save': savedWith({ outcome: 'unchecked', error }) });
    expect(await model.save()).not.toBeNull();
    expect(model.status.value).toEqual({ tone: 'info', text, ...(detail ? { detail } : {}) });
    expect(model.values.value.apiKey).toBe('');
  });

  it('says the saved key is rejected when it was saved again unchanged', async () => {
    const error = apiError('unauthorized', { status: 401 });
    const { model } = setup({ 'settings.save': savedWith({ outcome: 'rejected', error }) });
    await model.load();
    expect(await model.save()).not.toBeNull();
    expect(model.status.value).toEqual({
      tone: 'error',
      text: 'Settings saved, but the service rejects this key (401): nothing can be read with it until it is replaced.',
    });
    expect(model.rejected.value).toBe(false);
  });
});

describe('connectedText', () => {
  it.each([
    [{ total: 137, count: 10, account: null }, 'Connected: 137 reports'],
    [{ total: 1, count: 1, account: { name: 'Ada', plan: null } }, 'Connected as Ada — 1 report'],
    [
      { total: null, count: 10, account: { name: ' ', plan: 'Pro' } },
      'Connected: 10 reports on the first page',
    ],
  ])('%j → %s', (result, text) => {
    expect(connectedText(result as Parameters<typeof connectedText>[0])).toBe(text);
  });
});
