import { describe, expect, it } from 'vitest';
import * as errors from '@/lib/api/errors';
import { apiError, formatWait } from '@/entrypoints/background/error-messages';
import { useTestLanguage } from '../fake-i18n';

describe('the error modules', () => {
  it('lib/api/errors holds no sentence: a page that imports it carries only the kinds and the stored shape', () => {
    expect(Object.keys(errors).sort()).toEqual(['API_ERROR_KINDS', 'apiErrorSchema', 'errorAction']);
  });
});

describe('apiError', () => {
  it('says the default sentence unless given a more exact one', () => {
    expect(apiError('server').message).toBe('The service had a problem. Try again in a moment.');
    expect(apiError('server', { message: 'Exactly this.' }).message).toBe('Exactly this.');
  });

  it('drops extras left undefined', () => {
    expect(apiError('timeout', { message: undefined, status: undefined })).toEqual({
      kind: 'timeout',
      message: apiError('timeout').message,
    });
  });

  it('says how long a rate limit lasts when the server said', () => {
    expect(apiError('rate_limited', { retryAfterSeconds: 1 }).message).toBe(
      'Too many requests. Try again in 1 second.',
    );
    expect(formatWait(90)).toBe('2 minutes');
  });

  it('speaks the browser’s language', () => {
    useTestLanguage('de');
    expect(apiError('unauthorized').message).toBe(
      'Der Dienst hat Ihren API-Schlüssel abgelehnt. Prüfen Sie den Schlüssel in den Einstellungen.',
    );
    expect(apiError('rate_limited', { retryAfterSeconds: 30 }).message).toBe(
      'Zu viele Anfragen. Versuchen Sie es in 30 Sekunden erneut.',
    );
    expect(formatWait(60)).toBe('1 Minute');
  });
});
