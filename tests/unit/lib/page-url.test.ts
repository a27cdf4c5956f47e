import { describe, expect, it } from 'vitest';
import { checkPage, MAX_PAGE_URL_LENGTH, shareableUrl, withoutTracking } from '@/lib/page-url';
import { useTestLanguage } from '../fake-i18n';

describe('checkPage', () => {
  it('says why in the browser’s language', () => {
    useTestLanguage('de');
    expect(checkPage('chrome://settings/')).toMatchObject({
      reportable: false,
      reason:
        'Dies ist eine Seite des Browsers oder einer Erweiterung. Berichte gibt es nur für Webseiten (Adressen, die mit http oder https beginnen). Öffnen Sie eine und klicken Sie erneut auf Page Reports.',
    });
    expect(checkPage('ftp://example.com/')).toMatchObject({ reason: /^Diese Adresse beginnt mit „ftp:“/ });
    expect(checkPage(`https://example.com/${'x'.repeat(MAX_PAGE_URL_LENGTH)}`)).toMatchObject({
      reason: /^Die Adresse dieser Seite ist länger als die 2\.048 Zeichen/,
    });
  });

  it.each([
    ['https://example.com/a?b=1', 'https://example.com/a?b=1', 'example.com'],
    ['http://localhost:8080/', 'http://localhost:8080/', 'localhost'],
    ['https://EXAMPLE.org/Path', 'https://example.org/Path', 'example.org'],
  ])('lets %s be reported', (tabUrl, url, host) => {
    expect(checkPage(tabUrl)).toEqual({ reportable: true, url, host });
  });

  it('gives the address without user:password@ and without the #fragment: what the popup shows, looks up and creates', () => {
    expect(checkPage('https://user:secret@example.com/a?b=1&c=%20d#section')).toEqual({
      reportable: true,
      url: 'https://example.com/a?b=1&c=%20d',
      host: 'example.com',
    });
    expect(checkPage('http://only-user@127.0.0.1:8080/x#')).toMatchObject({ url: 'http://127.0.0.1:8080/x' });
    expect(checkPage('https://:pw@example.com/#top')).toMatchObject({ url: 'https://example.com/' });
  });

  it('keeps the query: it is part of the page', () => {
    expect(checkPage('https://example.com/search?q=a+b&page=2')).toMatchObject({
      url: 'https://example.com/search?q=a+b&page=2',
    });
  });

  it('refuses an address longer than the 2,048 characters the service accepts, before any request', () => {
    const base = 'https://example.com/';
    const longest = base + 'x'.repeat(MAX_PAGE_URL_LENGTH - base.length);
    expect(checkPage(longest)).toMatchObject({ reportable: true, url: longest });
    const tooLong = `${longest}y`;
    expect(checkPage(tooLong)).toEqual({
      reportable: false,
      url: tooLong,
      reason:
        'This page’s address is longer than the 2,048 characters the service accepts, so it cannot be reported.',
    });
  });

  it('measures the address that would be sent: a long fragment or credentials do not count, escapes do', () => {
    const base = 'https://example.com/';
    const longest = base + 'x'.repeat(MAX_PAGE_URL_LENGTH - base.length);
    const withExtras = longest.replace('https://', `https://${'u'.repeat(500)}:p@`) + '#' + 'f'.repeat(5000);
    expect(checkPage(withExtras)).toMatchObject({ reportable: true, url: longest });
    // "é" is sent as %C3%A9: six characters, not one.
    expect(checkPage(`${base}${'é'.repeat(400)}`).reportable).toBe(false);
  });

  it.each([
    ['chrome://settings/', /browser or of an extension/],
    ['chrome://newtab/', /new tab/],
    ['about:newtab', /new tab/],
    ['about:blank', /^This is an empty page \(about:blank\)\. /],
    ['about:blank#x', /empty page/],
    ['about:addons', /browser or of an extension/],
    ['edge://newtab/', /new tab/],
    ['chrome-search://local-ntp/local-ntp.html', /new tab/],
    ['file:///home/me/page.html', /file on your computer/],
    ['view-source:https://example.com/', /source code/],
    ['chrome-extension://abc/options.html', /browser or of an extension/],
    ['moz-extension://abc/popup.html', /browser or of an extension/],
    ['https://chromewebstore.google.com/detail/x/abc', /add-on store/],
    ['https://chrome.google.com/webstore/detail/abc', /add-on store/],
    ['https://addons.mozilla.org/en-US/firefox/addon/x/', /add-on store/],
    ['https://microsoftedge.microsoft.com/addons/detail/abc', /add-on store/],
    ['data:text/html,hello', /starts with “data:”, not http or https/],
    ['not a url', /web pages/],
  ])('explains why %s cannot be reported', (url, reason) => {
    const check = checkPage(url);
    expect(check.reportable).toBe(false);
    if (!check.reportable) {
      expect(check.url).toBe(url);
      expect(check.reason).toMatch(reason);
      expect(check.reason).toMatch(/http or https/);
    }
  });

  it('does not mistake an ordinary Google page for the store', () => {
    expect(checkPage('https://chrome.google.com/intl/en/chrome/').reportable).toBe(true);
  });

  it('explains a tab whose address it cannot see', () => {
    expect(checkPage(undefined)).toMatchObject({ reportable: false, url: null, reason: /cannot see/ });
  });
});

describe('shareableUrl', () => {
  it('drops user:password@ and the #fragment of web addresses, nothing else', () => {
    expect(shareableUrl('http://user:secret@127.0.0.1:8123/article?x=1#section')).toBe(
      'http://127.0.0.1:8123/article?x=1',
    );
    expect(shareableUrl('https://example.com/a/?')).toBe('https://example.com/a/?');
    expect(shareableUrl('https://bücher.example/ü')).toBe('https://xn--bcher-kva.example/%C3%BC');
  });

  it('leaves anything that is not an http(s) address as it was', () => {
    expect(shareableUrl('not a url')).toBe('not a url');
    expect(shareableUrl('ftp://user:pw@example.com/#x')).toBe('ftp://user:pw@example.com/#x');
    expect(shareableUrl('javascript:alert(1)#x')).toBe('javascript:alert(1)#x');
  });
});

describe('addresses of other schemes', () => {
  it.each([
    'ftp://ftp.example.com/pub/file.txt',
    'data:text/html,<h1>hi</h1>',
    'blob:https://example.com/2f5c6a1e',
    'ws://example.com/socket',
    'javascript:alert(1)',
    'mailto:someone@example.com',
  ])('does not call %s a page of the browser or of an extension, and names its scheme', (url) => {
    const check = checkPage(url);
    expect(check.reportable).toBe(false);
    if (!check.reportable) {
      expect(check.reason).not.toMatch(/browser or of an extension/);
      expect(check.reason).toMatch(/not http or https/);
    }
  });
});

describe('withoutTracking', () => {
  it('removes campaign tags, click ids and session ids, naming each, and keeps the page’s own query', () => {
    expect(
      withoutTracking('https://example.com/shoes?color=red&utm_source=news&utm_medium=mail&gclid=abc&page=2'),
    ).toEqual({
      url: 'https://example.com/shoes?color=red&page=2',
      removed: ['utm_source', 'utm_medium', 'gclid'],
    });
    expect(withoutTracking('https://example.com/?fbclid=x')).toEqual({
      url: 'https://example.com/',
      removed: ['fbclid'],
    });
    expect(withoutTracking('https://example.com/a;jsessionid=0123ABC?PHPSESSID=9&q=1')).toEqual({
      url: 'https://example.com/a?q=1',
      removed: ['jsessionid', 'PHPSESSID'],
    });
  });

  it('is null for an address with nothing to remove, or no web address', () => {
    expect(withoutTracking('https://example.com/search?q=utm_source')).toBeNull();
    expect(withoutTracking('https://example.com/?utmost=1&sidebar=0')).toBeNull();
    expect(withoutTracking('ftp://example.com/?utm_source=x')).toBeNull();
  });

  it('leaves the other pairs exactly as written', () => {
    expect(withoutTracking('https://example.com/?path=/a/b&q=a%20b&utm_source=x&empty&plus=a+b')).toEqual({
      url: 'https://example.com/?path=/a/b&q=a%20b&empty&plus=a+b',
      removed: ['utm_source'],
    });
  });

  it('removes a session id in the path of an address without a query', () => {
    expect(withoutTracking('https://example.com/cart;jsessionid=A1')).toEqual({
      url: 'https://example.com/cart',
      removed: ['jsessionid'],
    });
  });

  it('names a parameter given twice once', () => {
    expect(withoutTracking('https://example.com/?gclid=a&gclid=b')).toEqual({
      url: 'https://example.com/',
      removed: ['gclid'],
    });
  });
});
