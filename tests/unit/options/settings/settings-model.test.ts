import { describe, expect, it, vi } from 'vitest';
import { connectedText, createSettingsModel } from '@/entrypoints/options/settings/settings-model';
import type { SettingsSummary } from '@/lib/messaging/protocol';
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

function setup(handlers: Handlers = {}, granted: boolean | Promise<boolean> = true, heldBefore = false) {
  const send = fakeSend({
    'settings.get': () => ok(saved),
    'settings.save': ({ baseUrl }) => ok({ ...saved, baseUrl }),
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
    expect(await saving).toEqual({ ...saved, baseUrl: 'https://r.example' });
    expect(callsOf(send, 'settings.save')).toEqual([{ baseUrl: 'https://r.example', apiKey: 'key-1234' }]);
    expect(model.busy.value).toBe(false);
    expect(model.apiKey.value).toBe('');
    expect(model.status.value).toEqual({ tone: 'success', text: 'Settings saved.' });
  });

  it('leaves the key out when the field is empty, so the saved one stays', async () => {
    const { model, send } = setup();
    await model.load();
    await model.save();
    expect(callsOf(send, 'settings.save')).toEqual([{ baseUrl: 'https://r.example' }]);
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

  it('tests the connection after saving, busy while it runs', async () => {
    const answer = deferred<Awaited<ReturnType<NonNullable<Handlers['settings.test']>>>>();
    const { model, send } = setup({ 'settings.test': () => answer.promise });
    await model.load();
    const testing = model.testConnection();
    await vi.waitFor(() => expect(model.status.value?.text).toBe('Testing the connection…'));
    expect(model.busy.value).toBe(true);
    expect(callsOf(send, 'settings.save')).toHaveLength(1);
    answer.resolve(ok({ total: 137, count: 10, account: null }));
    await testing;
    expect(model.busy.value).toBe(false);
    expect(model.status.value).toEqual({ tone: 'success', text: 'Connected: 137 reports' });
  });

  it('says exactly what failed when the test fails', async () => {
    const { model } = setup({
      'settings.test': () => fail('unexpected', { message: 'Odd answer.', detail: 'data: expected array' }),
    });
    await model.load();
    await model.testConnection();
    expect(model.status.value).toEqual({
      tone: 'error',
      text: 'Odd answer.',
      detail: 'data: expected array',
    });
  });

  it('does not test what it could not save', async () => {
    const { model, send } = setup({ 'settings.test': () => ok({ total: 1, count: 1, account: null }) });
    await model.load();
    model.setBaseUrl('not a url');
    await model.testConnection();
    expect(callsOf(send, 'settings.test')).toEqual([]);
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
