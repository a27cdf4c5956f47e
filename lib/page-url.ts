// Which tabs can get a report: the service measures web pages, so only http(s) pages it can reach.
import { t } from './i18n';

/** phpRank refuses a page address over 2,048 characters (Laravel's `max:2048` on `url`). */
export const MAX_PAGE_URL_LENGTH = 2048;

/** Why a page address this long is refused, in the browser's language. */
export const pageUrlTooLong = (): string => t('pageUrlTooLong');

export type PageCheck =
  { reportable: true; url: string; host: string } | { reportable: false; url: string | null; reason: string };

// Store pages (host + path prefix): the browser forbids extensions there, and the service cannot measure them.
const STORE_PAGES = [
  'chromewebstore.google.com/',
  'chrome.google.com/webstore',
  'microsoftedge.microsoft.com/addons',
  'addons.mozilla.org/',
  'addons.opera.com/',
];

const NEW_TAB =
  /^(?:chrome|edge|brave|opera|vivaldi):\/\/(?:newtab|new-tab-page|startpage)\b|^about:(?:newtab|home)\b|^chrome-search:/i;
// An empty page, not a new tab: a tab opened by a script or a link before it loads anything, say.
const BLANK = /^about:blank\b/i;

/** Each reason ends with what to do instead. */
const notWebPage = (why = ''): string => (why ? `${why} ` : '') + t('pageNotWebPage');

/**
 * The address as it may leave the browser: without `user:password@` (never sent) and without the
 * `#fragment` (a place in the page, which browsers never send either). The query stays: it is part of
 * the page. Anything but an http(s) address comes back as it was.
 */
export function shareableUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return url;
  parsed.username = '';
  parsed.password = '';
  parsed.hash = '';
  return parsed.href;
}

/**
 * Whether the page at `url` can be reported, and if not, a sentence saying why. A reportable page's
 * `url` is its shareable address (see shareableUrl): the one the popup shows, looks up and creates.
 */
export function checkPage(url: string | null | undefined): PageCheck {
  if (!url)
    return {
      reportable: false,
      url: null,
      reason: notWebPage(t('pageNoAddress')),
    };
  if (NEW_TAB.test(url)) return { reportable: false, url, reason: notWebPage(t('pageNewTab')) };
  if (BLANK.test(url)) return { reportable: false, url, reason: notWebPage(t('pageBlank')) };
  if (/^view-source:/i.test(url)) return { reportable: false, url, reason: notWebPage(t('pageSource')) };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { reportable: false, url, reason: notWebPage() };
  }
  if (parsed.protocol === 'file:') return { reportable: false, url, reason: notWebPage(t('pageFile')) };
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    // Browser and extension pages have their own words; anything else (ftp:, data:, mailto:…) is named.
    const ownPage = /^(?:chrome|edge|brave|opera|vivaldi|about|chrome-extension|moz-extension|extension):$/i;
    const what = ownPage.test(parsed.protocol) ? t('pageBrowser') : t('pageScheme', parsed.protocol);
    return { reportable: false, url, reason: notWebPage(what) };
  }
  if (STORE_PAGES.some((prefix) => (parsed.hostname + parsed.pathname).startsWith(prefix))) {
    return { reportable: false, url, reason: notWebPage(t('pageStore')) };
  }
  if (!parsed.hostname) return { reportable: false, url, reason: notWebPage() };
  const shareable = shareableUrl(parsed.href);
  // Checked before any request: the service would refuse it, and a lookup could not find it.
  if (shareable.length > MAX_PAGE_URL_LENGTH)
    return { reportable: false, url: shareable, reason: pageUrlTooLong() };
  return { reportable: true, url: shareable, host: parsed.hostname };
}
