import { describe, expect, it } from 'vitest';
import { checkBaseUrl, isAllowedBaseUrl, isSendableKey, originPattern } from '@/lib/base-url';
import { useTestLanguage } from '../fake-i18n';

describe('checkBaseUrl', () => {
  it.each([
    ['https://reports.example.com', 'https://reports.example.com'],
    ['  https://reports.example.com/  ', 'https://reports.example.com'],
    ['https://reports.example.com///', 'https://reports.example.com'],
    ['https://reports.example.com/api/v1', 'https://reports.example.com'],
    ['https://reports.example.com/api/v1/', 'https://reports.example.com'],
    ['https://host.example/sub', 'https://host.example/sub'],
    ['https://host.example/sub/api/v1/', 'https://host.example/sub'],
    ['http://localhost:8787', 'http://localhost:8787'],
    ['http://127.0.0.1:8787/api/v1', 'http://127.0.0.1:8787'],
    ['http://[::1]:8787', 'http://[::1]:8787'],
    ['HTTPS://Reports.Example.com', 'https://reports.example.com'],
  ])('accepts %j as %j', (input, expected) => {
    const checked = checkBaseUrl(input);
    expect(checked).toEqual({ ok: true, baseUrl: expected, origin: new URL(expected).origin });
    // What Settings accepts, the HTTP client will send to.
    expect(isAllowedBaseUrl(new URL(expected))).toBe(true);
  });

  it.each([
    ['', 'Enter the API base URL'],
    ['reports.example.com', 'not a web address'],
    ['http://reports.example.com', 'must use https://'],
    ['http://192.168.1.5', 'must use https://'],
    ['ftp://reports.example.com', 'must start with https://'],
    ['javascript:alert(1)', 'must start with https://'],
    ['https://user:secret@reports.example.com', 'Remove the user name and password'],
    ['https://user@reports.example.com', 'Remove the user name and password'],
    ['https://reports.example.com/?a=1', 'Remove everything after'],
    ['https://reports.example.com/#x', 'Remove everything after'],
  ])('refuses %j with a clear message', (input, fragment) => {
    const checked = checkBaseUrl(input);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.message).toContain(fragment);
    // And what it refuses, the HTTP client refuses too (where it parses as a URL at all).
    if (URL.canParse(input)) expect(isAllowedBaseUrl(new URL(input))).toBe(false);
  });
});

describe('originPattern', () => {
  it('asks for the host on every port, as match patterns require', () => {
    expect(originPattern('https://reports.example.com')).toBe('https://reports.example.com/*');
    expect(originPattern('http://127.0.0.1:8787')).toBe('http://127.0.0.1/*');
    expect(originPattern('http://[::1]:8787')).toBe('http://[::1]/*');
  });
});

describe('isSendableKey', () => {
  it.each([
    ['demo-key', true],
    ['abc_DEF.123~!', true],
    ['two words', false],
    ['line\nbreak', false],
    ['ключ', false],
    ['', false],
  ])('%j -> %s', (key, sendable) => {
    expect(isSendableKey(key)).toBe(sendable);
  });
});

describe('a doubled /api/v1', () => {
  it('is stripped whole, so saving twice changes nothing', () => {
    const checked = checkBaseUrl('https://reports.example.com/api/v1/api/v1');
    expect(checked).toEqual({
      ok: true,
      baseUrl: 'https://reports.example.com',
      origin: 'https://reports.example.com',
    });
    if (checked.ok) expect(checkBaseUrl(checked.baseUrl)).toEqual(checked);
  });
});

describe('checkBaseUrl in German', () => {
  it('says which rule failed in the browser’s language', () => {
    useTestLanguage('de');
    expect(checkBaseUrl('http://reports.example.com')).toEqual({
      ok: false,
      message:
        'Die API-Basis-URL muss https:// verwenden, damit Ihr API-Schlüssel nie unverschlüsselt gesendet wird (http:// ist nur für localhost erlaubt).',
    });
  });
});
