// A project's page: what the page asks the background (site.read, site.stop, site.pages, bulk.start) and
// what it shows of the site view the background writes to storage.session (written here by the tests).
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { downloadFile } from '@/entrypoints/options/reports/export/csv';
import type { BulkJob } from '@/lib/bulk-job';
import type { Snapshot } from '@/lib/history';
import { BULK_JOB_KEY } from '@/lib/storage-keys';
import { useTestLanguage } from '../../fake-i18n';
import { callsOf, fail, makePage, makeProject, ok, type Handlers } from '../fakes';
import { renderApp } from '../render-app';
import { snapshot } from '../reports/history-fixtures';
import { META, PROJECT, PROJECT_HASH, SLOW, sitePage, storeView, summary } from './site-fixtures';

vi.mock('@/lib/messaging/send', () => ({ send: vi.fn() }));

vi.mock('@/entrypoints/options/reports/export/csv', async (original) => ({
  ...(await original<object>()),
  downloadFile: vi.fn(),
}));

beforeEach(() => {
  fakeBrowser.reset();
  vi.mocked(downloadFile).mockClear();
});

function open(hash = PROJECT_HASH, handlers: Handlers = {}) {
  return renderApp(hash, {
    'site.read': () => ok(null),
    'site.stop': () => ok(null),
    'site.pages': () => ok([sitePage(3, 41), sitePage(5, 77)]),
    'bulk.start': () => ok(null),
    'bulk.stop': () => ok(null),
    'bulk.dismiss': () => ok(null),
    'reports.list': () => ok(makePage([])),
    ...handlers,
  });
}

const heading = () => screen.findByRole('heading', { level: 2, name: PROJECT });

describe('a project’s page: reading', () => {
  it('asks the background to read the project on open, and says it reads until a view comes', async () => {
    const { send } = open();
    await heading();
    await waitFor(() => expect(callsOf(send, 'site.read')).toEqual([{ name: PROJECT }]));
    expect(screen.getByText('Reading the project’s reports…')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`${PROJECT} — Page Reports`));
    expect(screen.getByRole('link', { name: 'Projects', current: 'page' })).toBeTruthy();
  });

  it('shows the read’s progress with Stop, which asks the background to stop', async () => {
    const { send } = open();
    await storeView({ summary: null, read: { phase: 'reading', read: 300, total: 1240 } });
    const bar = await screen.findByRole('progressbar', { name: 'Reading the project’s reports' });
    expect(bar.getAttribute('value')).toBe('300');
    expect(bar.getAttribute('max')).toBe('1240');
    expect(screen.getByText('Reading 300 of 1,240 reports…').getAttribute('role')).toBe('status');
    expect(screen.queryByText('Reading the project’s reports…')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(callsOf(send, 'site.stop')).toEqual([{ name: PROJECT }]));
  });

  it('counts a project larger than the cap up to the cap', async () => {
    open();
    await storeView({ summary: null, read: { phase: 'reading', read: 300, total: 3100 } });
    const bar = await screen.findByRole('progressbar', { name: 'Reading the project’s reports' });
    expect(bar.getAttribute('max')).toBe('2000');
    expect(screen.getByText('Reading 300 of 2,000 reports…')).toBeTruthy();
  });

  it('after Stop says how far it got, and Go on reads on', async () => {
    const { send } = open();
    await storeView({ summary: null, read: { phase: 'stopped', read: 300, total: 1240 } });
    expect((await screen.findByText(/^Stopped after 300 of 1,240 reports\./)).getAttribute('role')).toBe(
      'status',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Go on' }));
    await waitFor(() => expect(callsOf(send, 'site.read')).toHaveLength(2));
    expect(callsOf(send, 'site.read')[1]).toEqual({ name: PROJECT });
  });

  it('says why the read failed, with the action that helps', async () => {
    const { send } = open();
    const error = fail('rate_limited').error;
    await storeView({ summary: null, read: { phase: 'failed', error } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not read the project’s reports');
    expect(alert.textContent).toContain(error.message);
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(callsOf(send, 'site.read')).toHaveLength(2));
    expect(screen.queryByText('Reading the project’s reports…')).toBeNull();
  });

  it('shows the background’s refusal to read, and offers Settings when the key is the problem', async () => {
    open(PROJECT_HASH, { 'site.read': () => fail('unauthorized') });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not read the project’s reports');
    fireEvent.click(within(alert).getByRole('button', { name: 'Open settings' }));
    await waitFor(() => expect(window.location.hash).toBe('#/settings'));
  });

  it('says when the read was cut, and Read again reads every report again', async () => {
    const { send } = open();
    await storeView({
      summary: summary({ pages: 2000, total: 3100, cut: true }),
      read: { phase: 'done' },
    });
    expect(await screen.findByText('Showing the first 2,000 of 3,100 reports.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Read again' }));
    await waitFor(() => expect(callsOf(send, 'site.read').at(-1)).toEqual({ name: PROJECT, fresh: true }));
  });

  it('ignores a stored view of the wrong shape', async () => {
    open();
    await heading();
    await fakeBrowser.storage.session.set({ [`:site:${PROJECT}`]: { summary: { pages: 'many' }, read: {} } });
    await storeView({ summary: summary(), read: { phase: 'done' } }, 'another project');
    expect(screen.getByText('Reading the project’s reports…')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('a project’s page: the summary', () => {
  it('shows pages, average with band, reports without results apart, and the spread in words', async () => {
    open();
    await storeView({ summary: summary(), read: { phase: 'done' } });
    const average = await screen.findByText('Decent · 73');
    expect(average.className).toBe('result result--decent');
    const facts = average.closest('dl')!;
    expect(within(facts).getByText('Pages').nextElementSibling!.textContent).toBe('12');
    expect(within(facts).getByText('2 not analysed yet')).toBeTruthy();
    const spread = screen.getByRole('figure', { name: 'Pages by result' });
    expect(
      within(spread)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Good: 5', 'Decent: 3', 'Bad: 2']);
  });

  it('ranks the failed tests with the pages they affect, importance and category', async () => {
    open();
    await storeView({ summary: summary(), read: { phase: 'done' } });
    const table = await screen.findByRole('table', { name: 'Failed tests' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Failed test', 'Pages affected', 'Importance', 'Category']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole(/cell|rowheader/)
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Meta description missing', '7 of 10 pages', 'high', 'SEO'],
      ['Page loads slowly', '3 of 10 pages', 'medium', 'Performance'],
    ]);
    expect(screen.getByRole('link', { name: 'Meta description missing' }).getAttribute('href')).toBe(
      `${PROJECT_HASH}?test=meta_description`,
    );
  });

  it('says when no test fails', async () => {
    open();
    await storeView({ summary: summary({ tests: [] }), read: { phase: 'done' } });
    expect(await screen.findByText('No test fails on any page of this project.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  });

  it('exports the ranking as CSV, every text cell quoted', async () => {
    open();
    await storeView({ summary: summary(), read: { phase: 'done' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloadFile).toHaveBeenCalled());
    const [fileName, text] = vi.mocked(downloadFile).mock.calls[0]!;
    expect(fileName).toMatch(/^page-reports-Client-A-Landing-pages-failed-tests-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(text.split('\r\n')).toEqual([
      '\uFEFF"Project","Test","Key","Pages affected","Pages","Importance","Category"',
      `"${PROJECT}","Meta description missing","meta_description",7,12,"high","seo"`,
      `"${PROJECT}","Page loads slowly","page_speed",3,12,"medium","performance"`,
      '',
    ]);
  });

  it('keeps the page while the background reads it again, updating as the view changes', async () => {
    open();
    await storeView({ summary: summary(), read: { phase: 'reading', read: 100, total: 12 } });
    expect(await screen.findByRole('table', { name: 'Failed tests' })).toBeTruthy();
    expect(screen.getByRole('progressbar')).toBeTruthy();
    await storeView({ summary: summary({ tests: [SLOW] }), read: { phase: 'done' } });
    await waitFor(() => expect(screen.queryByRole('link', { name: META.name })).toBeNull());
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});

describe('a project’s page: one test’s pages', () => {
  it('opens from the ranking: address, score with band, details link; back goes to the ranking', async () => {
    const { send } = open();
    await storeView({ summary: summary(), read: { phase: 'done' } });
    fireEvent.click(await screen.findByRole('link', { name: META.name }));
    window.location.hash = `${PROJECT_HASH}?test=meta_description`;
    const table = await screen.findByRole('table', { name: 'Pages failing “Meta description missing”' });
    expect(callsOf(send, 'site.pages')[0]).toEqual({ name: PROJECT, test: 'meta_description' });
    expect(screen.getByText('2 pages fail this test, lowest score first.')).toBeTruthy();
    const page = within(table).getByRole('link', { name: 'https://site.example/page-3' });
    expect(page.getAttribute('href')).toBe('https://site.example/page-3');
    expect(page.getAttribute('target')).toBe('_blank');
    expect(within(table).getByText('Bad · 41').className).toBe('result result--bad');
    const details = within(table).getByRole('link', { name: 'Details of https://site.example/page-3' });
    expect(details.getAttribute('href')).toBe('#/reports?details=3');
    // The link used is gone: the focus moves to the heading of what replaced it.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: /^Pages failing/ })),
    );
    const back = screen.getByRole('link', { name: '← All failed tests' });
    expect(back.getAttribute('href')).toBe(PROJECT_HASH);
    window.location.hash = back.getAttribute('href')!;
    expect(await screen.findByRole('table', { name: 'Failed tests' })).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Failed tests' })),
    );
  });

  it('opens straight from the address (a reload or a bookmark)', async () => {
    const { send } = open(`${PROJECT_HASH}?test=page_speed`);
    await storeView({ summary: summary(), read: { phase: 'done' } });
    expect(await screen.findByRole('table', { name: 'Pages failing “Page loads slowly”' })).toBeTruthy();
    expect(callsOf(send, 'site.read')).toEqual([{ name: PROJECT }]);
  });

  it('says so when no page fails the test any more', async () => {
    open(`${PROJECT_HASH}?test=meta_description`, { 'site.pages': () => ok([]) });
    await storeView({ summary: summary({ tests: [SLOW] }), read: { phase: 'done' } });
    expect(await screen.findByText('No page of this project fails this test now.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Pages failing “meta_description”' })).toBeTruthy();
  });

  it('says why its pages could not be shown, and Retry asks again', async () => {
    let answer = fail('unexpected');
    const { send } = open(`${PROJECT_HASH}?test=meta_description`, { 'site.pages': () => answer });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not show the pages of this test');
    answer = ok([sitePage(3, 41)]) as typeof answer;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('1 page fails this test.')).toBeTruthy();
    expect(callsOf(send, 'site.pages').length).toBeGreaterThan(1);
  });

  it('exports the test’s pages as CSV', async () => {
    open(`${PROJECT_HASH}?test=meta_description`);
    await storeView({ summary: summary(), read: { phase: 'done' } });
    await screen.findByRole('table', { name: /Pages failing/ });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloadFile).toHaveBeenCalled());
    const [fileName, text] = vi.mocked(downloadFile).mock.calls[0]!;
    expect(fileName).toMatch(
      /^page-reports-Client-A-Landing-pages-failing-meta_description-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    expect(text.split('\r\n').slice(0, 2)).toEqual([
      '\uFEFF"Project","Test","URL","Score","Band","Generated (UTC)","Report on the service"',
      `"${PROJECT}","Meta description missing","https://site.example/page-3",41,"bad","2026-11-20 10:00:00","https://reports.example/reports/3"`,
    ]);
  });
});

describe('a project’s page: Regenerate these pages', () => {
  function storeJob(job: Partial<BulkJob>) {
    const full: BulkJob = {
      id: 'job-7',
      action: { kind: 'regenerate' },
      phase: 'running',
      stopRequested: false,
      items: [
        { id: 3, label: 'https://site.example/page-3', state: 'done' },
        { id: 5, label: 'https://site.example/page-5', state: 'pending' },
      ],
      notBefore: 0,
      waitingUntil: null,
      error: null,
      ...job,
    };
    return fakeBrowser.storage.session.set({ [`:${BULK_JOB_KEY}`]: full });
  }

  it('asks first, starts the paced job with these pages, shows its progress, then reads the project again', async () => {
    const { send } = open(`${PROJECT_HASH}?test=meta_description`);
    await storeView({ summary: summary(), read: { phase: 'done' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Regenerate these pages' }));
    const dialog = await screen.findByRole('dialog', { name: 'Regenerate the results of 2 pages?' });
    expect(callsOf(send, 'bulk.start')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Regenerate' }));
    await waitFor(() =>
      expect(callsOf(send, 'bulk.start')).toEqual([
        {
          action: { kind: 'regenerate' },
          target: {
            reports: [
              { id: 3, label: 'https://site.example/page-3', score: 41 },
              { id: 5, label: 'https://site.example/page-5', score: 77 },
            ],
          },
        },
      ]),
    );
    await storeJob({});
    const progress = await screen.findByRole('progressbar', { name: 'Progress of the bulk change' });
    expect(progress.getAttribute('value')).toBe('1');
    expect(screen.queryByRole('button', { name: 'Regenerate these pages' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(callsOf(send, 'bulk.stop')).toEqual([{}]));
    const readsBefore = callsOf(send, 'site.read').length;
    const pagesBefore = callsOf(send, 'site.pages').length;
    await storeJob({
      phase: 'ended',
      items: [
        { id: 3, label: 'https://site.example/page-3', state: 'done', before: 41, after: 58 },
        { id: 5, label: 'https://site.example/page-5', state: 'done', before: 77, after: 60 },
      ],
    });
    expect(await screen.findByText('Regenerated the results of 2 of 2 reports.')).toBeTruthy();
    // What the new results changed: each page whose score moved, with both scores, linked to its details.
    expect(screen.getByText('Better on 1 page:')).toBeTruthy();
    const moved = screen.getByRole('link', { name: 'https://site.example/page-3: 41 → 58' });
    expect(moved.getAttribute('href')).toMatch(/^#\/reports\?.*details=3/);
    expect(screen.getByText('Worse on 1 page:')).toBeTruthy();
    const worse = screen.getByRole('link', { name: 'https://site.example/page-5: 77 → 60' });
    expect(worse.getAttribute('href')).toMatch(/^#\/reports\?.*details=5/);
    await waitFor(() => expect(callsOf(send, 'site.read')).toHaveLength(readsBefore + 1));
    expect(callsOf(send, 'site.read').at(-1)).toEqual({ name: PROJECT });
    await waitFor(() => expect(callsOf(send, 'site.pages').length).toBeGreaterThan(pagesBefore));
  });

  it('keeps showing the job it started once those pages no longer fail the test', async () => {
    let failing = [sitePage(3, 41), sitePage(5, 77)];
    open(`${PROJECT_HASH}?test=meta_description`, { 'site.pages': () => ok(failing) });
    await storeView({ summary: summary(), read: { phase: 'done' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Regenerate these pages' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Regenerate' }));
    await storeJob({});
    expect(await screen.findByRole('progressbar', { name: 'Progress of the bulk change' })).toBeTruthy();
    // Pages 3 and 5 now pass; another page fails the test instead.
    failing = [sitePage(7, 30)];
    await storeView({ summary: summary(), read: { phase: 'done' } });
    expect(await screen.findByRole('link', { name: 'https://site.example/page-7' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Progress of the bulk change' })).toBeTruthy();
  });

  it('Cancel starts nothing', async () => {
    const { send } = open(`${PROJECT_HASH}?test=meta_description`);
    await storeView({ summary: summary(), read: { phase: 'done' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Regenerate these pages' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsOf(send, 'bulk.start')).toEqual([]);
  });

  it('shows a regenerate job already running on these pages (after a reload), and no other job', async () => {
    await storeJob({
      id: 'other',
      items: [{ id: 99, label: 'https://elsewhere.example/', state: 'pending' }],
    });
    open(`${PROJECT_HASH}?test=meta_description`);
    await storeView({ summary: summary(), read: { phase: 'done' } });
    expect(await screen.findByRole('button', { name: 'Regenerate these pages' })).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: 'Progress of the bulk change' })).toBeNull();
    await storeJob({});
    expect(await screen.findByRole('progressbar', { name: 'Progress of the bulk change' })).toBeTruthy();
  });

  it('says why the job could not start', async () => {
    open(`${PROJECT_HASH}?test=meta_description`, { 'bulk.start': () => fail('invalid_input') });
    await storeView({ summary: summary(), read: { phase: 'done' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Regenerate these pages' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Regenerate' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Could not regenerate these pages');
  });
});

describe('a project’s page: from the Projects list, and in German', () => {
  it('opens from a project’s name and moves the focus to its heading', async () => {
    const { send } = renderApp('#/projects', {
      'projects.list': () => ok(makePage([makeProject(PROJECT)])),
      'site.read': () => ok(null),
    });
    const link = await screen.findByRole('link', { name: PROJECT });
    window.location.hash = link.getAttribute('href')!;
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: PROJECT })));
    expect(callsOf(send, 'site.read')).toEqual([{ name: PROJECT }]);
    const back = screen.getByRole('link', { name: '← Back to projects' });
    expect(back.getAttribute('href')).toBe('#/projects?sort_by=created_at&sort=desc&per_page=10');
  });

  it('speaks German', async () => {
    useTestLanguage('de');
    open();
    await storeView({ summary: summary(), read: { phase: 'reading', read: 300, total: 1240 } });
    expect(await screen.findByRole('table', { name: 'Nicht bestandene Tests' })).toBeTruthy();
    expect(screen.getByText('2 noch nicht analysiert')).toBeTruthy();
    expect(screen.getByRole('figure', { name: 'Seiten nach Ergebnis' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Anhalten' })).toBeTruthy();
  });
});

describe('a project’s page: the average over time', () => {
  /** The history as the background keeps it, each report under its project (`project` unless given). */
  async function seedHistory(histories: Record<string, Snapshot[]>, projects: Record<string, string> = {}) {
    const entries = Object.entries(histories);
    const index = Object.fromEntries(
      entries.map(([id, history]) => [
        id,
        {
          last: { generatedAt: history.at(-1)!.generatedAt, score: history.at(-1)!.score },
          previous: null,
          count: history.length,
          bytes: 100,
          touched: 0,
          project: projects[id] ?? PROJECT,
        },
      ]),
    );
    const stored = Object.fromEntries(entries.map(([id, history]) => [`:history:${id}`, history]));
    await fakeBrowser.storage.local.set({ ...stored, ':historyIndex': index });
  }

  it('draws the average of the same pages at each analysis, and says how many pages and which joined', async () => {
    await seedHistory(
      {
        '3': [snapshot('2026-11-01T10:00:00Z', 40), snapshot('2026-11-03T10:00:00Z', 90)],
        '5': [snapshot('2026-11-02T10:00:00Z', 61)],
        '9': [snapshot('2026-11-02T12:00:00Z', 0)],
      },
      { '9': 'another project' },
    );
    open();
    await storeView({ summary: summary(), read: { phase: 'done' } });
    const chart = await screen.findByRole('listbox', { name: 'Average score over time' });
    expect(
      within(chart)
        .getAllByRole('option')
        .map((point) => point.getAttribute('aria-label')),
    ).toEqual([
      // Page 5 joining does not move the line; page 3 rising does; it ends at today's mean (90 + 61) / 2.
      expect.stringMatching(/score 51, Decent · 1 page$/),
      expect.stringMatching(/score 51, Decent · 2 pages, 1 joined$/),
      expect.stringMatching(/score 76, Decent · 2 pages$/),
    ]);
  });

  it('is hidden while there is only one point', async () => {
    await seedHistory({ '3': [snapshot('2026-11-01T10:00:00Z', 40)] });
    open();
    await storeView({ summary: summary(), read: { phase: 'done' } });
    await screen.findByRole('table', { name: 'Failed tests' });
    expect(screen.queryByRole('heading', { name: 'Average score over time' })).toBeNull();
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});

describe('a project’s page: names from the service are text', () => {
  it('shows a project and a test named with markup as text, and the route carries the name whole', async () => {
    const name = '<img src=x onerror=alert(1)> & "Shop" / 100%';
    const test = { ...META, key: '<b>key</b>', name: '<script>alert(1)</script>' };
    renderApp(`#/projects/${encodeURIComponent(name)}`, {
      'site.read': () => ok(null),
      'site.pages': () => ok([]),
    });
    expect(await screen.findByRole('heading', { level: 2, name })).toBeTruthy();
    await storeView({ summary: summary({ project: name, tests: [test] }), read: { phase: 'done' } }, name);
    const link = await screen.findByRole('link', { name: test.name });
    expect(link.getAttribute('href')).toBe(
      `#/projects/${encodeURIComponent(name)}?test=%3Cb%3Ekey%3C%2Fb%3E`,
    );
    expect(document.querySelector('img, script, b')).toBeNull();
  });
});
