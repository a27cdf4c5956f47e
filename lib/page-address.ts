// Page addresses the way the service keeps them. phpRank stores a report's `url` without its scheme,
// without a leading `www.` and without the `/` of a root address (`https://www.example.com/` becomes
// `example.com`), and the full address it reached in `results.seo_friendly_url.value`.

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

function parseWebUrl(address: string): URL | null {
  try {
    const url = new URL(address);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' ? url : null;
  } catch {
    return null;
  }
}

/** Percent-escapes undone where that is safe, so "caf%C3%A9" and "café" compare equal. */
function decoded(text: string): string {
  try {
    return decodeURI(text);
  } catch {
    return text;
  }
}

/**
 * The address cleaned the service's way ("example.com/pricing?x=1"), for searching and comparing;
 * null when it is not a web address. The fragment never reaches the service and is dropped.
 */
export function serviceAddress(address: string): string | null {
  const url = withScheme(address, 'http');
  if (!url) return null;
  const host = url.hostname.replace(/^www\./, '') + (url.port ? `:${url.port}` : '');
  const path = url.pathname === '/' && url.search === '' ? '' : url.pathname;
  return decoded(`${host}${path}${url.search}`);
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
  return url ? url.hostname.replace(/^www\./, '') : null;
}
