// The connections model (Settings): what adding, testing, switching, renaming and removing ask the
// background and say. The add form's checks, access and "Add anyway" are connection-form.test.ts's.
import { describe, expect, it, vi } from 'vitest';
import { createConnectionsModel } from '@/entrypoints/options/settings/ConnectionsPanel';
import { changingFromHere } from '@/entrypoints/options/settings/HeaderSwitcher';
import { apiError } from '@/entrypoints/background/error-messages';
import type { KeyCheck } from '@/lib/messaging/protocol';
import { A, B, settingsWith } from '../../connection-fixtures';
import { callsOf, deferred, fail, fakeSend, ok, type Handlers } from '../fakes';
import { fakeOriginPermissions } from './fake-permissions';

vi.mock('@/lib/messaging/send', () => ({ send: vi.fn() }));

/** Where the page keeps what it says once back (a Settings status). */
const NOTE_KEY = 'pageReports.connectionNote';

const accepted: KeyCheck = { outcome: 'accepted', found: { total: 3, count: 3, account: null } };

function setup(handlers: Handlers = {}, note: string | null = null, heldBefore = false) {
  const send = fakeSend({
    'connections.add': () => ok({ ...settingsWith([A, B]), keyCheck: accepted }),
    'connections.switch': () => ok(settingsWith([A, B])),
    'connections.remove': () => ok(settingsWith([A])),
    'connections.rename': () => ok(settingsWith([A, B])),
    ...handlers,
  });
  const { requestPermission, removePermission } = fakeOriginPermissions(true, heldBefore);
  sessionStorage.clear();
  if (note) sessionStorage.setItem(NOTE_KEY, JSON.stringify({ tone: 'success', text: note }));
  const reload = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as never);
  const model = createConnectionsModel();
  /** What the page says once back after it started again; null while it did not. */
  const startAgain = () =>
    reload.mock.calls.length > 0 ? JSON.parse(sessionStorage.getItem(NOTE_KEY)!).text : null;
  return { model, send, requestPermission, removePermission, startAgain };
}

function fillAdd(model: ReturnType<typeof setup>['model'], values: Record<string, string>) {
  model.adding.value = true;
  for (const [field, value] of Object.entries(values))
    model.addForm.setValue(field as 'label' | 'baseUrl' | 'apiKey', value);
}

describe('connections model: adding', () => {
  it('asks for the new origin within the call, sends the checked values, then starts again', async () => {
    const { model, send, requestPermission, startAgain } = setup();
    fillAdd(model, { label: 'Client B', baseUrl: 'https://b.example/api/v1', apiKey: '  key-of-b  ' });
    const adding = model.add();
    expect(requestPermission).toHaveBeenCalledWith(['https://b.example/*']);
    expect(model.addForm.busy.value).toBe(true);
    await adding;
    expect(callsOf(send, 'connections.add')).toEqual([
      { label: 'Client B', baseUrl: 'https://b.example', apiKey: 'key-of-b', checkKey: true },
    ]);
    expect(startAgain()).toBe('Connection added. It is now the active one. The service accepted its key.');
    // The switch this add makes is seen in storage: the page does not start again for it.
    expect(changingFromHere()).toBe(true);
  });

  it('does not add a connection whose key the service rejects until the person says so', async () => {
    const { model, send, startAgain } = setup({
      'connections.add': () => fail('unauthorized', { status: 401 }),
    });
    fillAdd(model, { baseUrl: 'https://b.example', apiKey: 'key-of-b-000' });
    await model.add();
    expect(model.addForm.errors.value).toEqual({
      apiKey:
        'The service rejected this key (401), so the connection was not added. Check the key, or add it anyway.',
    });
    expect(model.addForm.rejected.value).toBe(true);
    expect(startAgain()).toBeNull();
    expect(changingFromHere()).toBe(false);

    send.mockImplementation(async () => ok(settingsWith([A, B])));
    await model.add(true);
    expect(callsOf(send, 'connections.add')).toEqual([
      { label: '', baseUrl: 'https://b.example', apiKey: 'key-of-b-000', checkKey: true },
      { label: '', baseUrl: 'https://b.example', apiKey: 'key-of-b-000' },
    ]);
    expect(startAgain()).toBe('Connection added. It is now the active one.');
  });

  it.each([
    [
      'network',
      'Connection added. It is now the active one, but the service could not be reached to check its key.',
    ],
    ['server', 'Connection added. It is now the active one, but its key could not be checked.'],
  ] as const)(
    'adds the connection when its key could not be checked (%s), and says so',
    async (kind, note) => {
      const keyCheck: KeyCheck = { outcome: 'unchecked', error: apiError(kind) };
      const { model, startAgain } = setup({
        'connections.add': () => ok({ ...settingsWith([A, B]), keyCheck }),
      });
      fillAdd(model, { baseUrl: 'https://b.example', apiKey: 'key-of-b-000' });
      await model.add();
      expect(startAgain()).toBe(note);
    },
  );

  it("shows the background's refusal next to its field, else next to the key, and stays", async () => {
    const { model, startAgain } = setup({
      'connections.add': () =>
        fail('invalid_input', { message: 'Too long', fieldErrors: { label: ['Too long'] } }),
    });
    fillAdd(model, { label: 'x', baseUrl: 'https://b.example', apiKey: 'key-b-0000' });
    await model.add();
    expect(model.addForm.errors.value).toEqual({ label: 'Too long', baseUrl: undefined, apiKey: undefined });
    expect(model.addForm.busy.value).toBe(false);
    expect(changingFromHere()).toBe(false);
    expect(startAgain()).toBeNull();

    const other = setup({ 'connections.add': () => fail('server', { message: 'Server trouble.' }) });
    fillAdd(other.model, { baseUrl: 'https://b.example', apiKey: 'key-b-0000' });
    await other.model.add();
    expect(other.model.addForm.errors.value.apiKey).toBe('Server trouble.');
  });

  it('Cancel closes the form and forgets what was typed', () => {
    const { model } = setup();
    fillAdd(model, { label: 'x' });
    model.closeAdd();
    expect(model.adding.value).toBe(false);
    model.adding.value = true;
    expect(model.addForm.values.value).toEqual({ label: '', baseUrl: '', apiKey: '' });
  });
});

describe('connections model: the list', () => {
  it('says what the page said before it started again', () => {
    expect(setup({}, 'Connection renamed.').model.status.value).toEqual({
      tone: 'success',
      text: 'Connection renamed.',
    });
    expect(setup().model.status.value).toBeNull();
  });

  it('tests one connection by its id: busy meanwhile, then what it found or why not', async () => {
    const answer = deferred<ReturnType<typeof ok<{ total: number; count: number; account: null }>>>();
    const { model, send } = setup({ 'settings.test': () => answer.promise });
    const testing = model.test(B);
    expect(model.busy.value).toBe(true);
    expect(model.status.value?.tone).toBe('info');
    answer.resolve(ok({ total: 3, count: 3, account: null }));
    await testing;
    expect(callsOf(send, 'settings.test')).toEqual([{ connection: { id: 'b', account: 'b' } }]);
    expect(model.status.value).toEqual({ tone: 'success', text: 'Connected: 3 reports' });
    expect(model.busy.value).toBe(false);

    const failing = setup({
      'settings.test': () => fail('unauthorized', { message: 'Wrong key.', detail: '401' }),
    });
    await failing.model.test(B);
    expect(failing.model.status.value).toEqual({ tone: 'error', text: 'Wrong key.', detail: '401' });
  });

  it('makes one active and starts again saying so; a refusal is said and the page stays', async () => {
    const { model, send, startAgain } = setup();
    await model.makeActive(B);
    expect(callsOf(send, 'connections.switch')).toEqual([{ id: 'b' }]);
    expect(startAgain()).toBe('Client B is now the active connection.');
    expect(changingFromHere()).toBe(true);

    const refused = setup({ 'connections.switch': () => fail('unexpected', { message: 'No answer.' }) });
    await refused.model.makeActive(B);
    expect(refused.startAgain()).toBeNull();
    expect(refused.model.status.value).toMatchObject({ tone: 'error', text: 'No answer.' });
    expect(refused.model.busy.value).toBe(false);
    expect(changingFromHere()).toBe(false);
  });

  it('removes one and starts again saying so; a refusal goes back to the dialog, and the page stays', async () => {
    const { model, send, startAgain } = setup();
    expect(await model.remove(B)).toMatchObject({ ok: true });
    expect(callsOf(send, 'connections.remove')).toEqual([{ id: 'b' }]);
    expect(startAgain()).toBe('Connection removed.');

    const refused = setup({ 'connections.remove': () => fail('unexpected', { message: 'No answer.' }) });
    expect(await refused.model.remove(B)).toMatchObject({ ok: false, error: { message: 'No answer.' } });
    expect(refused.startAgain()).toBeNull();
    expect(refused.model.busy.value).toBe(false);
  });

  it('renames one; a refused name is said, and the page stays', async () => {
    const { model, send, startAgain } = setup();
    expect(await model.rename(B, 'Shop')).toBeNull();
    expect(callsOf(send, 'connections.rename')).toEqual([{ id: 'b', label: 'Shop' }]);
    expect(startAgain()).toBe('Connection renamed.');

    const refused = setup({
      'connections.rename': () =>
        fail('invalid_input', { message: 'Bad', fieldErrors: { label: ['Too long'] } }),
    });
    expect(await refused.model.rename(B, 'x'.repeat(200))).toBe('Too long');
    expect(refused.startAgain()).toBeNull();
  });
});
