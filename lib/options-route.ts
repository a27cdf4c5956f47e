// The options page's location lives in the hash (`#/reports?search=foo&page=3`, `#/projects/<name>?test=…`),
// so reload, back/forward, bookmarks and links from elsewhere restore the same view.
import {
  PER_PAGE_VALUES,
  PROJECT_SORT_KEYS,
  REPORT_RESULTS,
  REPORT_SORT_KEYS,
  type PerPage,
  type ProjectSortKey,
  type ReportResult,
  type ReportSortKey,
  type SortDirection,
  type ReportId,
} from './api/types';
import { browser } from './page-browser';
import { reportKey } from './report-id';

export type OptionsSection = 'reports' | 'projects' | 'settings';

export interface ProjectListState {
  /** '' for none. */
  search: string;
  sortBy: ProjectSortKey;
  sort: SortDirection;
  perPage: PerPage;
  page: number;
}

export interface ReportListState extends Omit<ProjectListState, 'sortBy'> {
  sortBy: ReportSortKey;
  result: ReportResult | null;
  project: string | null;
}

/** What a route may leave out: the page fills it from remembered preferences, then defaults. */
export type OptionsRoute =
  | { section: 'reports'; list: Partial<ReportListState>; details: string | null }
  | { section: 'projects'; list: Partial<ProjectListState> }
  /** One project's page; `test`: the failed test whose pages are open. */
  | { section: 'project'; name: string; test: string | null }
  | { section: 'settings' };

/** The page size and sort used last, remembered per list. */
export interface ListPrefs<K extends string> {
  perPage?: PerPage;
  sortBy?: K;
  sort?: SortDirection;
}

/** The API's own defaults (API.md): Created newest first, 10 per page. */
const REPORT_LIST_DEFAULTS: ReportListState = {
  search: '',
  result: null,
  project: null,
  sortBy: 'id',
  sort: 'desc',
  perPage: 10,
  page: 1,
};

const PROJECT_LIST_DEFAULTS: ProjectListState = {
  search: '',
  sortBy: 'created_at',
  sort: 'desc',
  perPage: 10,
  page: 1,
};

const DIRECTIONS = ['asc', 'desc'] as const;

type Params = [string, string | number | null | undefined][];

/** Reads a hash (`#/reports?…`, with or without `#` and `/`). null when it names no known section. */
export function parseRoute(hash: string): OptionsRoute | null {
  const [path = '', ...query] = hash.replace(/^#?\/?/, '').split('?');
  const section = path.replace(/\/+$/, '');
  const params = new URLSearchParams(query.join('?'));
  const page = /^projects\/(.*)/s.exec(section)?.[1];
  if (page !== undefined) return parseProjectPage(page, params.get('test') || null);
  switch (section) {
    case 'reports': {
      const result = oneOf(params.get('result'), REPORT_RESULTS);
      const list = {
        ...parseList(params, REPORT_SORT_KEYS),
        ...defined({ result, project: params.get('project') || undefined }),
      };
      return { section, list, details: params.get('details') || null };
    }
    case 'projects':
      return { section, list: parseList(params, PROJECT_SORT_KEYS) };
    case 'settings':
      return { section };
    default:
      return null;
  }
}

/** Writes a route as a hash. Parameters in a fixed order; empty filters and page 1 are left out. */
export function formatRoute(route: OptionsRoute): string {
  switch (route.section) {
    case 'project':
      // The name is one path segment: a "/" in it stays %2F.
      return routeHash(`projects/${encodeURIComponent(route.name.toWellFormed())}`, [['test', route.test]]);
    case 'reports':
      return routeHash('reports', [...listParams(route.list), ['details', route.details]]);
    case 'projects':
      return routeHash('projects', listParams(route.list));
    case 'settings':
      return routeHash('settings', []);
  }
}

/** The full list state: what the route says, else what was remembered, else the API's defaults. */
const resolveList =
  <T extends { sortBy: string }>(defaults: T) =>
  (list: Partial<T>, prefs: ListPrefs<T['sortBy']> = {}): T => ({
    ...defaults,
    ...defined(prefs),
    ...defined(list),
  });

export const resolveReportList = resolveList(REPORT_LIST_DEFAULTS);
export const resolveProjectList = resolveList(PROJECT_LIST_DEFAULTS);

/** Only the remembered values that are still valid. */
export function sanitizePrefs<K extends string>(raw: unknown, sortKeys: readonly K[]): ListPrefs<K> {
  if (typeof raw !== 'object' || raw === null) return {};
  const record = raw as Record<string, unknown>;
  return defined({
    perPage: PER_PAGE_VALUES.find((value) => value === record.perPage),
    sortBy: oneOf(record.sortBy, sortKeys),
    sort: oneOf(record.sort, DIRECTIONS),
  });
}

/** The direction a header sorts in on its first click: dates newest first, text A to Z. */
export function firstSortDirection(sortBy: ReportSortKey | ProjectSortKey): SortDirection {
  return sortBy === 'id' || sortBy === 'generated_at' || sortBy === 'created_at' ? 'desc' : 'asc';
}

function routeHash(path: string, params: Params): string {
  // encodeURIComponent, not URLSearchParams: a space stays %20 and a slash %2F.
  const query = params
    .filter(([, value]) => value != null && value !== '')
    .map(([name, value]) => `${name}=${encodeURIComponent(String(value).toWellFormed())}`)
    .join('&');
  return `#/${path}${query ? `?${query}` : ''}`;
}

function listParams(list: Partial<Omit<ReportListState, 'sortBy'>> & { sortBy?: string }): Params {
  return [
    ['search', list.search],
    ['result', list.result],
    ['project', list.project],
    ['sort_by', list.sortBy],
    ['sort', list.sort],
    ['per_page', list.perPage],
    ['page', list.page === 1 ? null : list.page],
  ];
}

/** `projects/<name>`: one segment, percent-encoded; a name that does not decode names no page. */
function parseProjectPage(segment: string, test: string | null): OptionsRoute | null {
  if (segment === '' || segment.includes('/')) return null;
  try {
    return { section: 'project', name: decodeURIComponent(segment), test };
  } catch {
    return null;
  }
}

function parseList<K extends string>(params: URLSearchParams, sortKeys: readonly K[]) {
  const page = params.get('page') ?? '';
  return defined({
    search: params.get('search') || undefined,
    sortBy: oneOf(params.get('sort_by'), sortKeys),
    sort: oneOf(params.get('sort'), DIRECTIONS),
    perPage: PER_PAGE_VALUES.find((candidate) => String(candidate) === params.get('per_page')),
    page: /^\d{1,7}$/.test(page) && Number(page) >= 1 ? Number(page) : undefined,
  });
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  return allowed.find((candidate) => candidate === value);
}

/** Drops undefined values, so spreading the result never overwrites with undefined. */
function defined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}

export type OptionsLink =
  | { view: 'settings' }
  | { view: 'reports' }
  | { view: 'report'; id: ReportId }
  | { view: 'project'; name: string };

function routeOf(link: OptionsLink): OptionsRoute {
  if (link.view === 'settings') return { section: 'settings' };
  if (link.view === 'project') return { section: 'project', name: link.name, test: null };
  return { section: 'reports', list: {}, details: link.view === 'report' ? reportKey(link.id) : null };
}

/** The options page's address for a link, e.g. `chrome-extension://…/options.html#/reports?details=12`. */
export function optionsUrl(link: OptionsLink): string {
  return `${browser.runtime.getURL('/options.html')}${formatRoute(routeOf(link))}`;
}

export async function openOptions(link: OptionsLink): Promise<void> {
  await browser.tabs.create({ url: optionsUrl(link) });
}
