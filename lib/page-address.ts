// Page addresses the way the service keeps them: phpRank stores a report's `url` without its scheme, a
// leading `www.` or the `/` of a root address (`https://www.example.com/` becomes `example.com`).
import { parseWebUrl } from '@/lib/page-url';

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

/** Only escapes of non-ASCII text undone ("caf%C3%A9" is "café"); "%20" stays, so cleaning twice changes nothing. */
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

/** The address cleaned the service's way ("example.com/pricing?x=1"), for comparing; null for no web address. */
export function serviceAddress(address: string): string | null {
  const written = writtenAddress(address);
  return written === null ? null : decoded(written);
}

/** Cleaned, its escapes kept as written: what phpRank stores, and so what to search for. */
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

/** For a link: the address the service reached, else the stored one with https:// in front; only http(s). */
export function pageAddress(storedUrl: string, reached: string | null): string | null {
  if (reached) return reached;
  return withScheme(storedUrl, 'https')?.href ?? null;
}

/** The site of an address as the service names its projects: the host without `www.` ("example.com"). */
export function serviceHost(address: string): string | null {
  const url = withScheme(address, 'http');
  return url ? url.hostname.replace(/^(?:www\.)+/, '') : null;
}
