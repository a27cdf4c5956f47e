// phpRank's lists: parameters it does not know fall back to its defaults (a list request is never a
// 422), filtering, sorting, and the parameters it applied, which its page links carry.
import type { Input } from '../http';
import { RESULTS, type PhpRankProject, type PhpRankReport, type Result } from '../types';
import { cleanSearch } from './address';
import { bandOf } from './score';

export const PER_PAGE_VALUES = [10, 25, 50, 100] as const;
export const DEFAULT_PER_PAGE = 10;

/** `generated_at` is not among them: phpRank silently sorts by id instead. */
const REPORT_SORT_KEYS = ['id', 'url', 'result'] as const;
const PROJECT_SORT_KEYS = ['created_at', 'project'] as const;
const DIRECTIONS = ['desc', 'asc'] as const;
type Direction = (typeof DIRECTIONS)[number];

export interface PageParams {
  page: number;
  perPage: number;
}

export interface ReportListParams extends PageParams {
  search?: string;
  searchBy: 'url';
  project?: string;
  result?: Result;
  sortBy: (typeof REPORT_SORT_KEYS)[number];
  sort: Direction;
}

export interface ProjectListParams extends PageParams {
  search?: string;
  searchBy: 'project';
  sortBy: (typeof PROJECT_SORT_KEYS)[number];
  sort: Direction;
}

export function parseReportQuery(query: Input): ReportListParams {
  return {
    search: query.search,
    searchBy: 'url',
    project: query.project,
    result: oneOf(query.result, RESULTS),
    sortBy: oneOf(query.sort_by, REPORT_SORT_KEYS) ?? 'id',
    sort: oneOf(query.sort, DIRECTIONS) ?? 'desc',
    ...pageParams(query),
  };
}

export function parseProjectQuery(query: Input): ProjectListParams {
  return {
    search: query.search,
    searchBy: 'project',
    sortBy: oneOf(query.sort_by, PROJECT_SORT_KEYS) ?? 'created_at',
    sort: oneOf(query.sort, DIRECTIONS) ?? 'desc',
    ...pageParams(query),
  };
}

/** What the links of a report list page carry, in phpRank's order; absent filters are left out. */
export function appliedReportParams(params: ReportListParams): [string, string | undefined][] {
  return [
    ['search', params.search],
    ['search_by', params.searchBy],
    ['project', params.project],
    ['result', params.result],
    ['sort_by', params.sortBy],
    ['sort', params.sort],
    ['per_page', String(params.perPage)],
  ];
}

export function appliedProjectParams(params: ProjectListParams): [string, string | undefined][] {
  return [
    ['search', params.search],
    ['search_by', params.searchBy],
    ['sort_by', params.sortBy],
    ['sort', params.sort],
    ['per_page', String(params.perPage)],
  ];
}

export function listReports(reports: PhpRankReport[], params: ReportListParams): PhpRankReport[] {
  const search = params.search === undefined ? undefined : cleanSearch(params.search).toLowerCase();
  const filtered = reports.filter(
    (report) =>
      (search === undefined || report.url.toLowerCase().includes(search)) &&
      (params.project === undefined || report.project === params.project) &&
      (params.result === undefined || bandMatches(report, params.result)),
  );
  const value = (report: PhpRankReport): string | number | null => {
    if (params.sortBy === 'url') return report.url.toLowerCase(); // a *_ci collation
    if (params.sortBy === 'result') return score(report);
    return report.id;
  };
  return filtered.sort((a, b) => direction(params.sort) * (compareValues(value(a), value(b)) || a.id - b.id));
}

export function listProjects(projects: PhpRankProject[], params: ProjectListParams): PhpRankProject[] {
  const search = params.search?.toLowerCase();
  const filtered = projects.filter(
    (project) => search === undefined || project.project.toLowerCase().includes(search),
  );
  const byName = (a: PhpRankProject, b: PhpRankProject) =>
    compareValues(a.project.toLowerCase(), b.project.toLowerCase()) || compareValues(a.project, b.project);
  return filtered.sort(
    (a, b) =>
      direction(params.sort) *
      (params.sortBy === 'project'
        ? byName(a, b)
        : compareValues(a.created_at, b.created_at) || byName(a, b)),
  );
}

/** The score as a number (it may go out as a string); null in release 1.1.0. */
function score(report: PhpRankReport): number | null {
  return report.result === null ? null : Number(report.result);
}

/** Like SQL, a null score is in no band. */
function bandMatches(report: PhpRankReport, band: Result): boolean {
  const value = score(report);
  return value !== null && bandOf(value) === band;
}

/** Laravel's paginator takes any page from 1 up; phpRank's per_page must be one of its four. */
function pageParams(query: Input): PageParams {
  const perPage = PER_PAGE_VALUES.find((allowed) => String(allowed) === query.per_page) ?? DEFAULT_PER_PAGE;
  const page = /^\+?\d+$/.test(query.page ?? '') ? Number(query.page) : 1;
  return { perPage, page: Number.isSafeInteger(page) && page >= 1 ? page : 1 };
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[]): T | undefined {
  return allowed.find((candidate) => candidate === value);
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
