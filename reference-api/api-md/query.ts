// api-md list logic shared by the report and project lists: reading the query string, filtering, sorting
// and Laravel's length-aware paginator envelope.
import type { Input } from '../http';
import { RESULTS, type ApiMdProject as Project, type ApiMdReport as Report, type Result } from '../types';
import { add, hasErrors, type FieldErrors, type Validated } from './validation';

export const PER_PAGE_VALUES = [10, 25, 50, 100] as const;
export const DEFAULT_PER_PAGE = 10;

const REPORT_SORT_KEYS = ['id', 'generated_at', 'url', 'result'] as const;
const PROJECT_SORT_KEYS = ['created_at', 'project'] as const;
const DIRECTIONS = ['desc', 'asc'] as const;

type Direction = (typeof DIRECTIONS)[number];

export interface PageParams {
  page: number;
  perPage: number;
}

export interface ReportListParams extends PageParams {
  search?: string;
  project?: string;
  result?: Result;
  sortBy: (typeof REPORT_SORT_KEYS)[number];
  sort: Direction;
}

export interface ProjectListParams extends PageParams {
  search?: string;
  sortBy: (typeof PROJECT_SORT_KEYS)[number];
  sort: Direction;
}

export interface Paginated<T> {
  data: T[];
  links: { first: string; last: string; prev: string | null; next: string | null };
  meta: {
    current_page: number;
    from: number | null;
    last_page: number;
    path: string;
    per_page: number;
    to: number | null;
    total: number;
  };
}

export function parseReportQuery(query: Input): Validated<ReportListParams> {
  const errors: FieldErrors = {};
  oneOf(query, 'search_by', ['url'], errors);
  const result = oneOf(query, 'result', RESULTS, errors);
  const sortBy = oneOf(query, 'sort_by', REPORT_SORT_KEYS, errors) ?? 'id';
  const sort = oneOf(query, 'sort', DIRECTIONS, errors) ?? 'desc';
  if (hasErrors(errors)) return { ok: false, errors };
  return {
    ok: true,
    value: { search: query.search, project: query.project, result, sortBy, sort, ...pageParams(query) },
  };
}

export function parseProjectQuery(query: Input): Validated<ProjectListParams> {
  const errors: FieldErrors = {};
  oneOf(query, 'search_by', ['project'], errors);
  const sortBy = oneOf(query, 'sort_by', PROJECT_SORT_KEYS, errors) ?? 'created_at';
  const sort = oneOf(query, 'sort', DIRECTIONS, errors) ?? 'desc';
  if (hasErrors(errors)) return { ok: false, errors };
  return { ok: true, value: { search: query.search, sortBy, sort, ...pageParams(query) } };
}

export function listReports(reports: Report[], params: ReportListParams): Report[] {
  const search = params.search?.toLowerCase();
  const filtered = reports.filter(
    (report) =>
      (search === undefined || report.url.toLowerCase().includes(search)) &&
      (params.project === undefined || report.project === params.project) &&
      (params.result === undefined || report.result === params.result),
  );
  const key = params.sortBy;
  return filtered.sort(
    (a, b) => direction(params.sort) * (compareValues(sortValue(a, key), sortValue(b, key)) || a.id - b.id),
  );
}

export function listProjects(projects: Project[], params: ProjectListParams): Project[] {
  const search = params.search?.toLowerCase();
  const filtered = projects.filter(
    (project) => search === undefined || project.project.toLowerCase().includes(search),
  );
  const byName = (a: Project, b: Project) => compareValues(a.project.toLowerCase(), b.project.toLowerCase());
  return filtered.sort(
    (a, b) =>
      direction(params.sort) *
      (params.sortBy === 'project'
        ? byName(a, b) || compareValues(a.project, b.project)
        : compareValues(a.created_at, b.created_at) || byName(a, b)),
  );
}

/** Laravel's paginator: a page past the end is empty, with the real totals in meta. */
export function paginate<T>(items: T[], params: PageParams, requestUrl: URL): Paginated<T> {
  const { page, perPage } = params;
  const total = items.length;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const start = (page - 1) * perPage;
  const data = items.slice(start, start + perPage);
  const path = requestUrl.origin + requestUrl.pathname;
  const pageUrl = (target: number) => {
    // The other query parameters are kept, page goes last (Laravel's withQueryString()).
    const query = new URLSearchParams(requestUrl.search);
    query.delete('page');
    query.append('page', String(target));
    return `${path}?${query}`;
  };
  return {
    data,
    links: {
      first: pageUrl(1),
      last: pageUrl(lastPage),
      prev: page > 1 ? pageUrl(page - 1) : null,
      next: page < lastPage ? pageUrl(page + 1) : null,
    },
    meta: {
      current_page: page,
      from: data.length > 0 ? start + 1 : null,
      last_page: lastPage,
      path,
      per_page: perPage,
      to: data.length > 0 ? start + data.length : null,
      total,
    },
  };
}

/** Out-of-range values are replaced by the defaults, not rejected, as Laravel apps commonly do. */
function pageParams(query: Input): PageParams {
  const perPage = PER_PAGE_VALUES.find((allowed) => String(allowed) === query.per_page) ?? DEFAULT_PER_PAGE;
  const page = /^\+?\d+$/.test(query.page ?? '') ? Number(query.page) : 1;
  return { perPage, page: Number.isSafeInteger(page) && page >= 1 ? page : 1 };
}

function oneOf<T extends string>(
  query: Input,
  field: string,
  allowed: readonly T[],
  errors: FieldErrors,
): T | undefined {
  const value = query[field];
  if (value === undefined) return undefined;
  const match = allowed.find((candidate) => candidate === value);
  // Laravel writes attribute names with spaces: sort_by -> "sort by".
  if (match === undefined) add(errors, field, `The selected ${field.replace(/_/g, ' ')} is invalid.`);
  return match;
}

function sortValue(report: Report, key: ReportListParams['sortBy']): string | number | null {
  switch (key) {
    case 'id':
      return report.id;
    case 'generated_at':
      return report.generated_at;
    case 'url':
      // Case-insensitive, like a MySQL *_ci collation.
      return report.url.toLowerCase();
    case 'result':
      // A string column: alphabetical (bad, decent, good).
      return report.result;
  }
}

/** Ascending order with null first, like MySQL. */
function compareValues(a: string | number | null, b: string | number | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a < b ? -1 : 1;
}

function direction(sort: Direction): number {
  return sort === 'asc' ? 1 : -1;
}
