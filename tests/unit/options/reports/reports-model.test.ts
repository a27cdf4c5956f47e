import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Page, Report } from '@/lib/api/types';
import { memoryPrefs } from '@/entrypoints/options/prefs';
import { createReportsModel, type ReportsModel } from '@/entrypoints/options/reports/reports-model';
import { SEARCH_DELAY_MS } from '@/entrypoints/options/list/list-model';
import { createHashRouter, type HashRouter } from '@/entrypoints/options/router';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Result } from '@/lib/api/errors';
import type { StepState, BulkJob } from '@/lib/bulk-job';
import { BULK_JOB_KEY } from '@/lib/storage-keys';
import {
  callsOf,
  deferred,
  fail,
  fakeSend,
  makePage,
  makeReport,
  ok,
  reportRange,
  type Handlers,
} from '../fakes';

vi.mock('@/lib/messaging/send', () => ({ send: vi.fn() }));

const FALLBACK = { section: 'reports' as const, list: {}, details: null };

let router: HashRouter;
let model: ReportsModel | undefined;

function start(
  hash: string,
  handlers: Handlers,
  prefs = memoryPrefs<'id' | 'generated_at' | 'url' | 'result'>(),
) {
  window.history.replaceState(null, '', hash || window.location.pathname);
  router = createHashRouter(FALLBACK);
  const send = fakeSend(handlers);
  model = createReportsModel({ router, prefs });
  return { send, model, prefs };
}

beforeEach(() => {
  window.history.replaceState(null, '', window.location.pathname);
  // On the fake clock throughout: a test that something did not happen runs every timer the model could
  // have set, instead of sleeping and hoping.
  vi.useFakeTimers();
});

/**
 * Past the search pause (SEARCH_DELAY_MS) with every answer already given delivered: whatever has not
 * happened by then never will. No real time passes.
 */
const settle = () => vi.advanceTimersByTimeAsync(1000);

afterEach(() => {
  model?.dispose();
  model = undefined;
  router?.dispose();
  vi.useRealTimers();
});

const firstPage = () => ok(makePage(reportRange(1, 3)));

describe('the Reports model', () => {
  it('asks for the state in the hash, with remembered page size and sort filling the gaps', async () => {
    const prefs = memoryPrefs<'id' | 'generated_at' | 'url' | 'result'>({
      perPage: 25,
      sortBy: 'url',
      sort: 'asc',
    });
    const { send } = start(
      '#/reports?search=foo&project=Client%20A%20%2F%20Landing%20pages&result=bad&sort=desc',
      { 'reports.list': (query) => ok(makePage(reportRange(1, 3), { perPage: query.perPage })) },
      prefs,
    );
    await vi.waitFor(() => expect(model!.list.page.value).not.toBeNull());
    expect(callsOf(send, 'reports.list')).toEqual([
      {
        search: 'foo',
        searchBy: 'url',
        project: 'Client A / Landing pages',
        result: 'bad',
        sortBy: 'url',
        sort: 'desc',
        perPage: 25,
        page: 1,
      },
    ]);
    // The address is completed with what filled the gaps, so a bookmark brings back this same view.
    expect(window.location.hash).toBe(
      '#/reports?search=foo&result=bad&project=Client%20A%20%2F%20Landing%20pages&sort_by=url&sort=desc&per_page=25',
    );
  });

  it.each([
    ['', '#/reports?sort_by=id&sort=desc&per_page=10'],
    ['#/reports', '#/reports?sort_by=id&sort=desc&per_page=10'],
    ['#/reports?project=X%20Y', '#/reports?project=X%20Y&sort_by=id&sort=desc&per_page=10'],
    ['#/reports?details=7', '#/reports?sort_by=id&sort=desc&per_page=10&details=7'],
    ['#/reports?page=2&per_page=25', '#/reports?sort_by=id&sort=desc&per_page=25&page=2'],
  ])(
    'completes the address %j in place, without a new history entry or a second request',
    async (hash, full) => {
      window.history.replaceState(null, '', window.location.pathname);
      const entries = window.history.length;
      const { send } = start(hash, {
        'reports.list': (query) =>
          ok(makePage(reportRange(1, 3), { page: query.page, perPage: query.perPage, total: 80 })),
        'reports.get': () => ok(makeReport(7)),
      });
      await vi.waitFor(() => expect(model!.list.page.value).not.toBeNull());
      expect(window.location.hash).toBe(full);
      expect(window.history.length).toBe(entries);
      await settle();
      expect(callsOf(send, 'reports.list')).toHaveLength(1);
    },
  );

  it('uses the API defaults with no hash: Created, newest first, 10 per page', async () => {
    const { send } = start('', { 'reports.list': firstPage });
    await vi.waitFor(() => expect(callsOf(send, 'reports.list')).toHaveLength(1));
    expect(callsOf(send, 'reports.list')[0]).toEqual({ sortBy: 'id', sort: 'desc', perPage: 10, page: 1 });
  });

  it('sorts by a header key, flips on the second click, writes the hash and remembers the sort', async () => {
    const { send, prefs } = start('#/reports?page=2', { 'reports.list': firstPage });
    await vi.waitFor(() => expect(model!.list.page.value).not.toBeNull());
    model!.list.sortBy('url');
    expect(window.location.hash).toBe('#/reports?sort_by=url&sort=asc&per_page=10');
    model!.list.sortBy('url');
    expect(window.location.hash).toBe('#/reports?sort_by=url&sort=desc&per_page=10');
    model!.list.sortBy('generated_at');
    expect(model!.list.state.value).toMatchObject({ sortBy: 'generated_at', sort: 'desc', page: 1 });
    await vi.waitFor(() => expect(callsOf(send, 'reports.list')).toHaveLength(4));
    expect(callsOf(send, 'reports.list').map((q) => `${q.sortBy} ${q.sort}`)).toEqual([
      'id desc',
      'url asc',
      'url desc',
      'generated_at desc',
    ]);
    expect(prefs.value).toEqual({ perPage: 10, sortBy: 'generated_at', sort: 'desc' });
  });

  it('starts a search only after typing pauses, from page 1', async () => {
    const { send } = start('#/reports?page=3', { 'reports.list': firstPage });
    await vi.advanceTimersByTimeAsync(0);
    expect(callsOf(send, 'reports.list')).toHaveLength(1);
    model!.list.typeSearch('c');
    await vi.advanceTimersByTimeAsync(200);
    model!.list.typeSearch('ca');
    await vi.advanceTimersByTimeAsync(200);
    model!.list.typeSearch('caf ');
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS - 1);
    expect(callsOf(send, 'reports.list')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(callsOf(send, 'reports.list')).toHaveLength(2);
    expect(callsOf(send, 'reports.list')[1]).toMatchObject({ search: 'caf', searchBy: 'url', page: 1 });
    // The field keeps what was typed, trailing space included, while the hash holds the search.
    expect(model!.list.searchText.value).toBe('caf ');
    expect(model!.list.state.value.search).toBe('caf');
  });

  it('keeps what is being typed when another filter changes during the pause', async () => {
    const { send } = start('', { 'reports.list': firstPage });
    await vi.advanceTimersByTimeAsync(0);
    model!.list.typeSearch('pric');
    await vi.advanceTimersByTimeAsync(100);
    model!.list.change({ result: 'good' });
    expect(model!.list.searchText.value).toBe('pric');
    await vi.advanceTimersByTimeAsync(300);
    expect(callsOf(send, 'reports.list').at(-1)).toMatchObject({ search: 'pric', result: 'good' });
    // Clear filters empties the field even before a search was sent.
    model!.list.typeSearch('half');
    model!.clearFilters();
    expect(model!.list.searchText.value).toBe('');
    await vi.advanceTimersByTimeAsync(1000);
    expect(callsOf(send, 'reports.list').at(-1)).toEqual({
      sortBy: 'id',
      sort: 'desc',
      perPage: 10,
      page: 1,
    });
  });

  it('never shows an answer to an older query over the answer to a newer one', async () => {
    const answers = new Map<string, ReturnType<typeof deferred<Result<Page<Report>>>>>();
    const { send } = start('', {
      'reports.list': (query) => {
        const answer = deferred<Result<Page<Report>>>();
        answers.set(query.search ?? '', answer);
        return answer.promise;
      },
    });
    answers.get('')!.resolve(firstPage());
    await vi.waitFor(() => expect(model!.list.page.value).not.toBeNull());

    model!.list.change({ search: 'old' });
    model!.list.change({ search: 'new' });
    await vi.waitFor(() => expect(callsOf(send, 'reports.list')).toHaveLength(3));
    answers.get('new')!.resolve(ok(makePage([makeReport(7, { url: 'https://new.example/' })])));
    await vi.waitFor(() => expect(model!.list.page.value?.items[0]?.url).toBe('https://new.example/'));
    answers.get('old')!.resolve(ok(makePage([makeReport(8, { url: 'https://old.example/' })])));
    await settle();
    expect(model!.list.page.value?.items.map((r) => r.url)).toEqual(['https://new.example/']);
    expect(model!.list.loading.value).toBe(false);
  });

  it('shows what the server applied, not what was asked, without asking again', async () => {
    const { send } = start('#/reports?per_page=25&page=4', {
      // This server ignores per_page and answers 10 per page.
      'reports.list': (query) =>
        ok(makePage(reportRange(1, 10), { page: query.page, perPage: 10, total: 45 })),
    });
    await vi.waitFor(() => expect(model!.list.state.value.perPage).toBe(10));
    expect(model!.list.state.value.page).toBe(4);
    expect(window.location.hash).toBe('#/reports?sort_by=id&sort=desc&per_page=10&page=4');
    await settle();
    expect(callsOf(send, 'reports.list')).toHaveLength(1);
  });

  it('moves to the last page when the one asked for is past the end', async () => {
    const { send } = start('#/reports?page=9', {
      'reports.list': (query) =>
        query.page === 9
          ? ok(makePage([], { page: 9, total: 23 }))
          : ok(makePage(reportRange(1, 3), { page: query.page, total: 23 })),
    });
    await vi.waitFor(() => expect(callsOf(send, 'reports.list')).toHaveLength(2));
    expect(callsOf(send, 'reports.list')[1]).toMatchObject({ page: 3 });
    await vi.waitFor(() => expect(model!.list.page.value?.page).toBe(3));
    expect(window.location.hash).toContain('page=3');
  });

  it('shows no rows of another page when a later load fails, and loads again on retry', async () => {
    let fails = false;
    const { send } = start('', { 'reports.list': () => (fails ? fail('server') : firstPage()) });
    await vi.waitFor(() => expect(model!.list.page.value?.items).toHaveLength(3));
    fails = true;
    model!.list.goToPage(2);
    await vi.waitFor(() => expect(model!.list.error.value?.kind).toBe('server'));
    expect(model!.list.page.value).toBeNull();
    expect(model!.list.stale.value).toBe(true);
    fails = false;
    model!.list.reload();
    await vi.waitFor(() => expect(model!.list.error.value).toBeNull());
    expect(model!.list.stale.value).toBe(false);
    expect(callsOf(send, 'reports.list').at(-1)).toMatchObject({ page: 2 });
  });

  it('follows back and forward: a new hash is a new request, and the search field follows', async () => {
    const { send } = start('#/reports?search=one', { 'reports.list': firstPage });
    await vi.waitFor(() => expect(callsOf(send, 'reports.list')).toHaveLength(1));
    window.location.hash = '#/reports?search=two&result=bad';
    await vi.waitFor(() => expect(callsOf(send, 'reports.list')).toHaveLength(2));
    expect(callsOf(send, 'reports.list')[1]).toMatchObject({ search: 'two', result: 'bad' });
    expect(model!.list.searchText.value).toBe('two');
    expect(model!.hasFilters.value).toBe(true);
    model!.clearFilters();
    expect(model!.list.searchText.value).toBe('');
    expect(model!.hasFilters.value).toBe(false);
  });

  it('opens and closes details in the hash without reloading the list', async () => {
    const { send } = start('', { 'reports.list': firstPage, 'reports.get': () => ok(makeReport(2)) });
    await vi.waitFor(() => expect(model!.list.page.value).not.toBeNull());
    model!.openDetails(2);
    expect(model!.detailsId.value).toBe('2');
    expect(window.location.hash).toContain('details=2');
    model!.closeDetails();
    expect(model!.detailsId.value).toBeNull();
    await settle();
    expect(callsOf(send, 'reports.list')).toHaveLength(1);
  });
});

describe('the sort the server applied', () => {
  it('shows the asked sort while it loads, then the one the server says it applied', async () => {
    const answer = deferred<Result<Page<Report>>>();
    start('#/reports?sort_by=generated_at&sort=desc', { 'reports.list': () => answer.promise });
    expect(model!.list.sorted.value).toEqual({ sortBy: 'generated_at', sort: 'desc' });
    expect(model!.list.sortReplaced.value).toBeNull();
    answer.resolve(ok({ ...makePage(reportRange(1, 3)), appliedSort: { sortBy: 'id', sort: 'desc' } }));
    await vi.waitFor(() => expect(model!.list.sorted.value).toEqual({ sortBy: 'id', sort: 'desc' }));
    expect(model!.list.sortReplaced.value).toEqual({ asked: 'generated_at', applied: 'id' });
    // The asked sort stays in the address: another server, or a later release, may honour it.
    expect(model!.list.state.value.sortBy).toBe('generated_at');
  });

  it('believes only a sort it can show: an unknown key or direction counts as the one asked', async () => {
    start('#/reports?sort_by=url&sort=asc', {
      'reports.list': () =>
        ok({ ...makePage(reportRange(1, 3)), appliedSort: { sortBy: 'created_at', sort: 'sideways' } }),
    });
    await vi.waitFor(() => expect(model!.list.page.value).not.toBeNull());
    expect(model!.list.sorted.value).toEqual({ sortBy: 'url', sort: 'asc' });
    expect(model!.list.sortReplaced.value).toBeNull();
  });

  it('follows a direction the server replaced', async () => {
    start('#/reports?sort_by=url&sort=asc', {
      'reports.list': () =>
        ok({ ...makePage(reportRange(1, 3)), appliedSort: { sortBy: null, sort: 'desc' } }),
    });
    await vi.waitFor(() => expect(model!.list.sorted.value).toEqual({ sortBy: 'url', sort: 'desc' }));
    expect(model!.list.sortReplaced.value).toBeNull();
  });
});

describe('deleting reports', () => {
  it('takes a report the details find gone off the table and out of the selection', async () => {
    // The reload after it stays on its way: the row is off before any answer could take it off.
    let lists = 0;
    const { send } = start('', {
      'reports.list': () => (++lists === 1 ? firstPage() : new Promise(() => {})),
      'reports.get': () => fail('not_found'),
    });
    await vi.waitFor(() => expect(model!.list.page.value).not.toBeNull());
    model!.toggleSelected(2, true);
    model!.openDetails(2);
    await vi.waitFor(() => expect(model!.details.gone.value).toBe(true));
    expect(model!.list.page.value!.items.map((report) => report.id)).toEqual([3, 1]);
    expect(model!.selected.value.size).toBe(0);
    await vi.waitFor(() => expect(callsOf(send, 'reports.list')).toHaveLength(2));
  });

  it('takes a row off only once the service confirms, then reloads', async () => {
    const { send } = start('', { 'reports.list': firstPage, 'reports.delete': () => ok(null) });
    await vi.waitFor(() => expect(model!.list.page.value).not.toBeNull());
    const [first] = model!.list.page.value!.items;
    const result = await model!.deleteReport(first!);
    expect(result.ok).toBe(true);
    expect(callsOf(send, 'reports.delete')).toEqual([{ id: first!.id }]);
    await vi.waitFor(() => expect(callsOf(send, 'reports.list')).toHaveLength(2));
  });

  it('keeps a row whose delete the client did not confirm, whatever the error', async () => {
    // A report already gone comes back from the client as ok; an error (even not_found) means the
    // service may still hold it, so the row stays and the error is handed to the dialog.
    start('', { 'reports.list': firstPage, 'reports.delete': () => fail('not_found') });
    await vi.waitFor(() => expect(model!.list.page.value).not.toBeNull());
    const result = await model!.deleteReport(model!.list.page.value!.items[0]!);
    expect(result).toMatchObject({ ok: false, error: { kind: 'not_found' } });
    expect(model!.list.page.value!.items.map((report) => report.id)).toEqual([3, 2, 1]);
  });

  it('drops a deleted row, its selection and one from the total at once, while the reload runs', async () => {
    const reload = deferred<Result<Page<Report>>>();
    let lists = 0;
    start('', {
      'reports.list': () => (++lists === 1 ? ok(makePage(reportRange(1, 3), { total: 30 })) : reload.promise),
      'reports.delete': () => ok(null),
    });
    await vi.waitFor(() => expect(model!.list.page.value).not.toBeNull());
    model!.toggleSelected(2, true);
    model!.toggleSelected(3, true);
    expect(model!.selectedReports.value.map((report) => report.id)).toEqual([3, 2]);

    const second = model!.list.page.value!.items.find((report) => report.id === 2)!;
    expect(await model!.deleteReport(second)).toEqual(ok(null));
    expect(model!.list.page.value).toMatchObject({ total: 29 });
    expect(model!.list.page.value!.items.map((report) => report.id)).toEqual([3, 1]);
    expect(model!.selectedReports.value.map((report) => report.id)).toEqual([3]);
    expect(model!.list.loading.value).toBe(true);
    expect(lists).toBe(2);
  });

  it('leaves the table as it was when a delete fails', async () => {
    start('', { 'reports.list': firstPage, 'reports.delete': () => fail('server') });
    await vi.waitFor(() => expect(model!.list.page.value).not.toBeNull());
    const before = model!.list.page.value;
    const result = await model!.deleteReport(before!.items[0]!);
    expect(result).toMatchObject({ ok: false, error: { kind: 'server' } });
    expect(model!.list.page.value).toBe(before);
  });

  it('hands Delete selected to the background; its end takes the deleted rows off, the failed stay selected', async () => {
    let reports = reportRange(1, 3);
    const { send } = start('', { 'reports.list': () => ok(makePage(reports)), 'bulk.start': () => ok(null) });
    await vi.waitFor(() => expect(model!.list.page.value).not.toBeNull());
    model!.toggleAllSelected();
    expect(await model!.deleteSelected()).toBe(true);
    const named = [3, 2, 1].map((id) => ({ id, label: `https://site.example/page-${id}` }));
    expect(callsOf(send, 'bulk.start')).toEqual([{ action: { kind: 'delete' }, target: { reports: named } }]);
    const job = (phase: BulkJob['phase'], states: StepState[]): BulkJob => ({
      id: 'job-1',
      action: { kind: 'delete' },
      phase,
      stopRequested: false,
      items: named.map((item, index) => ({ ...item, state: states[index]! })),
      notBefore: 0,
      waitingUntil: null,
      error: null,
    });
    await fakeBrowser.storage.session.set({
      [`:${BULK_JOB_KEY}`]: job('running', ['done', 'sending', 'pending']),
    });
    await vi.waitFor(() => expect(model!.jobs.job.value?.phase).toBe('running'));
    reports = reportRange(2, 2);
    await fakeBrowser.storage.session.set({ [`:${BULK_JOB_KEY}`]: job('ended', ['done', 'failed', 'done']) });
    await vi.waitFor(() => expect([...model!.selected.value]).toEqual(['2']));
    expect(model!.list.page.value?.items.map((report) => report.id)).toEqual([2]);
  });

  it('clears the selection of rows no longer on show', async () => {
    start('', {
      'reports.list': (q) =>
        ok(makePage(reportRange(q.page! * 10, q.page! * 10 + 2), { page: q.page, total: 40 })),
    });
    await vi.waitFor(() => expect(model!.list.page.value).not.toBeNull());
    model!.toggleSelected(10, true);
    expect(model!.selected.value.has('10')).toBe(true);
    model!.list.goToPage(2);
    await vi.waitFor(() => expect(model!.list.page.value?.page).toBe(2));
    expect(model!.selected.value.size).toBe(0);
  });
});
