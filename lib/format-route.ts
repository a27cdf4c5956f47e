// The options page's hash, written in one place: `#/reports?search=foo&page=3`. Its own module, so the
// popup's links (lib/options-link.ts) write it as the options page does without bundling the rest of
// lib/options-route.ts (which says which parameters a route has).
import type { OptionsSection } from './options-route';

/** A route's parameters in their order; a value left empty (undefined, null, '') is left out. */
export type RouteParams = readonly (readonly [string, string | number | null | undefined])[];

/** A section, or a project's own page under Projects (`projects/<encoded name>`). */
export type RoutePath = OptionsSection | `projects/${string}`;

/** The hash for a section and its parameters. */
export function routeHash(path: RoutePath, params: RouteParams = []): string {
  // encodeURIComponent, not URLSearchParams: a space stays %20 and a slash %2F.
  const query = params
    .filter(([, value]) => value != null && value !== '')
    .map(([name, value]) => `${name}=${encodeURIComponent(String(value).toWellFormed())}`)
    .join('&');
  return `#/${path}${query ? `?${query}` : ''}`;
}
