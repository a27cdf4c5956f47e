// Laravel's length-aware paginator as an API resource collection renders it: data, links, meta
// (with the numbered page links of meta.links), plus phpRank's `status`.
import type { PageParams } from './query';

export interface PageLink {
  url: string | null;
  label: string;
  active: boolean;
}

export interface PhpRankPaginated<T> {
  data: T[];
  links: { first: string; last: string; prev: string | null; next: string | null };
  meta: {
    current_page: number;
    from: number | null;
    last_page: number;
    links: PageLink[];
    path: string;
    per_page: number;
    to: number | null;
    total: number;
  };
  status: 200;
}

/** Laravel's default: three pages on each side of the current one. */
const ON_EACH_SIDE = 3;

/**
 * One page of `items`. `applied` are the query parameters the server used (undefined = left out);
 * every page URL carries them, then `page`.
 */
export function paginate<T>(
  items: T[],
  params: PageParams,
  applied: [string, string | undefined][],
  requestUrl: URL,
): PhpRankPaginated<T> {
  const { page, perPage } = params;
  const total = items.length;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const start = (page - 1) * perPage;
  const data = items.slice(start, start + perPage);
  const path = requestUrl.origin + requestUrl.pathname;
  // http_build_query(..., PHP_QUERY_RFC3986), page last.
  const query = applied
    .filter((pair): pair is [string, string] => pair[1] !== undefined)
    .map(([key, value]) => `${rawUrlEncode(key)}=${rawUrlEncode(value)}`)
    .join('&');
  const pageUrl = (target: number) => `${path}?${query ? `${query}&` : ''}page=${target}`;
  const prev = page > 1 ? pageUrl(page - 1) : null;
  const next = page < lastPage ? pageUrl(page + 1) : null;
  return {
    data,
    links: { first: pageUrl(1), last: pageUrl(lastPage), prev, next },
    meta: {
      current_page: page,
      from: data.length > 0 ? start + 1 : null,
      last_page: lastPage,
      links: [
        { url: prev, label: '&laquo; Previous', active: false },
        ...pageWindow(page, lastPage).map((item) =>
          item === '...'
            ? { url: null, label: '...', active: false }
            : { url: pageUrl(item), label: String(item), active: item === page },
        ),
        { url: next, label: 'Next &raquo;', active: false },
      ],
      path,
      per_page: perPage,
      to: data.length > 0 ? start + data.length : null,
      total,
    },
    status: 200,
  };
}

/** Laravel's UrlWindow: every page when there are few, else the ends, the current page's neighbours and "...". */
function pageWindow(current: number, last: number): (number | '...')[] {
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  if (last < ON_EACH_SIDE * 2 + 8) return range(1, last);
  const window = ON_EACH_SIDE + 4;
  if (current <= window) return [...range(1, window + ON_EACH_SIDE), '...', ...range(last - 1, last)];
  if (current > last - window)
    return [...range(1, 2), '...', ...range(last - (window + ON_EACH_SIDE - 1), last)];
  return [
    ...range(1, 2),
    '...',
    ...range(current - ON_EACH_SIDE, current + ON_EACH_SIDE),
    '...',
    ...range(last - 1, last),
  ];
}

/** PHP's rawurlencode: encodeURIComponent plus the five characters it leaves alone. */
function rawUrlEncode(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
