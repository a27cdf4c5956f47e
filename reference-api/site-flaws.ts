// Sites whose template or server fails the same test on nearly every page, as real sites do: a site
// view of them has one test far ahead of the others. Both dialects' first analyses ask this, so the demo
// data and new reports agree; a regeneration starts from the analysis before and may fix it. A test a
// dialect does not have is never asked for.

/** Host (without `www.` and port) → the tests its pages fail. */
const FLAWS: Readonly<Record<string, readonly string[]>> = {
  // The page template has no meta description; only the home page, written by hand, has one.
  'example.com': ['meta_description'],
  // Every documentation page loads the whole search index and its widgets: heavy, and many requests.
  'docs.example.net': ['http_requests', 'page_size'],
};

/**
 * The tests a page fails whatever else it is like: `host` without `www.` and port, `rest` what follows
 * it (`/pricing?x=1`). None for a site's home page.
 */
export function siteFlaws(host: string, rest: string): readonly string[] {
  const path = rest.replace(/[?#].*$/, '');
  return path === '' || path === '/' ? [] : (FLAWS[host.toLowerCase()] ?? []);
}
