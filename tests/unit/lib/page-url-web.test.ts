// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPlainWebUrl, isWebUrl, parseWebUrl } from '@/lib/page-url';

describe('web addresses', () => {
  it.each([
    'https://example.com',
    'http://example.com/path?q=1#part',
    'HTTPS://EXAMPLE.COM/',
    'https://user:secret@example.com/',
    'http://localhost:8080/',
    'http://127.0.0.1/',
    'http://[::1]/',
    'https://xn--caf-dma.example/',
    'https://café.example/',
  ])('%s is one', (address) => {
    expect(isWebUrl(address)).toBe(true);
    expect(parseWebUrl(address)?.protocol).toMatch(/^https?:$/);
  });

  it.each([
    '',
    ' ',
    'example.com',
    '//example.com/',
    'ftp://example.com/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'data:text/html,<p>x</p>',
    'mailto:a@example.com',
    'chrome://extensions',
    'chrome-extension://abc/popup.html',
    'about:blank',
    'http://',
    'https://',
    'http://exa mple.com/',
    'https://[::1/',
  ])('%j is not one', (address) => {
    expect(isWebUrl(address)).toBe(false);
    expect(parseWebUrl(address)).toBeNull();
  });

  it('gives the parsed URL, so callers need not parse again', () => {
    expect(parseWebUrl('https://www.example.com:8443/a?b=1')).toMatchObject({
      hostname: 'www.example.com',
      port: '8443',
      pathname: '/a',
      search: '?b=1',
    });
  });

  it('reads what a URL parser forgives as an address, but not as a plainly written one', () => {
    for (const forgiven of [
      'https:example.com',
      'https:/example.com',
      'https:\\\\example.com',
      'https://\\example.com',
      '  https://example.com/',
      'https://exa\nmple.com/',
      'https://example.com/\t',
      'https://example.com/a b',
      'http:///example.com',
    ]) {
      expect(isWebUrl(forgiven), forgiven).toBe(true);
      expect(isPlainWebUrl(forgiven), forgiven).toBe(false);
    }
    expect(isPlainWebUrl('https://example.com/a%20b?x=1#top')).toBe(true);
    expect(isPlainWebUrl('HTTP://Example.com')).toBe(true);
    expect(isPlainWebUrl('ftp://example.com/')).toBe(false);
    expect(isPlainWebUrl('https://')).toBe(false);
  });
});

// "Is it http(s)?" is answered in lib/page-url.ts alone. base-url.ts asks another question (https, or http on
// this computer only) and names which rule failed, so it reads the protocol itself.
const OWN_PROTOCOL_RULE = new Set(['lib/page-url.ts', 'lib/base-url.ts']);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('one http(s) test', () => {
  it('no other module compares a protocol with http: or https: by hand', () => {
    const byHand = ['lib', 'components', 'entrypoints']
      .flatMap(sources)
      .filter((file) => !OWN_PROTOCOL_RULE.has(file))
      .filter((file) => /protocol\s*[!=]==?\s*['"]https?:['"]/.test(readFileSync(file, 'utf8')));
    expect(byHand).toEqual([]);
  });
});
