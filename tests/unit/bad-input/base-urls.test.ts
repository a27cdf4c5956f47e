// @vitest-environment node
// Base URLs people type: each one accepted as the address the key may go to, or refused with a sentence
// that says what to change; and what is accepted is exactly where the client sends requests.
import { describe, expect, it } from 'vitest';
import { createApiClient } from '@/entrypoints/background/service/client';
import { buildUrl } from '@/entrypoints/background/service/http';
import { checkBaseUrl, isAllowedBaseUrl, originPattern } from '@/lib/base-url';

const HTTPS_ONLY = /must use https:\/\/ so your API key is never sent unencrypted/;
const NOT_AN_ADDRESS = /not a web address\. Enter it in full, starting with https:\/\//;
const WRONG_SCHEME = /must start with https:\/\//;
const CREDENTIALS = /Remove the user name and password/;
const QUERY_OR_FRAGMENT = /Remove everything after “\?” or “#”/;

function refusal(input: string): string {
  const checked = checkBaseUrl(input);
  if (checked.ok) throw new Error(`${JSON.stringify(input)} was accepted as ${checked.baseUrl}`);
  return checked.message;
}

function accepted(input: string) {
  const checked = checkBaseUrl(input);
  if (!checked.ok) throw new Error(`${JSON.stringify(input)} was refused: ${checked.message}`);
  return checked;
}

describe('refused, with a sentence saying what to change', () => {
  it.each([
    ['http://reports.example.com', HTTPS_ONLY],
    ['http://192.168.1.5:8787', HTTPS_ONLY],
    ['http://10.0.0.8', HTTPS_ONLY],
    ['http://[2001:db8::1]:8787', HTTPS_ONLY],
    ['http://localhost.example', HTTPS_ONLY],
    ['http://127.0.0.2', HTTPS_ONLY],
    ['http://0.0.0.0:8787', HTTPS_ONLY],
  ])('http:// off this computer: %s', (input, message) => {
    expect(refusal(input)).toMatch(message);
  });

  it.each([
    'https://user:secret@reports.example.com',
    'https://user@reports.example.com',
    'https://:secret@reports.example.com',
    // Looks like reports.example.com, but the host is evil.example and the rest a user name.
    'https://reports.example.com@evil.example',
    'http://admin:admin@localhost:8787',
  ])('a user name or password: %s', (input) => {
    expect(refusal(input)).toMatch(CREDENTIALS);
  });

  it.each([
    'https://reports. example.com',
    'https://reports.example .com',
    'reports.example.com',
    'reports.example.com/api/v1',
    '//reports.example.com',
    'https://',
    'https://reports.example.com:65536',
    '   ',
  ])('spaces inside the host, no scheme or no host: %j', (input) => {
    expect(refusal(input)).toMatch(input.trim() === '' ? /Enter the API base URL/ : NOT_AN_ADDRESS);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript://reports.example.com/%0Aalert(1)',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    'ftp://reports.example.com',
    'ws://localhost:8787',
    'chrome-extension://abc/options.html',
    // Without a scheme, a host and port read as the scheme "localhost:".
    'localhost:8787',
  ])('another scheme: %s', (input) => {
    expect(refusal(input)).toMatch(WRONG_SCHEME);
  });

  it.each([
    'https://reports.example.com/?key=1',
    'https://reports.example.com/api/v1#x',
    'https://reports.example.com?a',
  ])('a query or a fragment: %s', (input) => {
    expect(refusal(input)).toMatch(QUERY_OR_FRAGMENT);
  });

  it('refuses the same addresses when the HTTP client is handed them directly', () => {
    for (const input of [
      'http://reports.example.com',
      'https://u:p@reports.example.com',
      'javascript:alert(1)',
    ]) {
      expect(isAllowedBaseUrl(new URL(input))).toBe(false);
      expect(buildUrl(input, '/reports')).toBeNull();
    }
  });
});

describe('accepted, normalised to where requests go', () => {
  it.each([
    // Spaces and newlines around a pasted address.
    ['  https://reports.example.com \n', 'https://reports.example.com'],
    // A trailing /api/v1 (any case, any slashes) is the API's own path, not a prefix.
    ['https://reports.example.com/api/v1/', 'https://reports.example.com'],
    ['https://reports.example.com/API/V1', 'https://reports.example.com'],
    ['https://reports.example.com/api/v1//', 'https://reports.example.com'],
    // A path prefix is kept; dot-segments are resolved the way every request will resolve them.
    ['https://reports.example.com/tools/seo/', 'https://reports.example.com/tools/seo'],
    ['https://reports.example.com/tools/seo/api/v1', 'https://reports.example.com/tools/seo'],
    ['https://reports.example.com/a/../b', 'https://reports.example.com/b'],
    ['https://reports.example.com/my tools', 'https://reports.example.com/my%20tools'],
    // Ports: the default one disappears, another one stays.
    ['https://reports.example.com:443', 'https://reports.example.com'],
    ['https://reports.example.com:8443', 'https://reports.example.com:8443'],
    ['http://localhost:8787', 'http://localhost:8787'],
    ['http://127.0.0.1:8787/api/v1', 'http://127.0.0.1:8787'],
    // IPv6: the loopback may use http; any address may use https.
    ['http://[::1]:8787', 'http://[::1]:8787'],
    ['http://[0:0:0:0:0:0:0:1]:8787', 'http://[::1]:8787'],
    ['https://[2001:db8::1]:8443/sub', 'https://[2001:db8::1]:8443/sub'],
    // An IDN host becomes its ASCII (punycode) form, which is what the browser connects to.
    ['https://bücher.example', 'https://xn--bcher-kva.example'],
    ['https://Bücher.EXAMPLE/Sub', 'https://xn--bcher-kva.example/Sub'],
  ])('%j -> %s', (input, baseUrl) => {
    const checked = accepted(input);
    expect(checked.baseUrl).toBe(baseUrl);
    expect(checked.origin).toBe(new URL(baseUrl).origin);
  });

  it('asks permission for the host on any port (a match pattern has no port)', () => {
    expect(originPattern(accepted('https://bücher.example:8443').origin)).toBe(
      'https://xn--bcher-kva.example/*',
    );
    expect(originPattern(accepted('http://[::1]:8787').origin)).toBe('http://[::1]/*');
  });

  it.each([
    [
      'https://reports.example.com/tools/seo/api/v1/',
      'https://reports.example.com/tools/seo/api/v1/reports?per_page=10',
    ],
    ['http://[::1]:8787', 'http://[::1]:8787/api/v1/reports?per_page=10'],
    ['https://bücher.example', 'https://xn--bcher-kva.example/api/v1/reports?per_page=10'],
    [
      'https://reports.example.com:8443/a/../b',
      'https://reports.example.com:8443/b/api/v1/reports?per_page=10',
    ],
  ])('the client, given what Settings saved for %j, asks %s', async (input, expected) => {
    const urls: string[] = [];
    const client = createApiClient({
      baseUrl: accepted(input).baseUrl,
      apiKey: 'key-1234abcd',
      fetch: (async (url: RequestInfo | URL) => {
        urls.push(String(url));
        return new Response(JSON.stringify({ data: [] }), {
          headers: { 'Content-Type': 'application/json' },
        });
      }) as typeof fetch,
    });
    expect((await client.listReports({ perPage: 10 })).ok).toBe(true);
    expect(urls).toEqual([expected]);
  });

  it('a saved base URL the rules now refuse sends nothing, and says to fix Settings', async () => {
    const urls: string[] = [];
    const client = createApiClient({
      baseUrl: 'http://reports.example.com',
      apiKey: 'key-1234abcd',
      fetch: (async (url: RequestInfo | URL) => {
        urls.push(String(url));
        return new Response('{}');
      }) as typeof fetch,
    });
    const result = await client.listReports({});
    expect(urls).toEqual([]);
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'not_configured', message: /API base URL in Settings is not valid/ },
    });
  });
});
