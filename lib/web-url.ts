// "Is this an http(s) address?", answered once for every part of the extension: links are rendered only
// for these (DESIGN.md security rules), reports are created only for these, and a page's address is
// read from the service only when it is one. No zod here: pages use it too.

/** The address as a URL when it is an http: or https: address; else null. Never throws. */
export function parseWebUrl(address: string): URL | null {
  try {
    const url = new URL(address);
    // Such a URL always has a host: the parser refuses "http://" or "https://:80" (empty host).
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** Whether an address is an http(s) address (a URL parser would read it so). */
export function isWebUrl(address: string): boolean {
  return parseWebUrl(address) !== null;
}

/**
 * Whether an address is an http(s) address written plainly: the scheme, `//` and a host right after it,
 * no blank or control character anywhere. A URL parser forgives a lot (drops newlines and tabs, reads
 * `https:example.com` or `https:/\example.com` as a host): what comes from a server is shown only when
 * it needs no such forgiving.
 */
export function isPlainWebUrl(address: string): boolean {
  if (!/^https?:\/\/[^/\\]/i.test(address) || /[\s\u0000-\u001f\u007f]/.test(address)) return false;
  return isWebUrl(address);
}
