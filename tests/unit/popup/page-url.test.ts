import { describe, expect, it } from 'vitest';
import { checkPage, hostOf, isSameUrl } from '@/lib/page-url';

describe('checkPage', () => {
  it.each([
    ['https://example.com/a?b=1#c', 'example.com'],
    ['http://localhost:8080/', 'localhost'],
    ['https://EXAMPLE.org/Path', 'example.org'],
  ])('lets %s be reported', (url, host) => {
    expect(checkPage(url)).toEqual({ reportable: true, url, host });
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
    ['data:text/html,hello', /browser or of an extension/],
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

describe('hostOf and isSameUrl', () => {
  it('gives the host of web URLs only', () => {
    expect(hostOf('https://a.example.com:8443/x')).toBe('a.example.com');
    expect(hostOf('file:///x')).toBeNull();
    expect(hostOf('nonsense')).toBeNull();
  });

  it('treats what URL() normalises as the same page, and nothing more', () => {
    expect(isSameUrl('https://Example.com', 'https://example.com/')).toBe(true);
    expect(isSameUrl('https://example.com:443/a', 'https://example.com/a')).toBe(true);
    expect(isSameUrl('https://example.com/a', 'https://example.com/a/')).toBe(false);
    expect(isSameUrl('https://example.com/a', 'https://example.com/a?x=1')).toBe(false);
    expect(isSameUrl('http://example.com/', 'https://example.com/')).toBe(false);
    expect(isSameUrl('bad', 'https://example.com/')).toBe(false);
  });
});
