// Addresses as phpRank handles them: the clean-up that gives a report's `url` and `project`, and
// the "fetch" of a page, which here only follows the configured redirects and fails for hosts that
// cannot resolve.

/** Guzzle's default, which phpRank keeps. */
const MAX_REDIRECTS = 10;

/**
 * A report's `url`: without scheme, without a leading `www.`, and without the `/` of a root address.
 * `https://www.example.com/` → `example.com`; `https://www.example.com/pricing?x=1` →
 * `example.com/pricing?x=1`. String work, not URL parsing, so a unicode host stays as written.
 */
export function cleanUrl(address: string): string {
  const url = address
    .trim()
    .replace(/^https?:\/\//i, '')
    .replace(/^www\./i, '');
  return /^[^/?#]*\/$/.test(url) ? url.slice(0, -1) : url;
}

/** The search text goes through the same clean-up, so a full address finds its report. */
export const cleanSearch = cleanUrl;

/** A report's `project`: the host of its cleaned url (no user, no port). */
export function projectOf(cleanedUrl: string): string {
  const authority = /^[^/?#]*/.exec(cleanedUrl)?.[0] ?? '';
  const host = authority.slice(authority.lastIndexOf('@') + 1);
  return host.replace(/:\d*$/, '');
}

export type Fetched = { ok: true; address: string } | { ok: false; message: string };

/**
 * Where fetching `address` ends: the address reached after redirects, or the HTTP client's error.
 * Hosts under `.invalid` (a TLD reserved never to resolve, RFC 2606) fail as cURL reports it.
 */
export function fetchPage(address: string, redirectOf: (address: string) => string | undefined): Fetched {
  let current = address.trim();
  for (let hops = 0; ; hops++) {
    const host = hostnameOf(current);
    if (host !== undefined && (host === 'invalid' || host.endsWith('.invalid'))) {
      return {
        ok: false,
        message: `cURL error 6: Could not resolve host: ${host} (see https://curl.haxx.se/libcurl/c/libcurl-errors.html)`,
      };
    }
    const next = redirectOf(current);
    if (next === undefined) return { ok: true, address: current };
    if (hops === MAX_REDIRECTS) {
      return { ok: false, message: `Will not follow more than ${MAX_REDIRECTS} redirects` };
    }
    current = next;
  }
}

function hostnameOf(address: string): string | undefined {
  try {
    return new URL(address).hostname.replace(/\.$/, '');
  } catch {
    return undefined;
  }
}
