// Page addresses the way the service keeps them. phpRank stores a report's `url` without its scheme,
// without a leading `www.` and without the `/` of a root address (`https://www.example.com/` becomes
// `example.com`), and the full address it reached in `results.seo_friendly_url.value`.

import { parseWebUrl } from '@/lib/web-url';

const WEB_SCHEME = /^https?:\/\//i;
const ANY_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** A full web URL from an address that may lack its scheme; another scheme (ftp:, javascript:) is not one. */
function withScheme(address: string, scheme: string): URL | null {
  const text = address.trim();
  if (WEB_SCHEME.test(text)) return parseWebUrl(text);
  // "example.com:8080/x" has no scheme, though it looks like one: only letters before a colon and a slash.
  if (ANY_SCHEME.test(text) && !/^[^/:]+:\d/.test(text)) return null;
  return parseWebUrl(`${scheme}://${text}`);
}

/**
 * Only the escapes of non-ASCII text undone, so "caf%C3%A9" and "café" compare equal; "%20" or "%25"
 * stay as they are, so cleaning twice gives the same address.
 */
function decoded(text: string): string {
  return text.replace(/(?:%[89a-f][0-9a-f])+/gi, (escapes) => {
    try {
      return decodeURIComponent(escapes);
    } catch {
      return escapes;
    }
  });
}

/** The port written in an address without scheme ("example.com:80/x"), which URL() drops as http's default. */
function writtenPort(address: string): string {
  return WEB_SCHEME.test(address.trim())
    ? ''
    : (/^[^/?#]*?:(\d+)(?:[/?#]|$)/.exec(address.trim())?.[1] ?? '');
}

/**
 * The address cleaned the service's way ("example.com/pricing?x=1"), for searching and comparing;
 * null when it is not a web address. The fragment never reaches the service and is dropped.
 */
export function serviceAddress(address: string): string | null {
  const written = writtenAddress(address);
  return written === null ? null : decoded(written);
}

/** serviceAddress of a full http(s) address, such as a tab's: what pages key a page's report by. */
export function pageKey(url: string): string | null {
  const parsed = parseWebUrl(url);
  return parsed && decoded(written(parsed, parsed.port));
}

/**
 * The address cleaned the service's way, its escapes kept as the browser wrote them: what phpRank stores
 * for a page, and so what to search for ("example.com/caf%C3%A9" is not found by "example.com/café").
 */
export function writtenAddress(address: string): string | null {
  const url = withScheme(address, 'http');
  return url && written(url, url.port || writtenPort(address));
}

function written(url: URL, port: string): string {
  // Every leading "www.": phpRank stores www.www.example.com as www.example.com, which is cleaned again.
  const host = url.hostname.replace(/^(?:www\.)+/, '') + (port ? `:${port}` : '');
  const path = url.pathname === '/' && url.search === '' ? '' : url.pathname;
  return `${host}${path}${url.search}`;
}

/** Whether a report stored as `storedUrl` (or reached at `reachedUrl`) is a report of `pageUrl`. */
export function isSamePage(pageUrl: string, storedUrl: string, reachedUrl: string | null = null): boolean {
  const page = serviceAddress(pageUrl);
  if (page === null) return false;
  return serviceAddress(storedUrl) === page || (reachedUrl !== null && serviceAddress(reachedUrl) === page);
}

/**
 * The page's full address, for a link: the one the service reached (phpRank's
 * `results.seo_friendly_url.value`), else the stored one with https:// in front when it has no scheme.
 * Never anything but http(s).
 */
export function pageAddress(storedUrl: string, reached: string | null): string | null {
  if (reached) return reached;
  return withScheme(storedUrl, 'https')?.href ?? null;
}

/** The site of an address as the service names its projects: the host without `www.` ("example.com"). */
export function serviceHost(address: string): string | null {
  const url = withScheme(address, 'http');
  return url ? url.hostname.replace(/^(?:www\.)+/, '') : null;
}
