import { describe, expect, it } from 'vitest';
import { connectedText, createSettingsModel } from '@/entrypoints/options/settings/settings-model';
import { apiError } from '@/entrypoints/background/error-messages';
import type { KeyCheck, SettingsSummary } from '@/lib/messaging/protocol';
import { KEY_REQUIRED_FOR_NEW_SERVER } from '@/lib/settings/rules';
import { callsOf, deferred, fail, fakeSend, ok, type Handlers } from '../fakes';
import { fakeOriginPermissions } from './fake-permissions';

const saved: SettingsSummary = {
  baseUrl: 'https://r.example',
  keySet: true,
  keyLastFour: 'wxyz',
  hostPermission: true,
};

const none: SettingsSummary = { baseUrl: '', keySet: false, keyLastFour: null, hostPermission: false };

const accepted: KeyCheck = { outcome: 'accepted', found: { total: 137, count: 10, account: null } };
const unauthorized = () => fail('unauthorized', { status: 401 });
/** The save answered with what the key check found. */
const savedWith =
  (keyCheck: KeyCheck) =>
  ({ baseUrl }: { baseUrl: string }) =>
    ok({ ...saved, baseUrl, keyCheck });

function setup(handlers: Handlers = {}, granted: boolean | Promise<boolean> = true, heldBefore = false) {
  const send = fakeSend({
    'settings.get': () => ok(saved),
    'settings.save': savedWith(accepted),
    ...handlers,
  });
  const { requestPermission, hasPermission, removePermission } = fakeOriginPermissions(granted, heldBefore);
  const model = createSettingsModel(send);
  return { model, send, requestPermission, hasPermission, removePermission };
}

describe('settings model', () => {
  it('is closed until the saved settings arrive, then shows the address (never the key)', async () => {
    const { model } = setup();
    expect(model.loaded.value).toBe(false);
    await model.load();
    expect(model.loaded.value).toBe(true);
    expect(model.baseUrl.value).toBe('https://r.example');
    expect(model.apiKey.value).toBe('');
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
    model.setBaseUrl('https://r.example/api/v1/');
    model.setApiKey(' key-1234 ');
    const saving = model.save();
    expect(requestPermission).toHaveBeenCalledWith(['https://r.example/*']);
    expect(model.busy.value).toBe(true);
    expect(model.status.value).toEqual({ tone: 'info', text: 'Saving…' });
    expect(await saving).toEqual({ ...saved, baseUrl: 'https://r.example', keyCheck: accepted });
    expect(callsOf(send, 'settings.save')).toEqual([
      { baseUrl: 'https://r.example', apiKey: 'key-1234', checkKey: true },
    ]);
    expect(model.busy.value).toBe(false);
    expect(model.apiKey.value).toBe('');
    expect(model.status.value).toEqual({
      tone: 'success',
      text: 'Settings saved. The service accepted the key.',
    });
  });

  it('leaves the key out when the field is empty, so the saved one stays', async () => {
    const { model, send } = setup();
    await model.load();
    await model.save();
    expect(callsOf(send, 'settings.save')).toEqual([{ baseUrl: 'https://r.example', checkKey: true }]);
  });

  it('refuses an http address next to its field, asking for nothing', async () => {
    const { model, send, requestPermission } = setup();
    await model.load();
    model.setBaseUrl('http://r.example');
    expect(await model.save()).toBeNull();
    expect(model.fieldErrors.value.baseUrl).toMatch(/must use https:\/\//);
    expect(requestPermission).not.toHaveBeenCalled();
    expect(callsOf(send, 'settings.save')).toEqual([]);
  });

  it('asks for a key when none is saved yet', async () => {
    const { model, requestPermission } = setup({ 'settings.get': () => ok({ ...saved, keySet: false }) });
    await model.load();
    expect(await model.save()).toBeNull();
    expect(model.fieldErrors.value).toEqual({
      baseUrl: null,
      apiKey: expect.stringMatching(/Enter your API key/),
    });
    expect(requestPermission).not.toHaveBeenCalled();
  });

  it('asks for the key again before the saved one would go to another server (the background’s rule)', async () => {
    const { model, send, requestPermission } = setup();
    await model.load();
    model.setBaseUrl('https://r-example.test');
    expect(await model.save()).toBeNull();
    expect(model.fieldErrors.value.apiKey).toBe(KEY_REQUIRED_FOR_NEW_SERVER);
    expect(requestPermission).not.toHaveBeenCalled();
    expect(callsOf(send, 'settings.save')).toEqual([]);
    // With a key typed, it may go.
    model.setApiKey('key-5678');
    expect(await model.save()).not.toBeNull();
    expect(model.fieldErrors.value).toEqual({ baseUrl: null, apiKey: null });
  });

  it('refuses a key shorter than any service gives next to its field, asking and sending nothing', async () => {
    const { model, send, requestPermission } = setup();
    await model.load();
    model.setApiKey(' key-123 ');
    expect(await model.save()).toBeNull();
    expect(model.fieldErrors.value).toEqual({
      baseUrl: null,
      apiKey: 'This API key is too short: keys have at least 8 characters. Copy it again from your account.',
    });
    expect(requestPermission).not.toHaveBeenCalled();
    expect(callsOf(send, 'settings.save')).toEqual([]);
  });

  describe('access asked for in a save the background refuses', () => {
    const refusing = {
      'settings.save': () =>
        fail('invalid_input', { message: 'Not accepted.', fieldErrors: { baseUrl: ['No.'] } }),
    };
    async function refusedSave(granted: boolean, heldBefore: boolean) {
      const context = setup(refusing, granted, heldBefore);
      await context.model.load();
      context.model.setBaseUrl('https://new.example');
      context.model.setApiKey('key-new-0000');
      expect(await context.model.save()).toBeNull();
      expect(context.hasPermission).toHaveBeenCalledWith(['https://new.example/*']);
      // Held or not was read before the prompt was asked for.
      expect(context.hasPermission.mock.invocationCallOrder[0]).toBeLessThan(
        context.requestPermission.mock.invocationCallOrder[0]!,
      );
      return context;
    }

    it('is given back when this click obtained it', async () => {
      const { removePermission, model } = await refusedSave(true, false);
      expect(removePermission).toHaveBeenCalledWith(['https://new.example/*']);
      expect(model.fieldErrors.value.baseUrl).toBe('No.');
    });

    it('stays when it was held before the click', async () => {
      const { removePermission } = await refusedSave(true, true);
      expect(removePermission).not.toHaveBeenCalled();
    });

    it('is not touched when it was not granted', async () => {
      const { removePermission } = await refusedSave(false, false);
      expect(removePermission).not.toHaveBeenCalled();
    });

    it('stays after a save the background accepts', async () => {
      const { model, removePermission } = setup({}, true, false);
      await model.load();
      model.setBaseUrl('https://new.example');
      model.setApiKey('key-new-0000');
      expect(await model.save()).not.toBeNull();
      expect(removePermission).not.toHaveBeenCalled();
    });
  });

  it('shows what the background refused next to the fields it names', async () => {
    const { model } = setup({
      'settings.save': () =>
        fail('invalid_input', {
          message: 'Not accepted.',
          fieldErrors: { apiKey: ['Too long.', 'Really.'] },
        }),
    });
    await model.load();
    model.setApiKey('x'.repeat(60));
    expect(await model.save()).toBeNull();
    expect(model.fieldErrors.value).toEqual({ baseUrl: null, apiKey: 'Too long. Really.' });
    expect(model.status.value).toEqual({ tone: 'error', text: 'Not accepted.' });
    expect(model.busy.value).toBe(false);
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
    const testing = model.testConnection();
    expect(model.status.value?.text).toBe('Testing the connection…');
    expect(model.busy.value).toBe(true);
    answer.resolve(ok({ ...saved, keyCheck: accepted }));
    await testing;
    expect(callsOf(send, 'settings.save')).toEqual([{ baseUrl: 'https://r.example', checkKey: true }]);
    expect(callsOf(send, 'settings.test')).toEqual([]);
    expect(model.busy.value).toBe(false);
    expect(model.status.value).toEqual({ tone: 'success', text: 'Connected: 137 reports' });
  });

  it('says exactly what failed when the test fails', async () => {
    const error = apiError('unexpected', { message: 'Odd answer.', detail: 'data: expected array' });
    const { model } = setup({ 'settings.save': savedWith({ outcome: 'unchecked', error }) });
    await model.load();
    await model.testConnection();
    expect(model.status.value).toEqual({
      tone: 'error',
      text: 'Odd answer.',
      detail: 'data: expected array',
    });
  });

  it('does not test what it could not save', async () => {
    const { model, send } = setup();
    await model.load();
    model.setBaseUrl('not a url');
    await model.testConnection();
    expect(callsOf(send, 'settings.save')).toEqual([]);
  });
});

describe('settings model: what a save says of the key', () => {
  async function typedKey(handlers: Handlers, before: SettingsSummary = saved) {
    const context = setup({ 'settings.get': () => ok(before), ...handlers });
    await context.model.load();
    context.model.setApiKey('key-rejected-0000');
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
    expect(model.apiKey.value).toBe('key-rejected-0000');
    send.mockImplementation(async () => ok(saved));
    expect(await model.saveAnyway()).not.toBeNull();
    expect(callsOf(send, 'settings.save')).toEqual([
      { baseUrl: 'https://r.example', apiKey: 'key-rejected-0000', checkKey: true },
      { baseUrl: 'https://r.example', apiKey: 'key-rejected-0000' },
    ]);
    expect(model.status.value).toEqual({ tone: 'success', text: 'Settings saved.' });
    expect(model.rejected.value).toBe(false);
  });

  it('says nothing was saved when the first key is rejected; a 403 names its status', async () => {
    const { model } = await typedKey({ 'settings.save': () => fail('forbidden', { status: 403 }) }, none);
    model.setBaseUrl('https://r.example');
    await model.save();
    expect(model.status.value?.text).toBe(
      'The service rejected this key (403), so nothing was saved. Check the key, or save it anyway.',
    );
  });

  it('gives back access the click obtained for a key the service rejected', async () => {
    const { model, removePermission } = await typedKey({ 'settings.save': unauthorized });
    await model.save();
    expect(removePermission).toHaveBeenCalledWith(['https://r.example/*']);
  });

  it('stops offering "Save anyway" once the key or the address is changed', async () => {
    const { model } = await typedKey({ 'settings.save': unauthorized });
    await model.save();
    model.setApiKey('key-other-0000');
    expect(model.rejected.value).toBe(false);
    await model.save();
    model.setBaseUrl('https://r.example/v2');
    expect(model.rejected.value).toBe(false);
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
    expect(model.apiKey.value).toBe('');
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
