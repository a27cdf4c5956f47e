// The options page's location: which section, which list state, which report's details, which project's
// page (`#/projects/<name>?test=<key>`). Lives in the hash (`#/reports?search=foo&sort_by=url&page=3`) so
// reload, back/forward and bookmarks restore the same view; the popup links here with
// `#/reports?details=<id>`. Pure.
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
} from './api/types';

export type OptionsSection = 'reports' | 'projects' | 'settings';

export interface ReportListState {
  /** As typed; '' means no search. */
  search: string;
  result: ReportResult | null;
  project: string | null;
  sortBy: ReportSortKey;
  sort: SortDirection;
  perPage: PerPage;
  /** 1-based. */
  page: number;
}

export interface ProjectListState {
  search: string;
  sortBy: ProjectSortKey;
  sort: SortDirection;
  perPage: PerPage;
  page: number;
}

/** What a route may leave out: the page fills it from remembered preferences, then defaults. */
export type OptionsRoute =
  | { section: 'reports'; list: Partial<ReportListState>; details: string | null }
  | { section: 'projects'; list: Partial<ProjectListState> }
  /** One project's page; `test`: the failed test whose pages are open. */
  | { section: 'project'; name: string; test: string | null }
  | { section: 'settings' };

/** The page size and sort a person used last, remembered per list. */
export interface ListPrefs<K extends string> {
  perPage?: PerPage;
  sortBy?: K;
  sort?: SortDirection;
}

/** The API's own defaults (API.md): Created newest first, 10 per page. */
export const REPORT_LIST_DEFAULTS: ReportListState = {
  search: '',
  result: null,
  project: null,
  sortBy: 'id',
  sort: 'desc',
  perPage: 10,
  page: 1,
};

export const PROJECT_LIST_DEFAULTS: ProjectListState = {
  search: '',
  sortBy: 'created_at',
  sort: 'desc',
  perPage: 10,
  page: 1,
};

const SECTIONS: readonly OptionsSection[] = ['reports', 'projects', 'settings'];

/** Reads a hash (`#/reports?…`, with or without `#` and `/`). null when it names no known section. */
export function parseRoute(hash: string): OptionsRoute | null {
  const text = hash.replace(/^#/, '').replace(/^\//, '');
  const queryStart = text.indexOf('?');
  const path = (queryStart === -1 ? text : text.slice(0, queryStart)).replace(/\/+$/, '');
  const params = new URLSearchParams(queryStart === -1 ? '' : text.slice(queryStart + 1));
  if (path.startsWith('projects/')) return parseProjectPage(path.slice('projects/'.length), params);
  const section = SECTIONS.find((name) => name === path);
  switch (section) {
    case 'reports':
      return { section, list: parseReportList(params), details: nonEmpty(params.get('details')) };
    case 'projects':
      return { section, list: parseProjectList(params) };
    case 'settings':
      return { section };
    default:
      return null;
  }
}

/** Writes a route as a hash. Parameters in a fixed order; empty filters and page 1 are left out. */
export function formatRoute(route: OptionsRoute): string {
  if (route.section === 'project') return projectHash(route.name, route.test);
  const pairs: [string, string | number | null | undefined][] = [];
  if (route.section === 'reports') {
    const { list } = route;
    pairs.push(
      ['search', list.search],
      ['result', list.result],
      ['project', list.project],
      ['sort_by', list.sortBy],
      ['sort', list.sort],
      ['per_page', list.perPage],
      ['page', list.page === 1 ? null : list.page],
      ['details', route.details],
    );
  } else if (route.section === 'projects') {
    const { list } = route;
    pairs.push(
      ['search', list.search],
      ['sort_by', list.sortBy],
      ['sort', list.sort],
      ['per_page', list.perPage],
      ['page', list.page === 1 ? null : list.page],
    );
  }
  return routeHash(route.section, pairs);
}

/** The full list state: what the route says, else what was remembered, else the API's defaults. */
export function resolveReportList(
  list: Partial<ReportListState>,
  prefs: ListPrefs<ReportSortKey> = {},
): ReportListState {
  return { ...REPORT_LIST_DEFAULTS, ...defined(prefs), ...defined(list) };
}

export function resolveProjectList(
  list: Partial<ProjectListState>,
  prefs: ListPrefs<ProjectSortKey> = {},
): ProjectListState {
  return { ...PROJECT_LIST_DEFAULTS, ...defined(prefs), ...defined(list) };
}

/** Remembered preferences come from storage: keep only values that are still valid. */
export function sanitizeReportPrefs(raw: unknown): ListPrefs<ReportSortKey> {
  return sanitizePrefs(raw, REPORT_SORT_KEYS);
}

export function sanitizeProjectPrefs(raw: unknown): ListPrefs<ProjectSortKey> {
  return sanitizePrefs(raw, PROJECT_SORT_KEYS);
}

/** The direction a header sorts in on its first click: dates newest first, text A to Z. */
export function firstSortDirection(sortBy: ReportSortKey | ProjectSortKey): SortDirection {
  return sortBy === 'id' || sortBy === 'generated_at' || sortBy === 'created_at' ? 'desc' : 'asc';
}

/** The hash for a path and its parameters in their order; a value left empty is left out. */
function routeHash(path: string, params: [string, string | number | null | undefined][] = []): string {
  // encodeURIComponent, not URLSearchParams: a space stays %20 and a slash %2F.
  const query = params
    .filter(([, value]) => value != null && value !== '')
    .map(([name, value]) => `${name}=${encodeURIComponent(String(value).toWellFormed())}`)
    .join('&');
  return `#/${path}${query ? `?${query}` : ''}`;
}

/** A project's page, `#/projects/Client%20A%20%2F%20Landing%20pages?test=meta_description`. */
function projectHash(name: string, test: string | null): string {
  // The name is one path segment: a "/" in it stays %2F.
  return routeHash(`projects/${encodeURIComponent(name.toWellFormed())}`, [['test', test]]);
}

/** `projects/<name>`: one segment, percent-encoded; a name that does not decode names no page. */
function parseProjectPage(segment: string, params: URLSearchParams): OptionsRoute | null {
  if (segment === '' || segment.includes('/')) return null;
  let name: string;
  try {
    name = decodeURIComponent(segment);
  } catch {
    return null;
  }
  return { section: 'project', name, test: nonEmpty(params.get('test')) };
}

function parseReportList(params: URLSearchParams): Partial<ReportListState> {
  return defined({
    search: nonEmpty(params.get('search')) ?? undefined,
    result: oneOf(params.get('result'), REPORT_RESULTS),
    project: nonEmpty(params.get('project')) ?? undefined,
    sortBy: oneOf(params.get('sort_by'), REPORT_SORT_KEYS),
    sort: oneOf(params.get('sort'), ['asc', 'desc'] as const),
    perPage: perPageOf(params.get('per_page')),
    page: pageOf(params.get('page')),
  });
}

function parseProjectList(params: URLSearchParams): Partial<ProjectListState> {
  return defined({
    search: nonEmpty(params.get('search')) ?? undefined,
    sortBy: oneOf(params.get('sort_by'), PROJECT_SORT_KEYS),
    sort: oneOf(params.get('sort'), ['asc', 'desc'] as const),
    perPage: perPageOf(params.get('per_page')),
    page: pageOf(params.get('page')),
  });
}

function sanitizePrefs<K extends string>(raw: unknown, sortKeys: readonly K[]): ListPrefs<K> {
  if (typeof raw !== 'object' || raw === null) return {};
  const record = raw as Record<string, unknown>;
  return defined({
    perPage: PER_PAGE_VALUES.find((value) => value === record.perPage),
    sortBy: sortKeys.find((key) => key === record.sortBy),
    sort: (['asc', 'desc'] as const).find((direction) => direction === record.sort),
  });
}

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return allowed.find((candidate) => candidate === value);
}

function perPageOf(value: string | null): PerPage | undefined {
  return PER_PAGE_VALUES.find((candidate) => String(candidate) === value);
}

function pageOf(value: string | null): number | undefined {
  if (value === null || !/^\d{1,7}$/.test(value)) return undefined;
  const page = Number(value);
  return page >= 1 ? page : undefined;
}

function nonEmpty(value: string | null): string | null {
  return value === null || value === '' ? null : value;
}

/** Drops undefined values, so spreading the result never overwrites with undefined. */
function defined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}
