// The sentences next to fields come from the schemas, in the browser's language, chosen when a value fails
// (not when the module loads): the fake browser starts in English and a test switches to German.
import { describe, expect, it } from 'vitest';
import {
  createReportInputSchema,
  inputFieldErrors,
  messages,
  projectNameSchema,
  reportListQuerySchema,
} from '@/lib/messaging/inputs';
import { useTestLanguage } from '../../fake-i18n';

function fieldErrors(schema: { safeParse: (value: unknown) => unknown }, value: unknown) {
  const parsed = schema.safeParse(value) as {
    success: boolean;
    error?: Parameters<typeof inputFieldErrors>[0];
  };
  if (parsed.success || !parsed.error) throw new Error('expected the value to fail');
  return inputFieldErrors(parsed.error);
}

describe('validation messages', () => {
  it('say what is wrong next to the field, in English by default', () => {
    expect(fieldErrors(createReportInputSchema, { url: 'ftp://example.com' })).toEqual({
      url: ['Enter a web address that starts with http:// or https://.'],
    });
    expect(fieldErrors(projectNameSchema, { name: '..' })).toEqual({
      name: ['The project name cannot be used in an address.'],
    });
  });

  it('say it in German when the browser speaks German', () => {
    useTestLanguage('de');
    expect(fieldErrors(createReportInputSchema, { url: '  ' })).toEqual({
      url: ['Geben Sie die Adresse der Seite ein.'],
    });
    expect(fieldErrors(createReportInputSchema, { url: 'https://example.com', privacy: 7 })).toEqual({
      privacy: ['Ungültige Option: erwartet eine von 0|1|2'],
    });
    expect(fieldErrors(projectNameSchema, { name: ' ' })).toEqual({ name: ['Der Projektname ist leer.'] });
    expect(fieldErrors(reportListQuerySchema, { perPage: 7 })).toEqual({
      perPage: ['Ungültige Option: erwartet eine von 10|25|50|100'],
    });
  });

  it('a typed field’s length check says our sentence; zod’s own messages are German too', () => {
    useTestLanguage('de');
    expect(
      fieldErrors(createReportInputSchema, { url: 'https://example.com', password: 'x'.repeat(1001) }),
    ).toEqual({
      password: ['Das Passwort darf höchstens 1.000 Zeichen lang sein.'],
    });
    expect(fieldErrors(projectNameSchema, { name: 'p'.repeat(501) })).toEqual({
      name: ['Zu groß: erwartet, dass string <=500 Zeichen hat'],
    });
    expect(
      fieldErrors(messages['settings.save'], {
        connection: { id: '', account: '' },
        baseUrl: 'x'.repeat(2001),
      }),
    ).toEqual({
      baseUrl: ['Zu groß: erwartet, dass string <=2000 Zeichen hat'],
    });
    expect(fieldErrors(messages['settings.get'], { extra: 1 })).toEqual({
      _form: ['Unbekannter Schlüssel: "extra"'],
    });
  });
});

describe('bulk.start', () => {
  const schema = messages['bulk.start'];
  const page = { reports: [{ id: 7, label: 'example.com/a' }] };
  /** Every job is for one connection: each payload below names it, so only what it varies can fail. */
  const connection = { id: 'conn-1', account: 'account-1' };
  const ok = (value: object) => schema.safeParse({ connection, ...value }).success;

  it('takes a page of reports or the list’s filters (never its page), with one of three actions', () => {
    expect(ok({ action: { kind: 'regenerate' }, target: page })).toBe(true);
    expect(
      ok({ action: { kind: 'privacy', privacy: 1 }, target: { query: { search: 'a', project: 'x' } } }),
    ).toBe(true);
    expect(ok({ action: { kind: 'regenerate' }, target: { query: { page: 2 } } })).toBe(false);
    expect(ok({ action: { kind: 'regenerate' }, target: { query: { perPage: 100 } } })).toBe(false);
    expect(ok({ action: { kind: 'delete' }, target: page })).toBe(true);
    expect(ok({ action: { kind: 'delete' }, target: { query: { search: 'a' } } })).toBe(false);
    expect(ok({ action: { kind: 'move' }, target: page })).toBe(false);
    expect(ok({ action: { kind: 'privacy', privacy: 3 }, target: page })).toBe(false);
    expect(ok({ action: { kind: 'regenerate' }, target: { reports: [] } })).toBe(false);
    // A test failing on 150 pages regenerates them all; a job's cap is 2,000.
    const many = (length: number) => Array.from({ length }, (_, id) => ({ id, label: 'x' }));
    expect(ok({ action: { kind: 'regenerate' }, target: { reports: many(150) } })).toBe(true);
    expect(ok({ action: { kind: 'regenerate' }, target: { reports: many(2000) } })).toBe(true);
    expect(ok({ action: { kind: 'regenerate' }, target: { reports: many(2001) } })).toBe(false);
    expect(ok({ action: { kind: 'regenerate' }, target: { reports: [{ id: '..', label: 'x' }] } })).toBe(
      false,
    );
    expect(ok({ action: { kind: 'regenerate' }, target: page, extra: 1 })).toBe(false);
    // No connection named: refused.
    expect(schema.safeParse({ action: { kind: 'regenerate' }, target: page }).success).toBe(false);
  });

  it('needs a password for Password, and takes none for anything else', () => {
    expect(
      fieldErrors(schema, { connection, action: { kind: 'privacy', privacy: 2 }, target: page }),
    ).toEqual({
      password: ['Enter a password: privacy Password needs one.'],
    });
    expect(ok({ action: { kind: 'privacy', privacy: 2 }, target: page, password: '' })).toBe(false);
    expect(ok({ action: { kind: 'privacy', privacy: 2 }, target: page, password: 'pw' })).toBe(true);
    expect(ok({ action: { kind: 'privacy', privacy: 0 }, target: page, password: 'pw' })).toBe(false);
    expect(ok({ action: { kind: 'regenerate' }, target: page, password: 'pw' })).toBe(false);
  });
});
