import { describe, expect, it } from 'vitest';
import { REPORT_SORT_KEYS } from '@/lib/api/types';
import {
  firstSortDirection,
  formatRoute,
  parseRoute,
  resolveProjectList,
  resolveReportList,
  sanitizePrefs,
  type OptionsRoute,
} from '@/lib/options-route';

describe('parseRoute', () => {
  it('reads the three sections, with or without the slash', () => {
    expect(parseRoute('#/reports')).toEqual({ section: 'reports', list: {}, details: null });
    expect(parseRoute('#projects')).toEqual({ section: 'projects', list: {} });
    expect(parseRoute('#/settings')).toEqual({ section: 'settings' });
    expect(parseRoute('#/settings/')).toEqual({ section: 'settings' });
  });

  it('names no section for an empty or unknown hash', () => {
    expect(parseRoute('')).toBeNull();
    expect(parseRoute('#')).toBeNull();
    expect(parseRoute('#/')).toBeNull();
    expect(parseRoute('#/dashboard?page=2')).toBeNull();
  });

  it('reads the whole report list state from the example in the issue', () => {
    const route = parseRoute(
      '#/reports?search=foo&result=good&project=Client%20A%20%2F%20Landing%20pages&sort_by=url&sort=asc&per_page=25&page=3',
    );
    expect(route).toEqual({
      section: 'reports',
      details: null,
      list: {
        search: 'foo',
        result: 'good',
        project: 'Client A / Landing pages',
        sortBy: 'url',
        sort: 'asc',
        perPage: 25,
        page: 3,
      },
    });
  });

  it('reads the details link the popup writes', () => {
    expect(parseRoute('#/reports?details=12')).toEqual({ section: 'reports', list: {}, details: '12' });
    expect(parseRoute('#/reports?details=a%2Fb%20c')).toMatchObject({ details: 'a/b c' });
  });

  it('leaves out values the API does not allow, rather than guessing', () => {
    const route = parseRoute('#/reports?result=great&sort_by=created_at&sort=up&per_page=20&page=0&search=');
    expect(route).toEqual({ section: 'reports', list: {}, details: null });
    expect(parseRoute('#/reports?page=-2')).toMatchObject({ list: {} });
    expect(parseRoute('#/reports?page=1.5')).toMatchObject({ list: {} });
    expect(parseRoute('#/projects?sort_by=url&per_page=100')).toEqual({
      section: 'projects',
      list: { perPage: 100 },
    });
  });

  it('survives broken percent-encoding', () => {
    expect(() => parseRoute('#/reports?search=%E0%A4%A')).not.toThrow();
  });
});

describe('formatRoute', () => {
  it('writes the parameters in the order of the issue, encoded with %20 and %2F', () => {
    const hash = formatRoute({
      section: 'reports',
      details: null,
      list: {
        search: 'foo',
        result: 'good',
        project: 'Client A / Landing pages',
        sortBy: 'url',
        sort: 'asc',
        perPage: 25,
        page: 3,
      },
    });
    expect(hash).toBe(
      '#/reports?search=foo&result=good&project=Client%20A%20%2F%20Landing%20pages&sort_by=url&sort=asc&per_page=25&page=3',
    );
  });

  it('leaves out empty filters and page 1', () => {
    expect(
      formatRoute({
        section: 'reports',
        list: { search: '', result: null, project: null, page: 1 },
        details: null,
      }),
    ).toBe('#/reports');
    expect(formatRoute({ section: 'settings' })).toBe('#/settings');
    expect(formatRoute({ section: 'projects', list: { search: 'x', page: 1 } })).toBe('#/projects?search=x');
  });

  it('round-trips odd project names and searches', () => {
    const names = ['Shop 100% off?', 'News #1', 'C++ guides', 'Café – Ünïcode 日本', 'a&b=c', ' spaced '];
    for (const name of names) {
      const route: OptionsRoute = {
        section: 'reports',
        list: { project: name, search: name, sortBy: 'generated_at', sort: 'desc', perPage: 100, page: 7 },
        details: '42',
      };
      expect(parseRoute(formatRoute(route))).toEqual(route);
    }
  });

  it('never lets a name break out of its parameter', () => {
    const hash = formatRoute({ section: 'projects', list: { search: 'x&page=9#/settings' } });
    expect(hash).toBe('#/projects?search=x%26page%3D9%23%2Fsettings');
    expect(parseRoute(hash)).toEqual({ section: 'projects', list: { search: 'x&page=9#/settings' } });
  });
});

describe('resolving a list state', () => {
  it('uses the hash first, then the remembered preferences, then the API defaults', () => {
    expect(resolveReportList({})).toEqual({
      search: '',
      result: null,
      project: null,
      sortBy: 'id',
      sort: 'desc',
      perPage: 10,
      page: 1,
    });
    expect(resolveReportList({}, { perPage: 50, sortBy: 'url', sort: 'asc' })).toMatchObject({
      perPage: 50,
      sortBy: 'url',
      sort: 'asc',
    });
    expect(resolveReportList({ perPage: 25 }, { perPage: 50, sort: 'asc' })).toMatchObject({
      perPage: 25,
      sort: 'asc',
      sortBy: 'id',
    });
    expect(resolveProjectList({}, {})).toMatchObject({ sortBy: 'created_at', sort: 'desc', perPage: 10 });
  });

  it('keeps only valid remembered preferences', () => {
    expect(sanitizePrefs({ perPage: 25, sortBy: 'url', sort: 'asc' }, REPORT_SORT_KEYS)).toEqual({
      perPage: 25,
      sortBy: 'url',
      sort: 'asc',
    });
    expect(sanitizePrefs({ perPage: 20, sortBy: 'created_at', sort: 'sideways' }, REPORT_SORT_KEYS)).toEqual(
      {},
    );
    expect(sanitizePrefs('garbage', REPORT_SORT_KEYS)).toEqual({});
    expect(sanitizePrefs(null, REPORT_SORT_KEYS)).toEqual({});
  });

  it('sorts dates newest first and text A to Z on a first click', () => {
    expect(firstSortDirection('id')).toBe('desc');
    expect(firstSortDirection('generated_at')).toBe('desc');
    expect(firstSortDirection('created_at')).toBe('desc');
    expect(firstSortDirection('url')).toBe('asc');
    expect(firstSortDirection('project')).toBe('asc');
  });
});

describe('a project’s page', () => {
  const odd = 'Client A / Landing pages';

  it('is one percent-encoded path segment under projects, a slash in the name kept as %2F', () => {
    const hash = formatRoute({ section: 'project', name: odd, test: null });
    expect(hash).toBe('#/projects/Client%20A%20%2F%20Landing%20pages');
    expect(parseRoute(hash)).toEqual({ section: 'project', name: odd, test: null });
  });

  it('names the test whose pages are open', () => {
    const hash = formatRoute({ section: 'project', name: 'shop.example', test: 'meta_description' });
    expect(hash).toBe('#/projects/shop.example?test=meta_description');
    expect(parseRoute(hash)).toEqual({ section: 'project', name: 'shop.example', test: 'meta_description' });
    expect(parseRoute('#/projects/shop.example?test=')).toMatchObject({ test: null });
  });

  it('round-trips names with %, ?, #, & and non-Latin letters', () => {
    for (const name of ['Shop 100% off?', 'News #1', 'A & B', 'Café – Ünïcode 日本', ' padded ']) {
      const route: OptionsRoute = { section: 'project', name, test: 'a&b=c' };
      expect(parseRoute(formatRoute(route))).toEqual(route);
    }
  });

  it('names no page for an empty name, two segments or broken percent-encoding', () => {
    expect(parseRoute('#/projects/')).toEqual({ section: 'projects', list: {} });
    expect(parseRoute('#/projects/a/b')).toBeNull();
    expect(parseRoute('#/projects/%E0%A4%A')).toBeNull();
  });
});
