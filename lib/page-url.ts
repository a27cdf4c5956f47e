// Which addresses are web pages, which tabs can get a report, and how long a request may be.
import { t } from './i18n';

/** The address as a URL when it is an http: or https: address; else null. Never throws. */
export function parseWebUrl(address: string): URL | null {
  try {
    const url = new URL(address);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

export function isWebUrl(address: string): boolean {
  return parseWebUrl(address) !== null;
}

/** Written plainly (scheme, `//`, host; no blank or control character): a server's address is shown only then. */
export function isPlainWebUrl(address: string): boolean {
  if (!/^https?:\/\/[^/\\]/i.test(address) || /[\s\u0000-\u001f\u007f]/.test(address)) return false;
  return isWebUrl(address);
}

/** phpRank refuses a page address over 2,048 characters (Laravel's `max:2048` on `url`). */
export const MAX_PAGE_URL_LENGTH = 2048;

export const pageUrlTooLong = (): string => t('pageUrlTooLong');

/** Web servers refuse request lines past about 8 KB (414). */
export const MAX_REQUEST_URL_LENGTH = 8000;

/** A search is matched against stored addresses. */
export const MAX_SEARCH_LENGTH = 2048;

/** Encoded, a letter outside ASCII takes up to 9 characters. */
const MAX_ENCODED_SEARCH_LENGTH = 6000;

export const REQUEST_URL_TOO_LONG = t('inputRequestTooLong');

export function searchProblem(search: string): string | null {
  const text = search.trim();
  if (text.length > MAX_SEARCH_LENGTH) return t('inputSearchTooLong');
  // A lone surrogate has no encoding (encodeURIComponent throws); the client sends it as U+FFFD.
  if (encodeURIComponent(text.toWellFormed()).length > MAX_ENCODED_SEARCH_LENGTH) {
    return t('inputSearchTooWide');
  }
  return null;
}

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
// An empty page, not a new tab: a tab opened by a script before it loads anything, say.
const BLANK = /^about:blank\b/i;

// Browser and extension pages have their own words; any other scheme (ftp:, data:, mailto:…) is named.
const OWN_PAGE = /^(?:chrome|edge|brave|opera|vivaldi|about|chrome-extension|moz-extension|extension):$/;

/** Why an address that is no http(s) address is not a web page, by its scheme. */
function schemeReason(url: string): string | undefined {
  const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(url.trim())?.[0].toLowerCase();
  if (!scheme || scheme === 'http:' || scheme === 'https:') return undefined;
  if (scheme === 'file:') return t('pageFile');
  return OWN_PAGE.test(scheme) ? t('pageBrowser') : t('pageScheme', scheme);
}

/** Each reason ends with what to do instead. */
const notWebPage = (why = ''): string => (why ? `${why} ` : '') + t('pageNotWebPage');

/** The address as it may leave the browser: without `user:password@` and `#fragment` (browsers never send it). */
export function shareableUrl(url: string): string {
  const parsed = parseWebUrl(url);
  if (!parsed) return url;
  parsed.username = '';
  parsed.password = '';
  parsed.hash = '';
  return parsed.href;
}

// Parameters that name a visit, not a page: campaign tags, ad click ids, session ids.
const TRACKING_PARAMETER =
  /^(?:utm_.+|gclid|gbraid|wbraid|dclid|gclsrc|fbclid|msclkid|yclid|twclid|ttclid|igshid|li_fat_id|mc_cid|mc_eid|_ga|_gl|_hsenc|_hsmi|mkt_tok|phpsessid|jsessionid|sessionid|session_id|sid|aspsessionid.*|cfid|cftoken)$/i;

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/** Without tracking parameters (and `;jsessionid=`), with the names removed; null when it has none. */
export function withoutTracking(url: string): { url: string; removed: string[] } | null {
  const parsed = parseWebUrl(url);
  if (!parsed) return null;
  const removed: string[] = [];
  const session = /;jsessionid=[^/?#]*/i;
  if (session.test(parsed.pathname)) {
    parsed.pathname = parsed.pathname.replace(session, '');
    removed.push('jsessionid');
  }
  // The other pairs stay as written: URLSearchParams would re-encode them into another address.
  const pairs = parsed.search ? parsed.search.slice(1).split('&') : [];
  const kept = pairs.filter((pair) => {
    const name = decodeName(pair.split('=')[0]!);
    if (!TRACKING_PARAMETER.test(name)) return true;
    if (!removed.includes(name)) removed.push(name);
    return false;
  });
  parsed.search = kept.length > 0 ? `?${kept.join('&')}` : '';
  return removed.length > 0 ? { url: parsed.href, removed } : null;
}

/** Whether the page at `url` can be reported (then its shareable address), else why not. */
export function checkPage(url: string | null | undefined): PageCheck {
  if (!url) return { reportable: false, url: null, reason: notWebPage(t('pageNoAddress')) };
  if (NEW_TAB.test(url)) return { reportable: false, url, reason: notWebPage(t('pageNewTab')) };
  if (BLANK.test(url)) return { reportable: false, url, reason: notWebPage(t('pageBlank')) };
  if (/^view-source:/i.test(url)) return { reportable: false, url, reason: notWebPage(t('pageSource')) };
  const parsed = parseWebUrl(url);
  if (!parsed) return { reportable: false, url, reason: notWebPage(schemeReason(url)) };
  if (STORE_PAGES.some((prefix) => (parsed.hostname + parsed.pathname).startsWith(prefix))) {
    return { reportable: false, url, reason: notWebPage(t('pageStore')) };
  }
  const shareable = shareableUrl(parsed.href);
  if (shareable.length > MAX_PAGE_URL_LENGTH)
    return { reportable: false, url: shareable, reason: pageUrlTooLong() };
  return { reportable: true, url: shareable, host: parsed.hostname };
}
