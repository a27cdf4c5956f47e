// Tab addresses the popup may be opened on: every non-web scheme is refused with a sentence, web pages
// with unicode, IDN hosts, long addresses and fragments are reportable, and the address matched against
// the service's keeps the page (its path and query) but never the fragment or credentials.
import { describe, expect, it } from 'vitest';
import { serviceAddress, serviceHost } from '@/lib/page-address';
import { checkPage, shareableUrl } from '@/lib/page-url';

const WEB_PAGES_ONLY = /Reports are made for web pages \(addresses starting with http or https\)/;

describe('every non-web scheme is refused, with a sentence', () => {
  it.each([
    ['chrome://settings/', /browser or of an extension/],
    ['chrome://newtab/', /new tab/],
    ['about:blank', /empty page/],
    ['about:config', /browser or of an extension/],
    ['about:newtab', /new tab/],
    ['file:///home/me/report.html', /file on your computer/],
    ['file:///C:/Users/me/page.html', /file on your computer/],
    ['data:text/html,<h1>hi</h1>', /./],
    ['javascript:alert(document.cookie)', /./],
    ['view-source:https://example.com/', /source code/],
    ['chrome-extension://abcdefghijklmnop/options.html', /browser or of an extension/],
    ['moz-extension://0f1e2d3c-aaaa-bbbb-cccc-1234567890ab/popup.html', /browser or of an extension/],
    ['edge://settings/', /browser or of an extension/],
    ['edge://newtab/', /new tab/],
    ['ftp://ftp.example.com/pub/file.txt', /./],
    ['blob:https://example.com/2f5c6a1e-1111-2222-3333-444455556666', /./],
    ['ws://example.com/socket', /./],
    ['wss://example.com/socket', /./],
    ['mailto:someone@example.com', /./],
    ['http://', /./],
    ['', /cannot see this tab’s address/],
  ])('%s', (url, reason) => {
    const check = checkPage(url);
    expect(check.reportable).toBe(false);
    if (check.reportable) return;
    expect(check.reason).toMatch(reason);
    expect(check.reason).toMatch(WEB_PAGES_ONLY);
    // Nothing that is not a web page has an address to match against the service's.
    if (url) expect(serviceAddress(url)).toBeNull();
  });
});

describe('web pages with unusual addresses are reportable', () => {
  it.each([
    // Unicode path and query, as the browser reports them (percent-encoded) and as typed.
    ['https://example.com/caf%C3%A9?q=%C3%BC', 'example.com', 'example.com/café?q=ü'],
    ['https://example.com/straße?q=ü', 'example.com', 'example.com/straße?q=ü'],
    ['https://example.com/%D7%A9%D7%9C%D7%95%D7%9D', 'example.com', 'example.com/שלום'],
    ['https://example.com/%F0%9F%98%80', 'example.com', 'example.com/😀'],
    // IDN hosts: the ASCII form, which is what URL() and the service compare.
    ['https://bücher.example/', 'xn--bcher-kva.example', 'xn--bcher-kva.example'],
    ['https://xn--bcher-kva.example/', 'xn--bcher-kva.example', 'xn--bcher-kva.example'],
    ['https://例え.jp/パス', 'xn--r8jz45g.jp', 'xn--r8jz45g.jp/パス'],
    // Fragments: the page is the same page; the fragment never reaches the service.
    ['https://www.example.com/#pricing', 'www.example.com', 'example.com'],
    ['https://app.example.com/#/settings?tab=2', 'app.example.com', 'app.example.com'],
    ['https://example.com/docs?v=2#install', 'example.com', 'example.com/docs?v=2'],
    // Ports and addresses.
    ['http://localhost:3000/dashboard', 'localhost', 'localhost:3000/dashboard'],
    ['https://[::1]:8080/', '[::1]', '[::1]:8080'],
    ['https://127.0.0.1/', '127.0.0.1', '127.0.0.1'],
  ])('%s (host %s, matched as %s)', (url, host, cleaned) => {
    // The address used is the tab's as the browser parses it, without its #fragment (never sent).
    expect(checkPage(url)).toEqual({ reportable: true, url: shareableUrl(url), host });
    expect(checkPage(url).url).not.toContain('#');
    expect(serviceAddress(url)).toBe(cleaned);
  });

  it('keeps a long address whole (2,000 characters), path and query', () => {
    const path = `/${'a'.repeat(1_000)}`;
    const query = `?q=${'b'.repeat(2_000 - 'https://example.com'.length - path.length - 3)}`;
    const url = `https://example.com${path}${query}`;
    expect(url).toHaveLength(2_000);
    expect(checkPage(url)).toEqual({ reportable: true, url, host: 'example.com' });
    expect(serviceAddress(url)).toBe(`example.com${path}${query}`);
  });

  it('never takes credentials into the host or the address matched against the service', () => {
    const url = 'https://user:p%40ss@www.example.com:8443/account?x=1#top';
    const check = checkPage(url);
    expect(check).toMatchObject({ reportable: true, host: 'www.example.com' });
    expect(serviceAddress(url)).toBe('example.com:8443/account?x=1');
    expect(serviceHost(url)).toBe('example.com');
  });

  it('refuses the browsers’ add-on stores, where extensions may not run', () => {
    for (const url of [
      'https://chromewebstore.google.com/detail/x/abc',
      'https://addons.mozilla.org/en-US/firefox/addon/x/',
      'https://microsoftedge.microsoft.com/addons/detail/abc',
    ]) {
      expect(checkPage(url)).toMatchObject({ reportable: false, reason: /add-on store/ });
    }
  });
});
