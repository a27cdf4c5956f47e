// The one mechanism behind Settings' Save and "Add another connection": check the form, ask for access to
// its server, send with the key tried first, offer "…anyway" when the service refuses the key.
import { describe, expect, it, vi } from 'vitest';
import { checkConnectionForm, createConnectionForm } from '@/entrypoints/options/settings/settings-model';
import type { Result } from '@/lib/api/errors';
import type { SavedConnection } from '@/lib/settings/rules';
import { fail, ok } from '../fakes';
import { fakeOriginPermissions } from './fake-permissions';

type Answer = Result<string>;

function setup(
  answer: () => Answer = () => ok('sent'),
  { granted = true, heldBefore = false, underKey = false, saved = null as SavedConnection | null } = {},
) {
  const send = vi.fn(async (..._args: unknown[]) => answer());
  const permissions = fakeOriginPermissions(granted, heldBefore);
  const form = createConnectionForm<string>({
    saved: () => saved,
    send: (checked, typed, checkKey) => send(checked.baseUrl, checked.apiKey, typed.label, checkKey),
    refusedText: (code) => `Refused (${code}).`,
    underKey,
  });
  const sent = vi.fn((data: string, granted: boolean, origin: string) => ({
    tone: 'success' as const,
    text: `${data}, ${granted ? 'granted' : 'not granted'}: ${origin}`,
  }));
  const fill = (values: Record<string, string>) => {
    for (const [field, value] of Object.entries(values))
      form.setValue(field as 'label' | 'baseUrl' | 'apiKey', value);
  };
  return { form, send, sent, fill, ...permissions };
}

describe('a connection form', () => {
  it('asks for access before anything is awaited, sends the checked values with the key check, says what the sender says', async () => {
    const { form, send, sent, fill, requestPermission } = setup();
    fill({ label: 'B', baseUrl: 'https://b.example/api/v1/', apiKey: '  key-of-b  ' });
    const submitting = form.submit({ waiting: 'Saving…' }, sent);
    expect(requestPermission).toHaveBeenCalledWith(['https://b.example/*']);
    expect(form.busy.value).toBe(true);
    expect(form.status.value).toEqual({ tone: 'info', text: 'Saving…' });
    expect(await submitting).toBe('sent');
    expect(send).toHaveBeenCalledWith('https://b.example', 'key-of-b', 'B', true);
    expect(sent).toHaveBeenCalledWith('sent', true, 'https://b.example');
    expect(form.busy.value).toBe(false);
    expect(form.status.value).toEqual({ tone: 'success', text: 'sent, granted: https://b.example' });
  });

  it('sends even when access is refused, and tells the sender', async () => {
    const { form, sent, fill } = setup(undefined, { granted: false });
    fill({ baseUrl: 'https://b.example', apiKey: 'key-of-b' });
    await form.submit({}, sent);
    expect(sent).toHaveBeenCalledWith('sent', false, 'https://b.example');
  });

  it.each([
    ['http://b.example', 'key-of-b', null, 'baseUrl'],
    ['https://b.example', '   ', null, 'apiKey'],
    ['https://b.example', 'key-b12', null, 'apiKey'],
    ['https://other.example', '', { baseUrl: 'https://b.example', keySet: true }, 'apiKey'],
  ] as const)(
    'refuses %s with key "%s" next to its field, asking and sending nothing, keeping what was typed',
    async (baseUrl, apiKey, saved, field) => {
      const { form, send, sent, fill, requestPermission } = setup(undefined, { saved });
      fill({ baseUrl, apiKey });
      expect(await form.submit({}, sent)).toBeNull();
      const rule = checkConnectionForm(baseUrl, apiKey, saved);
      expect(rule).toMatchObject({ ok: false, field });
      expect(form.errors.value).toEqual({ [field]: !rule.ok && rule.message });
      expect(form.values.value).toMatchObject({ baseUrl, apiKey });
      expect(requestPermission).not.toHaveBeenCalled();
      expect(send).not.toHaveBeenCalled();
      expect(form.busy.value).toBe(false);
    },
  );

  it('asks for a key when none is saved yet, and lets the saved one stay otherwise', async () => {
    const saved = { baseUrl: 'https://b.example', keySet: true };
    const { form, send, sent, fill } = setup(undefined, { saved });
    fill({ baseUrl: 'https://b.example' });
    await form.submit({}, sent);
    expect(send).toHaveBeenCalledWith('https://b.example', undefined, '', true);
  });

  describe('a key the service refuses', () => {
    it('is not sent again until the person says so, and then without the check', async () => {
      const { form, send, sent, fill } = setup(() => fail('unauthorized', { status: 401 }));
      fill({ baseUrl: 'https://b.example', apiKey: 'key-of-b-000' });
      expect(await form.submit({}, sent)).toBeNull();
      expect(form.rejected.value).toBe(true);
      expect(form.status.value).toEqual({ tone: 'error', text: 'Refused (401).' });
      expect(form.errors.value).toEqual({});
      expect(sent).not.toHaveBeenCalled();
      expect(form.values.value.apiKey).toBe('key-of-b-000');

      send.mockImplementation(async () => ok('anyway'));
      expect(await form.submit({ anyway: true }, sent)).toBe('anyway');
      expect(send.mock.calls).toEqual([
        ['https://b.example', 'key-of-b-000', '', true],
        ['https://b.example', 'key-of-b-000', '', false],
      ]);
      expect(form.rejected.value).toBe(false);
    });

    it('names a 403 by its status, and is said under the key field when the form says so there', async () => {
      const { form, sent, fill } = setup(() => fail('forbidden', { status: 403 }), { underKey: true });
      fill({ baseUrl: 'https://b.example', apiKey: 'key-of-b-000' });
      await form.submit({}, sent);
      expect(form.errors.value).toEqual({ apiKey: 'Refused (403).' });
      expect(form.status.value).toBeNull();
    });

    it('stops offering "…anyway" once a field is changed', async () => {
      const { form, sent, fill } = setup(() => fail('unauthorized', { status: 401 }));
      for (const field of ['apiKey', 'baseUrl', 'label'] as const) {
        fill({ baseUrl: 'https://b.example', apiKey: 'key-of-b-000' });
        await form.submit({}, sent);
        expect(form.rejected.value).toBe(true);
        form.setValue(field, 'x');
        expect(form.rejected.value).toBe(false);
      }
    });
  });

  describe("the background's refusal", () => {
    const refusal = (fieldErrors: Record<string, string[]>) => () =>
      fail('invalid_input', { message: 'Not accepted.', fieldErrors });

    it('is said next to the fields it names, and in the status line', async () => {
      const { form, sent, fill } = setup(refusal({ apiKey: ['Too long.', 'Really.'] }));
      fill({ baseUrl: 'https://b.example', apiKey: 'x'.repeat(60) });
      expect(await form.submit({}, sent)).toBeNull();
      expect(form.errors.value).toEqual({ apiKey: 'Too long. Really.' });
      expect(form.status.value).toEqual({ tone: 'error', text: 'Not accepted.' });
      expect(form.busy.value).toBe(false);
    });

    it('is said under the key field when no field is named and the form says so there', async () => {
      const named = setup(refusal({ label: ['Too long'] }), { underKey: true });
      named.fill({ baseUrl: 'https://b.example', apiKey: 'key-b-0000' });
      await named.form.submit({}, named.sent);
      expect(named.form.errors.value).toEqual({ label: 'Too long' });

      const unnamed = setup(() => fail('server', { message: 'Server trouble.' }), { underKey: true });
      unnamed.fill({ baseUrl: 'https://b.example', apiKey: 'key-b-0000' });
      await unnamed.form.submit({}, unnamed.sent);
      expect(unnamed.form.errors.value).toEqual({ apiKey: 'Server trouble.' });
    });
  });

  describe('access asked for in a send the background refuses', () => {
    async function refused(granted: boolean, heldBefore: boolean) {
      const context = setup(() => fail('invalid_input', { message: 'No.' }), { granted, heldBefore });
      context.fill({ baseUrl: 'https://new.example', apiKey: 'key-new-0000' });
      await context.form.submit({}, context.sent);
      expect(context.hasPermission).toHaveBeenCalledWith(['https://new.example/*']);
      // Held or not was read before the prompt was asked for.
      expect(context.hasPermission.mock.invocationCallOrder[0]).toBeLessThan(
        context.requestPermission.mock.invocationCallOrder[0]!,
      );
      return context.removePermission;
    }

    it('is given back when this click obtained it', async () => {
      expect(await refused(true, false)).toHaveBeenCalledWith(['https://new.example/*']);
    });

    it('stays when it was held before the click', async () => {
      expect(await refused(true, true)).not.toHaveBeenCalled();
    });

    it('is not touched when it was not granted', async () => {
      expect(await refused(false, false)).not.toHaveBeenCalled();
    });

    it('is given back for a refused key too', async () => {
      const { form, sent, fill, removePermission } = setup(() => fail('unauthorized', { status: 401 }));
      fill({ baseUrl: 'https://new.example', apiKey: 'key-new-0000' });
      await form.submit({}, sent);
      expect(removePermission).toHaveBeenCalledWith(['https://new.example/*']);
    });

    it('stays after a send the background accepts', async () => {
      const { form, sent, fill, removePermission } = setup();
      fill({ baseUrl: 'https://new.example', apiKey: 'key-new-0000' });
      expect(await form.submit({}, sent)).toBe('sent');
      expect(removePermission).not.toHaveBeenCalled();
    });
  });

  it('reset empties the fields, their notes and the "…anyway" offer', async () => {
    const { form, sent, fill } = setup(() => fail('unauthorized', { status: 401 }));
    fill({ label: 'x', baseUrl: 'https://b.example', apiKey: 'key-of-b-000' });
    await form.submit({}, sent);
    form.reset('https://c.example');
    expect(form.values.value).toEqual({ label: '', baseUrl: 'https://c.example', apiKey: '' });
    expect(form.rejected.value).toBe(false);
    expect(form.errors.value).toEqual({});
  });
});
