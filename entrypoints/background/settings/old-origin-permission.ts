// Least privilege after a move: access to a server no saved connection points to any more is given back.
import { browser } from 'wxt/browser';
import { originPattern } from '@/lib/base-url';

/**
 * Removes the permission for the old address's origin unless one of `stillUsed` needs the same pattern (a
 * pattern covers every port). Returns whether the browser gave it back: it refuses for an origin the
 * manifest grants (the test builds' loopback addresses).
 */
export async function releaseUnusedOrigin(oldBaseUrl: string, stillUsed: string[]): Promise<boolean> {
  const oldPattern = patternOf(oldBaseUrl);
  if (!oldPattern || stillUsed.some((baseUrl) => patternOf(baseUrl) === oldPattern)) return false;
  return browser.permissions.remove({ origins: [oldPattern] }).catch(() => false);
}

function patternOf(baseUrl: string): string | null {
  try {
    return originPattern(baseUrl);
  } catch {
    return null;
  }
}
