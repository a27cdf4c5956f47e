// Least privilege after a move: once the settings point to another server, Page Reports gives up its access
// to the old one. Background only, called after a successful save.
import { originPattern } from '@/lib/base-url';

export interface PermissionRemover {
  remove(permissions: { origins: string[] }): Promise<boolean>;
}

/** The parts of a manifest that grant host access for good (a granted optional origin is not among them). */
export interface ManifestGrants {
  host_permissions?: string[];
  permissions?: string[];
}

/** The origins the manifest itself grants: MV3's host_permissions, or the match patterns among MV2's permissions. */
export function declaredOrigins(manifest: ManifestGrants): string[] {
  const patterns = (manifest.permissions ?? []).filter((p) => p === '<all_urls>' || p.includes('://'));
  return [...(manifest.host_permissions ?? []), ...patterns];
}

/** Whether the manifest grants an origin for good: the browser refuses to remove such a permission. */
export type IsDeclared = (origin: string) => boolean;

export function declaredIn(manifest: ManifestGrants): IsDeclared {
  const declared = declaredOrigins(manifest);
  return (origin) => declared.some((pattern) => covers(pattern, origin));
}

/** The production manifest declares no origin (scripts/check-build.mjs holds it to that). */
export const NONE_DECLARED: IsDeclared = () => false;

/**
 * Removes the permission for the old address's origin unless a saved connection (`stillUsed`, the addresses
 * saved now) still needs the same pattern (a pattern covers every port, so another port is the same
 * pattern), or the manifest declares the old origin (the browser refuses to remove it, and the test build
 * needs it). Returns whether it asked the browser to remove it.
 */
export async function releaseUnusedOrigin(
  oldBaseUrl: string,
  stillUsed: string[],
  deps: { permissions: PermissionRemover; isDeclared: IsDeclared },
): Promise<boolean> {
  const oldOrigin = originOf(oldBaseUrl);
  if (!oldOrigin) return false;
  const oldPattern = originPattern(oldOrigin);
  const patternOf = (baseUrl: string) => {
    const origin = originOf(baseUrl);
    return origin && originPattern(origin);
  };
  if (stillUsed.some((baseUrl) => patternOf(baseUrl) === oldPattern)) return false;
  if (deps.isDeclared(oldOrigin)) return false;
  await deps.permissions.remove({ origins: [oldPattern] });
  return true;
}

function originOf(baseUrl: string): string | null {
  try {
    return baseUrl ? new URL(baseUrl).origin : null;
  } catch {
    return null;
  }
}

/**
 * Whether a manifest match pattern grants `origin` ("https://a.example:8443"). Only the scheme and host
 * matter for an origin; the path never narrows a host permission (WXT's MatchPattern matches whole URLs,
 * path included, and throws on a pattern it cannot read). Anything unreadable counts as covering, so
 * nothing declared is ever removed. Only builds whose manifest declares origins use it (index.ts).
 */
export function covers(pattern: string, origin: string): boolean {
  if (pattern === '<all_urls>') return true;
  const parts = /^(\*|https?|wss?|ftp|file):\/\/(\*|(?:\*\.)?(?:\[[^\]/]+\]|[^/*:]+))(?::\d+)?\//.exec(
    pattern,
  );
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return true;
  }
  if (!parts) return true;
  const [, scheme, host] = parts as unknown as [string, string, string];
  const protocol = url.protocol.slice(0, -1);
  if (scheme === '*' ? protocol !== 'http' && protocol !== 'https' : scheme !== protocol) return false;
  if (host === '*') return true;
  return host.startsWith('*.')
    ? url.hostname === host.slice(2) || url.hostname.endsWith(host.slice(1))
    : url.hostname === host;
}
