import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Page, Report } from '@/lib/api/types';
import type { Result } from '@/lib/api/errors';
import { callsOf, deferred, fail, makePage, makeProject, makeReport, ok, reportRange } from '../fakes';
import { firstScreenRows } from '@/entrypoints/options/reports/ReportsTable';
import { renderApp } from '../render-app';
import { apiError } from '@/entrypoints/background/error-messages';
import type { StepState, BulkJob } from '@/lib/bulk-job';
import { BULK_JOB_KEY } from '@/lib/storage-keys';
import { SEARCH_DELAY_MS } from '@/entrypoints/options/list/list-model';

vi.mock('@/lib/messaging/send', () => ({ send: vi.fn() }));

beforeEach(() => {
  fakeBrowser.reset();
});

afterEach(() => {
  vi.useRealTimers();
});

const table = () => screen.findByRole('table', { name: 'Reports' });
const bodyRows = (element: HTMLElement) => within(element).getAllByRole('row').slice(1);

describe('the Reports table', () => {
  it('shows the columns, one row per report, and dates with the exact time on hover', async () => {
    renderApp('#/reports', {
      'reports.list': () =>
        ok(
          makePage([
            makeReport(2, { url: 'https://a.example/x', result: 'bad', privacy: 2, project: 'News #1' }),
            makeReport(1, {
              url: 'javascript:alert(1)',
              result: null,
              generatedAt: null,
              // Changed just now and not generated yet: still being generated.
              updatedAt: new Date().toISOString(),
              project: null,
            }),
          ]),
        ),
    });
    const reports = await table();
    const headers = within(reports)
      .getAllByRole('columnheader')
      .map((th) => th.textContent?.replace(/[▲▼↕]/g, '').trim());
    expect(headers).toEqual(['', 'URL', 'Project', 'Result', 'Privacy', 'Created', 'Generated', 'Actions']);
    const [first, second] = bodyRows(reports);
    expect(within(first!).getByRole('link', { name: 'https://a.example/x' }).getAttribute('rel')).toBe(
      'noopener noreferrer',
    );
    expect(first!.textContent).toContain('News #1');
    expect(first!.textContent).toContain('Bad');
    expect(first!.textContent).toContain('Password');
    const created = first!.querySelector('time')!;
    expect(created.getAttribute('datetime')).toBe('2024-05-01T09:30:00Z');
    expect(created.getAttribute('title')).toMatch(/2024/);
    expect(created.getAttribute('title')).toMatch(/\d{1,2}:\d{2}/);
    // Only http(s) becomes a link; a still-generating report says so.
    expect(within(second!).queryByRole('link')).toBeNull();
    expect(second!.textContent).toContain('javascript:alert(1)');
    expect(second!.textContent).toContain('Generating…');
    expect(second!.textContent).toContain('No project');
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
    expect(screen.getByText('2 reports')).toBeTruthy();
  });

  it('paints a first screen of a 100-report page first, then every row in the next frame', async () => {
    renderApp('#/reports?per_page=100', {
      'reports.list': () => ok(makePage(reportRange(1, 100), { perPage: 100, total: 100 })),
    });
    const reports = await table();
    await waitFor(() => expect(bodyRows(reports).length).toBeGreaterThan(0));
    expect(bodyRows(reports)).toHaveLength(firstScreenRows(window.innerHeight));
    await waitFor(() => expect(bodyRows(reports)).toHaveLength(100));
    expect(within(bodyRows(reports)[99]!).getByRole('rowheader').textContent).toBe(
      'https://site.example/page-1',
    );
  });

  it('counts a first screen from the window: enough rows to reach its bottom, not many more', () => {
    // Rows at least 45 px tall, starting at least 200 px down: 12 fill a window 720 px tall.
    expect(firstScreenRows(720)).toBe(12);
    expect(firstScreenRows(1080)).toBe(20);
    expect(firstScreenRows(150)).toBe(1);
  });

  it('keeps the old rows visible, marked busy, while the next page loads', async () => {
    const second = deferred<Result<Page<Report>>>();
    renderApp('#/reports', {
      'reports.list': (query) =>
        query.page === 2 ? second.promise : ok(makePage(reportRange(11, 20), { total: 25 })),
    });
    const reports = await table();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(reports.getAttribute('aria-busy')).toBe('true'));
    expect(bodyRows(reports)).toHaveLength(10);
    expect(screen.getByText('Updating…')).toBeTruthy();
    second.resolve(ok(makePage(reportRange(1, 10), { page: 2, total: 25 })));
    await waitFor(() => expect(screen.getByText('Page 2 of 3')).toBeTruthy());
    expect(reports.getAttribute('aria-busy')).toBe('false');
    expect(within(reports).getByText('https://site.example/page-10')).toBeTruthy();
  });

  it('after a failed load of another page: the error alone, not the rows of the page before', async () => {
    renderApp('#/reports', {
      'reports.list': (query) =>
        query.page === 2 ? fail('server') : ok(makePage(reportRange(11, 20), { total: 25 })),
    });
    const reports = await table();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByRole('alert');
    expect(reports.isConnected).toBe(false);
    expect(screen.queryByRole('table', { name: 'Reports' })).toBeNull();
    expect(screen.queryByText('Updating…')).toBeNull();
  });

  it('says there are no reports yet, or that none match the filters', async () => {
    const { unmount } = renderApp('#/reports', { 'reports.list': () => ok(makePage([])) });
    expect(await screen.findByText(/No reports yet/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
    unmount();

    renderApp('#/reports?result=bad', { 'reports.list': () => ok(makePage([])) });
    expect(await screen.findByText(/No reports match these filters/)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Clear filters' })).toHaveLength(1);
  });

  it('shows where a load failed, with Retry, and loads again', async () => {
    let answer: Result<Page<Report>> = fail('server');
    const { send } = renderApp('#/reports', { 'reports.list': () => answer });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load reports');
    expect(alert.textContent).toContain('The service had a problem');
    answer = ok(makePage([makeReport(1)]));
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await table();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(callsOf(send, 'reports.list')).toHaveLength(2);
  });

  it('says when to retry after a rate limit', async () => {
    renderApp('#/reports', { 'reports.list': () => fail('rate_limited', { retryAfterSeconds: 30 }) });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Try again in 30 seconds');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('offers Open settings when the key is rejected, which switches to Settings', async () => {
    renderApp('#/reports', { 'reports.list': () => fail('unauthorized') });
    const alert = await screen.findByRole('alert');
    fireEvent.click(within(alert).getByRole('button', { name: 'Open settings' }));
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy();
    expect(window.location.hash).toBe('#/settings');
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('aria-current')).toBe('page');
  });
});

describe('the Reports table’s addresses and results', () => {
  it('shows the address as the service stored it, linked to the page’s full address', async () => {
    renderApp('#/reports', {
      'reports.list': () =>
        ok(
          makePage([
            makeReport(3, { url: 'example.com/pricing', pageUrl: 'https://www.example.com/pricing' }),
            makeReport(2, { url: 'example.org/about', pageUrl: null }),
            makeReport(1, { url: 'example.net', pageUrl: 'javascript:alert(1)' }),
          ]),
        ),
    });
    const reports = await table();
    const [stored, none, unsafe] = bodyRows(reports);
    const link = within(stored!).getByRole('link', { name: 'example.com/pricing' });
    expect(link.getAttribute('href')).toBe('https://www.example.com/pricing');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    // Without an http(s) address to go to, the address stays text.
    expect(within(none!).queryByRole('link', { name: 'example.org/about' })).toBeNull();
    expect(within(none!).getByText('example.org/about')).toBeTruthy();
    expect(within(unsafe!).queryByRole('link', { name: 'example.net' })).toBeNull();
  });

  it('shows the band with the score, and “No score” where the service gave none', async () => {
    renderApp('#/reports', {
      'reports.list': () =>
        ok(
          makePage([
            makeReport(2, { result: 'decent', score: 73.68421052631578 }),
            makeReport(1, { result: null, generatedAt: '2024-05-02T10:00:00Z' }),
          ]),
        ),
    });
    const [scored, unscored] = bodyRows(await table());
    expect(within(scored!).getByText('Decent · 74').className).toBe('result result--decent');
    expect(within(unscored!).getByText('No score')).toBeTruthy();
    expect(unscored!.textContent).not.toContain('Generating…');
  });

  it('turns “Generating…” into “No score” once ten minutes have passed, at the table’s next render', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2024-05-02T10:09:00Z'));
    const waiting = { result: null, generatedAt: null, createdAt: '2024-05-02T10:00:00Z', updatedAt: null };
    renderApp('#/reports', {
      'reports.list': () => ok(makePage([makeReport(2, waiting), makeReport(1)])),
    });
    const [generating, other] = bodyRows(await table());
    expect(generating!.textContent).toContain('Generating…');
    vi.setSystemTime(new Date('2024-05-02T10:11:00Z'));
    // Selecting another row renders the table again; the generating row's own props are the same.
    fireEvent.click(within(other!).getByRole('checkbox', { name: 'Select' }));
    await waitFor(() => expect(within(generating!).getByText('No score')).toBeTruthy());
  });
});

describe('a sort the service replaced', () => {
  const NOTICE = 'This service sorts by date created instead of date generated.';

  /** phpRank: `sort_by=generated_at` is silently replaced by `id`; its page links say so. */
  function phpRankSorting() {
    return renderApp('#/reports?sort_by=generated_at&sort=desc', {
      'reports.list': (query) => {
        const sortBy = query.sortBy === 'generated_at' ? 'id' : (query.sortBy ?? 'id');
        return ok({ ...makePage(reportRange(1, 3)), appliedSort: { sortBy, sort: query.sort ?? 'desc' } });
      },
    });
  }

  it('says so near the table and marks the column really sorted', async () => {
    phpRankSorting();
    await table();
    const notice = await screen.findByText(NOTICE);
    expect(notice.getAttribute('role')).toBe('status');
    expect(screen.getByRole('columnheader', { name: /Created/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    expect(screen.getByRole('columnheader', { name: /Generated/ }).hasAttribute('aria-sort')).toBe(false);
  });

  it('flips the column really sorted on a click, and says nothing once the asked sort is applied', async () => {
    const { send } = phpRankSorting();
    await table();
    await screen.findByText(NOTICE);
    fireEvent.click(screen.getByRole('button', { name: 'Created' }));
    expect(window.location.hash).toBe('#/reports?sort_by=id&sort=asc&per_page=10');
    await waitFor(() =>
      expect(callsOf(send, 'reports.list').at(-1)).toMatchObject({ sortBy: 'id', sort: 'asc' }),
    );
    await waitFor(() => expect(screen.queryByText(NOTICE)).toBeNull());
    expect(screen.getByRole('columnheader', { name: /Created/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('says nothing when the server applied the sort asked, or does not say what it applied', async () => {
    renderApp('#/reports?sort_by=url&sort=asc', {
      'reports.list': (query) =>
        ok({
          ...makePage(reportRange(1, 3)),
          appliedSort: query.page === 1 ? { sortBy: 'url', sort: 'asc' } : null,
        }),
    });
    await table();
    expect(screen.getByRole('columnheader', { name: /URL/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(screen.queryByText(/This service sorts by/)).toBeNull();
  });
});

describe('the Reports list state in the address', () => {
  it('shows the controls as the hash says and asks the server for exactly that', async () => {
    const { send } = renderApp(
      '#/reports?search=foo&result=good&project=Client%20A%20%2F%20Landing%20pages&sort_by=url&sort=asc&per_page=25&page=3',
      {
        'reports.list': (q) =>
          ok(makePage(reportRange(1, 3), { page: q.page, perPage: q.perPage, total: 80 })),
        'projects.list': () =>
          ok(makePage([makeProject('Client A / Landing pages'), makeProject('News #1')], { perPage: 100 })),
      },
    );
    await table();
    expect((screen.getByLabelText('Search by URL') as HTMLInputElement).value).toBe('foo');
    expect((screen.getByLabelText('Result') as HTMLSelectElement).value).toBe('good');
    await waitFor(() =>
      expect((screen.getByLabelText('Project') as HTMLSelectElement).value).toBe('Client A / Landing pages'),
    );
    expect((screen.getByLabelText('Per page') as HTMLSelectElement).value).toBe('25');
    expect(screen.getByRole('columnheader', { name: /URL/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByText('Page 3 of 4')).toBeTruthy();
    expect(callsOf(send, 'reports.list')).toEqual([
      {
        search: 'foo',
        searchBy: 'url',
        project: 'Client A / Landing pages',
        result: 'good',
        sortBy: 'url',
        sort: 'asc',
        perPage: 25,
        page: 3,
      },
    ]);
    await waitFor(() =>
      expect(callsOf(send, 'projects.list')).toEqual([
        { perPage: 100, sortBy: 'project', sort: 'asc', page: 1 },
      ]),
    );
  });

  it('writes every change into the hash, which reproduces the same view when opened again', async () => {
    const handlers = {
      'reports.list': (q: { page?: number; perPage?: 10 | 25 | 50 | 100 }) =>
        ok(makePage(reportRange(1, 3), { page: q.page, perPage: q.perPage, total: 300 })),
      'projects.list': () => ok(makePage([makeProject('Shop 100% off?')], { perPage: 100 })),
    };
    const first = renderApp('', handlers);
    await table();
    const created = screen.getByRole('columnheader', { name: /Created/ });
    expect(created.getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(screen.getByRole('button', { name: 'Generated' }));
    fireEvent.click(screen.getByRole('button', { name: 'Generated' }));
    fireEvent.change(screen.getByLabelText('Result'), { target: { value: 'decent' } });
    await waitFor(() => expect(screen.getByRole('option', { name: 'Shop 100% off?' })).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Project'), { target: { value: 'Shop 100% off?' } });
    fireEvent.change(screen.getByLabelText('Per page'), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    const hash = window.location.hash;
    expect(hash).toBe(
      '#/reports?result=decent&project=Shop%20100%25%20off%3F&sort_by=generated_at&sort=asc&per_page=50&page=2',
    );
    expect(screen.getByRole('columnheader', { name: /Generated/ }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    await waitFor(() =>
      expect(callsOf(first.send, 'reports.list').at(-1)).toMatchObject({ page: 2, perPage: 50 }),
    );
    const lastAsked = callsOf(first.send, 'reports.list').at(-1);
    first.unmount();

    const again = renderApp(hash, handlers);
    await table();
    expect(callsOf(again.send, 'reports.list')).toEqual([lastAsked]);
  });

  it('remembers the last page size and sort for the next visit', async () => {
    const handlers = {
      'reports.list': (q: { perPage?: 10 | 25 | 50 | 100 }) =>
        ok(makePage([makeReport(1)], { perPage: q.perPage })),
    };
    const first = renderApp('#/reports', handlers);
    await table();
    fireEvent.change(screen.getByLabelText('Per page'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'URL' }));
    await waitFor(() => expect(callsOf(first.send, 'reports.list')).toHaveLength(3));
    first.unmount();

    const again = renderApp('#/reports', handlers);
    await table();
    expect(callsOf(again.send, 'reports.list')[0]).toMatchObject({
      perPage: 100,
      sortBy: 'url',
      sort: 'asc',
    });
  });

  it('searches after a pause and never shows an older answer over a newer one', async () => {
    const answers = new Map<string, ReturnType<typeof deferred<Result<Page<Report>>>>>();
    const { send } = renderApp('#/reports', {
      'reports.list': (q) => {
        const answer = deferred<Result<Page<Report>>>();
        answers.set(q.search ?? '', answer);
        return answer.promise;
      },
    });
    await waitFor(() => expect(answers.has('')).toBe(true));
    answers.get('')!.resolve(ok(makePage([makeReport(1, { url: 'https://first.example/' })])));
    await table();
    // From here on the fake clock: the typing pause passes when the test says so.
    vi.useFakeTimers();
    const search = screen.getByLabelText('Search by URL');
    fireEvent.input(search, { target: { value: 'sl' } });
    await vi.advanceTimersByTimeAsync(30);
    fireEvent.input(search, { target: { value: 'slow' } });
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS - 1);
    expect(answers.has('slow')).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(answers.has('slow')).toBe(true);
    fireEvent.input(search, { target: { value: 'fast' } });
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS);
    // Typing "sl" then "slow" quickly asked once, for "slow".
    expect(callsOf(send, 'reports.list').map((q) => q.search)).toEqual([undefined, 'slow', 'fast']);
    answers.get('fast')!.resolve(ok(makePage([makeReport(2, { url: 'https://fast.example/' })])));
    await vi.advanceTimersByTimeAsync(0);
    expect(screen.getByText('https://fast.example/')).toBeTruthy();
    answers.get('slow')!.resolve(ok(makePage([makeReport(3, { url: 'https://slow.example/' })])));
    // Every timer run and the slow answer delivered: it must not have replaced the newer one.
    await vi.advanceTimersByTimeAsync(1000);
    expect(screen.queryByText('https://slow.example/')).toBeNull();
    expect(screen.getByText('https://fast.example/')).toBeTruthy();
    expect(window.location.hash).toContain('search=fast');
  });
});

describe('deleting reports', () => {
  it('asks in a dialog naming the URL; Cancel closes it and gives the focus back', async () => {
    const { send } = renderApp('#/reports', {
      'reports.list': () => ok(makePage([makeReport(5, { url: 'https://gone.example/a' })])),
    });
    await table();
    const button = screen.getByRole('button', { name: 'Delete report for https://gone.example/a' });
    button.focus();
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Delete report?' });
    expect(dialog.textContent).toContain('https://gone.example/a');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);
    expect(callsOf(send, 'reports.delete')).toEqual([]);
  });

  // happy-dom has no Escape handling for <dialog>: this fires the cancel event a browser fires for Escape.
  // The real key press is tested in Chromium (tests/e2e/options-reports.test.ts).
  it('closes on the dialog’s cancel event without deleting', async () => {
    const { send } = renderApp('#/reports', { 'reports.list': () => ok(makePage([makeReport(5)])) });
    await table();
    fireEvent.click(screen.getByRole('button', { name: /^Delete report for/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsOf(send, 'reports.delete')).toEqual([]);
  });

  it('stays open while the delete runs, so a late failure is shown for its report and not in the next dialog', async () => {
    const answer = deferred<Result<null>>();
    renderApp('#/reports', {
      'reports.list': () =>
        ok(
          makePage([
            makeReport(5, { url: 'https://a.example/' }),
            makeReport(4, { url: 'https://b.example/' }),
          ]),
        ),
      'reports.delete': () => answer.promise,
    });
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'Delete report for https://a.example/' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete report?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await within(dialog).findByText('Deleting…');
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement;
    expect(cancel.disabled).toBe(true);
    // Neither Cancel nor the cancel event of Escape closes it while the request is on its way.
    fireEvent.click(cancel);
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(screen.getByRole('dialog', { name: 'Delete report?' })).toBe(dialog);

    answer.resolve(fail('server'));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Could not delete the report');
    expect(cancel.disabled).toBe(false);
    fireEvent.click(cancel);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Delete report for https://b.example/' }));
    const next = await screen.findByRole('dialog', { name: 'Delete report?' });
    expect(next.textContent).toContain('https://b.example/');
    expect(within(next).queryByRole('alert')).toBeNull();
  });

  it('deletes on confirm, and the row goes', async () => {
    let reports = [makeReport(5, { url: 'https://gone.example/a' }), makeReport(4)];
    const { send } = renderApp('#/reports', {
      'reports.list': () => ok(makePage(reports)),
      'reports.delete': ({ id }) => {
        reports = reports.filter((r) => r.id !== id);
        return ok(null);
      },
    });
    await table();
    const opener = screen.getByRole('button', { name: 'Delete report for https://gone.example/a' });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsOf(send, 'reports.delete')).toEqual([{ id: 5 }]);
    expect(
      within(screen.getByRole('table', { name: 'Reports' })).queryByText('https://gone.example/a'),
    ).toBeNull();
    // Focus lands on the section's heading, not lost with the row.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Reports' }));
  });

  it('closes the details of the report it deleted, and the address no longer names them', async () => {
    let reports = [makeReport(5, { url: 'https://gone.example/a' }), makeReport(4)];
    renderApp('#/reports?details=5', {
      'reports.list': () => ok(makePage(reports)),
      'reports.get': ({ id }) => ok(reports.find((report) => String(report.id) === String(id))!),
      'reports.delete': ({ id }) => {
        reports = reports.filter((report) => report.id !== id);
        return ok(null);
      },
    });
    await table();
    await screen.findByRole('heading', { name: 'Report details' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete report for https://gone.example/a' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Report details' })).toBeNull());
    expect(location.hash).not.toContain('details=');
  });

  it('closes the details of a report the background’s Delete selected deleted', async () => {
    let reports = reportRange(1, 3);
    renderApp('#/reports?details=2', {
      'reports.list': () => ok(makePage(reports)),
      'reports.get': ({ id }) => ok(reports.find((report) => String(report.id) === String(id))!),
    });
    await table();
    await screen.findByRole('heading', { name: 'Report details' });
    const job = (phase: BulkJob['phase'], state: StepState): BulkJob => ({
      id: 'job-1',
      action: { kind: 'delete' },
      phase,
      stopRequested: false,
      items: [{ id: 2, label: 'https://site.example/page-2', state }],
      notBefore: 0,
      waitingUntil: null,
      error: null,
    });
    const storeJob = (stored: BulkJob) => fakeBrowser.storage.session.set({ [`:${BULK_JOB_KEY}`]: stored });
    await storeJob(job('running', 'sending'));
    await screen.findByText('Deleting… 0 of 1 done');
    reports = reportRange(1, 1).concat(reportRange(3, 3));
    await storeJob(job('ended', 'done'));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Report details' })).toBeNull());
    expect(location.hash).not.toContain('details=');
  });

  it('keeps the dialog and the row when the delete fails, with the reason and a retry', async () => {
    renderApp('#/reports', {
      'reports.list': () => ok(makePage([makeReport(5, { url: 'https://kept.example/' })])),
      'reports.delete': () => fail('network'),
    });
    await table();
    fireEvent.click(screen.getByRole('button', { name: /^Delete report for/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Could not delete the report');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Reports' }).textContent).toContain('https://kept.example/');
  });

  it('hands the selected reports to the background, then sums up the job and keeps the failed selected', async () => {
    let reports = reportRange(1, 4);
    const { send } = renderApp('#/reports', {
      'reports.list': () => ok(makePage(reports)),
      'bulk.start': () => ok(null),
      'bulk.retryFailed': () => ok(null),
    });
    await table();
    const deleteSelected = screen.getByRole('button', { name: 'Delete selected' }) as HTMLButtonElement;
    expect(deleteSelected.disabled).toBe(true);
    const checkboxOf = (url: string) =>
      within(screen.getByText(url).closest('tr')!).getByRole('checkbox', { name: 'Select' });
    // Each checkbox is described by its row's URL.
    const described = checkboxOf('https://site.example/page-4').getAttribute('aria-describedby')!;
    expect(document.getElementById(described)!.textContent).toBe('https://site.example/page-4');
    for (const id of [4, 3, 1]) fireEvent.click(checkboxOf(`https://site.example/page-${id}`));
    expect(screen.getByText('3 selected')).toBeTruthy();
    fireEvent.click(deleteSelected);
    const dialog = await screen.findByRole('dialog', { name: 'Delete 3 reports?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const named = [4, 3, 1].map((id) => ({ id, label: `https://site.example/page-${id}` }));
    expect(callsOf(send, 'bulk.start')).toEqual([{ action: { kind: 'delete' }, target: { reports: named } }]);

    const job = (phase: BulkJob['phase'], states: StepState[]): BulkJob => ({
      id: 'job-1',
      action: { kind: 'delete' },
      phase,
      stopRequested: false,
      items: named.map((item, index) => ({
        ...item,
        state: states[index]!,
        ...(states[index] === 'failed' ? { error: apiError('server') } : {}),
      })),
      notBefore: 0,
      waitingUntil: null,
      error: null,
    });
    const storeJob = (stored: BulkJob) => fakeBrowser.storage.session.set({ [`:${BULK_JOB_KEY}`]: stored });
    await storeJob(job('running', ['done', 'sending', 'pending']));
    await screen.findByText('Deleting… 1 of 3 done');
    reports = reportRange(2, 3);
    await storeJob(job('ended', ['done', 'failed', 'done']));
    expect(
      await screen.findByText(
        'Deleted 2 reports. 1 could not be deleted: https://site.example/page-3 (The service had a problem. Try again in a moment).',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(screen.getByText('1 selected')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Retry failed' }));
    await waitFor(() => expect(callsOf(send, 'bulk.retryFailed')).toHaveLength(1));
  });
});
