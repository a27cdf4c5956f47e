import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { signal } from '@preact/signals';
import type { Report, ReportChecks } from '@/lib/api/types';
import { GIVE_UP_AFTER_MS } from '@/lib/report-state';
import { createReportDetailsModel, nothingToSave } from '@/entrypoints/options/reports/report-details-model';
import { RAW_TEXT_LIMIT } from '@/entrypoints/options/reports/ReportDetailsPanel';
import { callsOf, fail, fakeSend, followerReads, makePage, makeReport, ok } from '../fakes';
import { checksOf } from '../../popup/fixtures';
import { renderApp } from '../render-app';
import { followerGaveUpOn } from '../../fake-follower';

vi.mock('@/lib/messaging/send', () => ({ send: vi.fn() }));

beforeEach(() => {
  fakeBrowser.reset();
});
// Also after a failed check: the next test's waits run on the real clock.
afterEach(() => {
  vi.useRealTimers();
});

const detailed = makeReport(7, {
  url: 'https://seven.example/page',
  privacy: 1,
  fields: {
    id: 7,
    url: 'https://seven.example/page',
    privacy: 1,
    result: 'good',
    password: false,
    results: { score: 91, checks: { https: { passed: true } } },
    screenshot_url: 'javascript:alert(1)',
    owner_note: '<img src=x onerror=alert(1)>',
    views: 12,
    archived: null,
  },
});

/** A report not generated yet, changed just now: still being generated (lib/report-state). */
function generating(id: number, overrides: Partial<Report> = {}): Report {
  return makeReport(id, {
    result: null,
    generatedAt: null,
    updatedAt: new Date().toISOString(),
    ...overrides,
  });
}

function panel() {
  return screen.findByRole('region', { name: 'Report details' });
}

function openDetails(handlers: Parameters<typeof renderApp>[1] = {}) {
  return renderApp('#/reports?details=7', {
    'reports.list': () => ok(makePage([detailed])),
    'reports.get': () => ok(detailed),
    ...handlers,
  });
}

describe('the details panel', () => {
  it('opens from the popup’s link and shows every field the server returned, as text', async () => {
    const { send } = openDetails();
    const details = await panel();
    await within(details).findByText('All fields');
    expect(callsOf(send, 'reports.get')).toEqual([{ id: '7' }]);
    const names = [...details.querySelectorAll('dt')].map((dt) => dt.textContent);
    expect(names).toEqual([
      'id',
      'url',
      'privacy',
      'result',
      'password',
      'results',
      'screenshot_url',
      'owner_note',
      'views',
      'archived',
    ]);
    // An object is formatted JSON inside <pre>; markup stays text; only http(s) is a link.
    expect(details.querySelector('pre')!.textContent).toBe(
      JSON.stringify({ score: 91, checks: { https: { passed: true } } }, null, 2),
    );
    expect(within(details).getByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(details.querySelector('img')).toBeNull();
    expect(within(details).queryByRole('link', { name: 'javascript:alert(1)' })).toBeNull();
    const link = within(details).getAllByRole('link', { name: 'https://seven.example/page' })[0]!;
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(details).getByText('1 (Private)')).toBeTruthy();
  });

  it('opens from a row’s Details button and gives the focus back on close, though a click did not focus it', async () => {
    renderApp('#/reports', {
      'reports.list': () => ok(makePage([detailed])),
      'reports.get': () => ok(detailed),
    });
    const button = await screen.findByRole('button', { name: 'Details' });
    // As on macOS (and in jsdom), the click leaves the focus where it was.
    fireEvent.click(button);
    const details = await panel();
    expect(window.location.hash).toContain('details=7');
    await waitFor(() =>
      expect(document.activeElement).toBe(within(details).getByRole('heading', { name: 'Report details' })),
    );
    fireEvent.keyDown(within(details).getByRole('button', { name: 'Close details' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Report details' })).toBeNull());
    expect(document.activeElement).toBe(button);
    expect(window.location.hash).not.toContain('details');
  });

  it('gives the focus back on close to whatever opened it (a link elsewhere on the page too)', async () => {
    renderApp('#/reports', {
      'reports.list': () => ok(makePage([detailed])),
      'reports.get': () => ok(detailed),
    });
    await screen.findByRole('button', { name: 'Details' });
    const elsewhere = screen.getByRole('button', { name: 'Export CSV' });
    elsewhere.focus();
    window.location.hash = '#/reports?details=7';
    const details = await panel();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(details).getByRole('heading', { name: 'Report details' })),
    );
    fireEvent.click(within(details).getByRole('button', { name: 'Close details' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Report details' })).toBeNull());
    expect(document.activeElement).toBe(elsewhere);
  });

  it('names the privacy in All fields also when the service sent it as text after a save ("0")', async () => {
    // SERVICE.md: the answer to an update echoes privacy as sent, a string.
    const saved: Report = { ...detailed, privacy: 0, fields: { ...detailed.fields, privacy: '0' } };
    openDetails({ 'reports.update': () => ok(saved) });
    const details = await panel();
    expect(await within(details).findByText('1 (Private)')).toBeTruthy();
    fireEvent.change(within(details).getByLabelText('Privacy'), { target: { value: '0' } });
    fireEvent.click(within(details).getByRole('button', { name: 'Save changes' }));
    expect(await within(details).findByText('Changes saved.')).toBeTruthy();
    expect(within(details).getByText('0 (Public)')).toBeTruthy();
  });

  it('asks for a password before saving privacy Password, then sends it once and clears the field', async () => {
    const saved: Report = {
      ...detailed,
      privacy: 2,
      hasPassword: true,
      fields: { ...detailed.fields, privacy: 2, password: true },
    };
    const { send } = openDetails({ 'reports.update': () => ok(saved) });
    const details = await panel();
    fireEvent.change(await within(details).findByLabelText('Privacy'), { target: { value: '2' } });
    fireEvent.click(within(details).getByRole('button', { name: 'Save changes' }));
    expect(await within(details).findByText(/Enter a password/)).toBeTruthy();
    expect(callsOf(send, 'reports.update')).toEqual([]);

    const password = within(details).getByLabelText('Password') as HTMLInputElement;
    expect(password.type).toBe('password');
    fireEvent.input(password, { target: { value: 's3cret pass' } });
    fireEvent.click(within(details).getByRole('button', { name: 'Save changes' }));
    expect(await within(details).findByText('Changes saved.')).toBeTruthy();
    expect(callsOf(send, 'reports.update')).toEqual([{ id: 7, privacy: 2, password: 's3cret pass' }]);
    expect((within(details).getByLabelText('Password') as HTMLInputElement).value).toBe('');
    // The new data shows, in the panel and in the table.
    expect(within(details).getByText('Set')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Reports' })).getByText('Password')).toBeTruthy();
  });

  it('shows the server’s field message and leaves the table as it was when a save fails', async () => {
    openDetails({
      'reports.update': () =>
        fail('invalid_input', { fieldErrors: { password: ['The password must be at least 8 characters.'] } }),
    });
    const details = await panel();
    fireEvent.change(await within(details).findByLabelText('Privacy'), { target: { value: '2' } });
    fireEvent.input(within(details).getByLabelText('Password'), { target: { value: 'short' } });
    fireEvent.click(within(details).getByRole('button', { name: 'Save changes' }));
    expect(await within(details).findByText('The password must be at least 8 characters.')).toBeTruthy();
    expect(within(details).getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(within(details).getByRole('alert').textContent).toContain('Could not save changes');
    expect(within(screen.getByRole('table', { name: 'Reports' })).getByText('Private')).toBeTruthy();
  });

  it('regenerates the results (results=1) and shows the new data', async () => {
    // Not generated yet, and changed just now: still being generated.
    const regenerated = { ...detailed, result: null, generatedAt: null, updatedAt: new Date().toISOString() };
    const { send } = openDetails({ 'reports.update': () => ok(regenerated) });
    const details = await panel();
    fireEvent.click(await within(details).findByRole('button', { name: 'Regenerate results' }));
    expect(await within(details).findByText('Regenerating the results…')).toBeTruthy();
    expect(callsOf(send, 'reports.update')).toEqual([{ id: 7, regenerate: true }]);
    expect(within(details).getAllByText('Generating…').length).toBeGreaterThan(0);
  });

  it('says where loading the report failed, with a retry', async () => {
    let attempt = 0;
    openDetails({ 'reports.get': () => (++attempt === 1 ? fail('timeout') : ok(detailed)) });
    const details = await panel();
    const alert = await within(details).findByRole('alert');
    expect(alert.textContent).toContain('Could not load report 7');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(details).findByText('All fields')).toBeTruthy();
  });
});

const checks: ReportChecks = checksOf({
  counts: { high: 2, medium: 1, low: 1, passed: 24 },
  failures: [
    {
      key: 'meta_description',
      name: 'Meta description missing',
      category: 'seo',
      importance: 'high',
      detail: null,
    },
    { key: 'favicon', name: 'No favicon', category: 'seo', importance: 'medium', detail: null },
    {
      key: 'load_time',
      name: 'Page loads slowly',
      category: 'performance',
      importance: 'high',
      detail: '2.8 s (limit 2 s)',
    },
    { key: '<b>new</b>', name: '<b>new</b>', category: 'other', importance: 'low', detail: null },
  ],
});

/** phpRank's `results`: one entry per test, far too long to show whole. */
const rawResults: Record<string, unknown> = Object.fromEntries(
  Array.from({ length: 80 }, (_, index) => [
    `test_${index}`,
    { passed: true, importance: 'low', value: `<script>alert(${index})</script>`.padEnd(80, '.') },
  ]),
);

const scored = makeReport(7, {
  url: 'example.com/pricing',
  pageUrl: 'https://www.example.com/pricing',
  serviceUrl: 'https://reports.example/reports/7',
  result: 'decent',
  score: 73.68421052631578,
  checks,
  fields: { id: 7, url: 'example.com/pricing', result: 73.68421052631578, results: rawResults, privacy: 0 },
});

describe('the details panel’s summary of the tests', () => {
  it('shows the score with its band, the issue counts, and the failed tests by category, as text', async () => {
    openDetails({ 'reports.list': () => ok(makePage([scored])), 'reports.get': () => ok(scored) });
    const details = await panel();
    expect(await within(details).findByText('Decent · 74')).toBeTruthy();
    expect(
      within(details).getByText('4 issues (2 high, 1 medium, 1 low importance) · 24 tests passed'),
    ).toBeTruthy();
    const categories = within(details).getAllByRole('heading', { level: 5 });
    expect(categories.map((heading) => heading.textContent)).toEqual(['SEO', 'Performance', 'Other tests']);
    const items = (name: string) =>
      within(within(details).getByRole('region', { name }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    // The importance is a word beside the name, not a colour alone.
    expect(items('SEO')).toEqual([
      'high importance Meta description missing',
      'medium importance No favicon',
    ]);
    expect(items('Performance')).toEqual(['high importance Page loads slowly — 2.8 s (limit 2 s)']);
    expect(items('Other tests')).toEqual(['low importance <b>new</b>']);
    expect(details.querySelector('b')).toBeNull();
  });

  it('links the stored address to the page’s full address, and offers the report on the service', async () => {
    openDetails({ 'reports.list': () => ok(makePage([scored])), 'reports.get': () => ok(scored) });
    const details = await panel();
    const [address] = await within(details).findAllByRole('link', { name: 'example.com/pricing' });
    expect(address!.getAttribute('href')).toBe('https://www.example.com/pricing');
    const service = within(details).getByRole('link', { name: 'Open on the service' });
    expect(service.getAttribute('href')).toBe('https://reports.example/reports/7');
    expect(service.getAttribute('target')).toBe('_blank');
    expect(service.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('offers no link to the service for an address that is not http(s)', async () => {
    const odd = { ...scored, serviceUrl: 'javascript:alert(1)' };
    openDetails({ 'reports.list': () => ok(makePage([odd])), 'reports.get': () => ok(odd) });
    const details = await panel();
    await within(details).findByText('Decent · 74');
    expect(within(details).queryByRole('link', { name: 'Open on the service' })).toBeNull();
    expect(within(details).queryByText(/javascript:/)).toBeNull();
  });

  it('shows the raw results folded away, cut, and as text, instead of one giant value', async () => {
    openDetails({ 'reports.list': () => ok(makePage([scored])), 'reports.get': () => ok(scored) });
    const details = await panel();
    await within(details).findByText('All fields');
    const row = [...details.querySelectorAll('.field-list-row')].find(
      (candidate) => candidate.querySelector('dt')?.textContent === 'results',
    )!;
    expect(row.querySelector('dd')!.textContent).toContain(
      '4 issues (2 high, 1 medium, 1 low importance) · 24 tests passed. The failed tests are listed above.',
    );
    const folded = row.querySelector('details')!;
    expect(folded.open).toBe(false);
    expect(within(folded as HTMLElement).getByText('Raw results as the service sent them')).toBeTruthy();
    const raw = folded.querySelector('pre')!.textContent!;
    expect(raw.length).toBeLessThan(RAW_TEXT_LIMIT + 60);
    expect(raw).toMatch(/… [\d,]+ more characters not shown$/);
    expect(raw).toContain('<script>alert(0)</script>');
    expect(details.querySelector('script')).toBeNull();
  });

  it('says the service gave no score, with the link to the service, instead of an endless “Generating…”', async () => {
    // phpRank 1.1.0: generated, yet `result` null.
    const unscored = makeReport(7, { result: null, generatedAt: '2024-05-02T10:00:00Z' });
    const { send } = openDetails({
      'reports.list': () => ok(makePage([unscored])),
      'reports.get': () => ok(unscored),
    });
    const details = await panel();
    expect(await within(details).findByText(/The service gave this report no score\./)).toBeTruthy();
    expect(within(details).getByRole('link', { name: 'Open on the service' })).toBeTruthy();
    expect(within(details).queryByText('Generating…')).toBeNull();
    expect(within(details).getByText('No score')).toBeTruthy();
    expect(callsOf(send, 'reports.get')).toHaveLength(1);
  });

  it('says “no result yet” with Regenerate and the service’s link once the follower gave up on an undated report', async () => {
    const undated = generating(7, { createdAt: null, updatedAt: null });
    // What the background's follower leaves after ten minutes without a result (lib/following).
    await fakeBrowser.storage.session.set(followerGaveUpOn(undated));
    openDetails({ 'reports.list': () => ok(makePage([undated])), 'reports.get': () => ok(undated) });
    const details = await panel();
    expect(await within(details).findByText('No result yet')).toBeTruthy();
    expect(
      within(details).getByText(/No result yet — the service has not finished this report\./),
    ).toBeTruthy();
    expect(within(details).getByRole('link', { name: 'Open on the service' })).toBeTruthy();
    expect(within(details).getByRole('button', { name: 'Regenerate results' })).toBeTruthy();
    expect(within(details).queryByText('Generating…')).toBeNull();
  });
});

describe('a report the service says is gone', () => {
  const GONE = 'This report no longer exists on the service.';

  /** The list keeps answering with report 7 at first; the reload after it is gone never answers. */
  function openGone(write: 'save' | 'regenerate') {
    let lists = 0;
    const view = openDetails({
      'reports.list': () =>
        ++lists === 1 ? ok(makePage([detailed, makeReport(8)])) : new Promise<never>(() => {}),
      'reports.update': () => fail('not_found', { message: GONE, status: 403 }),
    });
    return { ...view, write };
  }

  it.each([
    ['save', 'Save changes', 'Could not save changes'],
    ['regenerate', 'Regenerate results', 'Could not regenerate results'],
  ] as const)(
    'on %s: says so, takes the row off the table, and offers nothing more to do',
    async (write, button, context) => {
      openGone(write);
      const details = await panel();
      const reports = await screen.findByRole('table', { name: 'Reports' });
      await waitFor(() => expect(within(reports).getAllByRole('row')).toHaveLength(3));
      // A save sends only a change: make one.
      if (write === 'save') {
        fireEvent.change(await within(details).findByLabelText('Privacy'), { target: { value: '0' } });
      }
      fireEvent.click(await within(details).findByRole('button', { name: button }));
      const alert = await within(details).findByRole('alert');
      expect(alert.textContent).toContain(`${context}: ${GONE}`);
      // Gone at once from the rows on show, before the list's reload answers.
      await waitFor(() => expect(within(reports).getAllByRole('row')).toHaveLength(2));
      expect(within(reports).queryByText('https://seven.example/page')).toBeNull();
      expect(within(alert).queryByRole('button', { name: 'Retry' })).toBeNull();
      expect(
        (within(details).getByRole('button', { name: 'Save changes' }) as HTMLButtonElement).disabled,
      ).toBe(true);
      expect(
        (within(details).getByRole('button', { name: 'Regenerate results' }) as HTMLButtonElement).disabled,
      ).toBe(true);
    },
  );
});

describe('the details model', () => {
  // The background's follower reads a generating report again (tests/unit/background/follower.test.ts
  // has its delays); it keeps a summary, so when it finds a changed copy the panel reads the whole
  // report once, and never polls on its own.
  it('shows what the background’s follower finds, until the result is ready', async () => {
    vi.useFakeTimers();
    const pending = makeReport(3, { result: null, generatedAt: null, updatedAt: new Date().toISOString() });
    const decent = makeReport(3, { result: 'decent' });
    // The panel's read, the follower's two, then the panel's read of the whole changed report.
    const answers = [pending, pending, decent, decent];
    const send = fakeSend({ 'reports.get': () => ok(answers.shift() ?? pending) });
    const changed = vi.fn();
    const model = createReportDetailsModel(signal('3'), { onReportChanged: changed });
    await vi.advanceTimersByTimeAsync(0);
    expect(model.scoreState.value).toBe('generating');
    await vi.advanceTimersByTimeAsync(1000);
    expect(followerReads(send)).toEqual([3]);
    expect(model.scoreState.value).toBe('generating');
    await vi.advanceTimersByTimeAsync(2000);
    expect(followerReads(send)).toEqual([3, 3]);
    expect(model.report.value?.result).toBe('decent');
    expect(model.scoreState.value).toBe('scored');
    expect(changed).toHaveBeenLastCalledWith(expect.objectContaining({ result: 'decent' }));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(followerReads(send)).toHaveLength(2);
    // The panel itself asked twice: when it opened, and for the whole report the follower found changed.
    expect(callsOf(send, 'reports.get')).toHaveLength(2);
    model.dispose();
  });

  it('hears nothing more once disposed', async () => {
    vi.useFakeTimers();
    const answers = [generating(3), makeReport(3, { result: 'bad' })];
    const send = fakeSend({ 'reports.get': () => ok(answers.shift() ?? makeReport(3)) });
    const changed = vi.fn();
    const model = createReportDetailsModel(signal('3'), { onReportChanged: changed });
    await vi.advanceTimersByTimeAsync(0);
    model.dispose();
    await vi.advanceTimersByTimeAsync(1000);
    expect(followerReads(send)).toEqual([3]);
    expect(model.report.value?.result).toBeNull();
    expect(changed).not.toHaveBeenCalledWith(expect.objectContaining({ result: 'bad' }));
  });

  it('does not follow a report the service generated without a score, and says so', async () => {
    vi.useFakeTimers();
    const unscored = makeReport(3, { result: null, generatedAt: new Date().toISOString() });
    const send = fakeSend({ 'reports.get': () => ok(unscored) });
    const model = createReportDetailsModel(signal('3'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(callsOf(send, 'reports.get')).toHaveLength(1);
    expect(followerReads(send)).toEqual([]);
    expect(model.scoreState.value).toBe('no_score');
    model.dispose();
  });

  it('says “no score” once the report has waited too long for it', async () => {
    vi.useFakeTimers();
    const pending = generating(3);
    const send = fakeSend({ 'reports.get': () => ok(pending) });
    const model = createReportDetailsModel(signal('3'));
    await vi.advanceTimersByTimeAsync(0);
    expect(model.scoreState.value).toBe('generating');
    await vi.advanceTimersByTimeAsync(GIVE_UP_AFTER_MS + 60_000);
    expect(model.scoreState.value).toBe('no_score');
    const asked = followerReads(send).length;
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(followerReads(send)).toHaveLength(asked);
    model.dispose();
  });

  it('says “no result yet” when the follower gives up on a report that carries no dates', async () => {
    vi.useFakeTimers();
    const undated = generating(3, { createdAt: null, updatedAt: null });
    const send = fakeSend({ 'reports.get': () => ok(undated) });
    const shown = signal<string | null>('3');
    const model = createReportDetailsModel(shown);
    await vi.advanceTimersByTimeAsync(GIVE_UP_AFTER_MS - 1000);
    expect(model.scoreState.value).toBe('generating');
    await vi.advanceTimersByTimeAsync(1000);
    expect(model.scoreState.value).toBe('unfinished');
    // Opened again: still “no result yet”, from what the follower says, not another ten minutes’ wait.
    shown.value = null;
    shown.value = '3';
    await vi.advanceTimersByTimeAsync(0);
    expect(model.scoreState.value).toBe('unfinished');
    const asked = followerReads(send).length;
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(followerReads(send)).toHaveLength(asked);
    model.dispose();
  });

  it('drops “Regenerating the results…” when the regenerated report ends without a score', async () => {
    vi.useFakeTimers();
    // The report as the service has it now, whoever reads it.
    let onService = makeReport(3);
    const send = fakeSend({
      'reports.get': () => ok(onService),
      'reports.update': () => ok((onService = generating(3))),
    });
    const model = createReportDetailsModel(signal('3'));
    await vi.advanceTimersByTimeAsync(0);
    await model.regenerate();
    expect(model.notice.value).toBe('Regenerating the results…');
    onService = makeReport(3, { result: null, generatedAt: new Date().toISOString() });
    await vi.advanceTimersByTimeAsync(1000);
    expect(model.scoreState.value).toBe('no_score');
    expect(model.notice.value).toBeNull();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(followerReads(send)).toHaveLength(1);
    model.dispose();
  });

  it('says “New results are ready.” when the regenerated report gets its score', async () => {
    vi.useFakeTimers();
    // The report as the service has it now, whoever reads it.
    let onService = makeReport(3, { result: 'bad' });
    fakeSend({
      'reports.get': () => ok(onService),
      'reports.update': () => ok((onService = generating(3))),
    });
    const model = createReportDetailsModel(signal('3'));
    await vi.advanceTimersByTimeAsync(0);
    await model.regenerate();
    expect(model.scoreState.value).toBe('generating');
    onService = makeReport(3, { result: 'good' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(model.report.value?.result).toBe('good');
    expect(model.notice.value).toBe('New results are ready.');
    model.dispose();
  });

  it('tells the list when the service says the report is gone, on reading or on writing', async () => {
    const gone = vi.fn();
    let exists = true;
    fakeSend({
      'reports.get': () => (exists ? ok(makeReport(3)) : fail('not_found')),
      'reports.update': () => fail('not_found', { message: 'This report no longer exists on the service.' }),
    });
    const shown = signal<string | null>('3');
    const model = createReportDetailsModel(shown, { onReportGone: gone });
    await vi.waitFor(() => expect(model.report.value).not.toBeNull());
    const result = await model.save({ privacy: 1 });
    expect(result.ok).toBe(false);
    expect(gone).toHaveBeenCalledWith(3);
    expect(model.gone.value).toBe(true);
    expect(model.writeError.value?.error.message).toBe('This report no longer exists on the service.');

    exists = false;
    shown.value = '4';
    await vi.waitFor(() => expect(model.loadError.value?.kind).toBe('not_found'));
    expect(gone).toHaveBeenLastCalledWith('4');
    model.dispose();
  });
});

describe('saving sends only what the person changed', () => {
  function openWith(report: Report, update: Report = report) {
    return openDetails({
      'reports.list': () => ok(makePage([report])),
      'reports.get': () => ok(report),
      'reports.update': () => ok(update),
    });
  }

  it('a privacy the service did not say shows as “Unknown”, and saving without a choice sends nothing', async () => {
    const unknown = makeReport(7, {
      privacy: null,
      fields: { id: 7, url: 'https://x.example/', privacy: null },
    });
    const { send } = openWith(unknown, { ...unknown, privacy: 1 });
    const details = await panel();
    const select = (await within(details).findByRole('combobox', { name: 'Privacy' })) as HTMLSelectElement;
    expect(select.value).toBe('');
    const shown = select.options[select.selectedIndex]!;
    expect(shown.text).toBe('Unknown');
    expect(shown.disabled).toBe(true);
    expect(document.getElementById(select.getAttribute('aria-describedby')!)?.textContent).toBe(
      'The service did not say. Saving leaves it as it is.',
    );
    expect([...select.options].map((option) => option.text)).toEqual([
      'Unknown',
      'Public',
      'Private',
      'Password',
    ]);

    fireEvent.click(within(details).getByRole('button', { name: 'Save changes' }));
    expect(
      await within(details).findByText('Nothing to save: change the privacy or type a new password first.'),
    ).toBeTruthy();
    expect(callsOf(send, 'reports.update')).toEqual([]);

    fireEvent.change(select, { target: { value: '1' } });
    fireEvent.click(within(details).getByRole('button', { name: 'Save changes' }));
    expect(await within(details).findByText('Changes saved.')).toBeTruthy();
    expect(callsOf(send, 'reports.update')).toEqual([{ id: 7, privacy: 1 }]);
  });

  it('an unchanged privacy is not sent: Save says there is nothing to save', async () => {
    const { send } = openWith(detailed);
    const details = await panel();
    const select = await within(details).findByRole('combobox', { name: 'Privacy' });
    expect((select as HTMLSelectElement).value).toBe('1');
    fireEvent.click(within(details).getByRole('button', { name: 'Save changes' }));
    expect(await within(details).findByText(/Nothing to save/)).toBeTruthy();
    // Picked away and back again: still no change.
    fireEvent.change(select, { target: { value: '0' } });
    fireEvent.change(select, { target: { value: '1' } });
    fireEvent.click(within(details).getByRole('button', { name: 'Save changes' }));
    expect(await within(details).findByText(/Nothing to save/)).toBeTruthy();
    expect(callsOf(send, 'reports.update')).toEqual([]);
  });

  it('a new password alone is sent with the privacy Password it needs; an empty field keeps the old one', async () => {
    const locked = makeReport(7, { privacy: 2, hasPassword: true });
    const { send } = openWith(locked);
    const details = await panel();
    fireEvent.click(await within(details).findByRole('button', { name: 'Save changes' }));
    expect(await within(details).findByText(/Nothing to save/)).toBeTruthy();
    fireEvent.input(within(details).getByLabelText('Password'), { target: { value: 'n3w pass' } });
    fireEvent.click(within(details).getByRole('button', { name: 'Save changes' }));
    expect(await within(details).findByText('Changes saved.')).toBeTruthy();
    expect(callsOf(send, 'reports.update')).toEqual([{ id: 7, privacy: 2, password: 'n3w pass' }]);
  });

  it('a privacy changed elsewhere is not put back by a Save the person did not touch it for', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // Shown as Private and generating; the next read says another page made it Public.
    const reads = [generating(7, { privacy: 1 }), makeReport(7, { privacy: 0 })];
    const send = fakeSend({
      'reports.get': () => ok(reads.shift() ?? makeReport(7, { privacy: 0 })),
      'reports.update': () => ok(makeReport(7, { privacy: 0 })),
    });
    const model = createReportDetailsModel(signal('7'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(model.report.value?.privacy).toBe(0);
    expect((await model.save({})).ok).toBe(true);
    expect(model.notice.value).toBe(nothingToSave());
    await model.save({ privacy: 0 });
    expect(callsOf(send, 'reports.update')).toEqual([]);
    await model.save({ privacy: 1, password: 'ignored without Password' });
    expect(callsOf(send, 'reports.update')).toEqual([{ id: 7, privacy: 1 }]);
    model.dispose();
  });
});

describe('a regenerate that may have happened', () => {
  const MAYBE = 'The service may have regenerated the report’s results before it failed (HTTP 502).';

  it('offers no Retry: it reads the report again and follows the new results', async () => {
    const before = makeReport(7, { url: 'https://seven.example/page' });
    // The report as the service has it now, whoever reads it: the failed regenerate did happen.
    let onService = before;
    const { send } = renderApp('#/reports?details=7', {
      'reports.list': () => ok(makePage([before])),
      'reports.get': () => ok(onService),
      'reports.update': () => {
        onService = generating(7, { url: 'https://seven.example/page' });
        return fail('server', { status: 502, message: MAYBE, retrySafe: false });
      },
    });
    const details = await panel();
    fireEvent.click(await within(details).findByRole('button', { name: 'Regenerate results' }));
    const alert = await within(details).findByRole('alert');
    expect(alert.textContent).toContain(`Could not regenerate results: ${MAYBE}`);
    expect(within(alert).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(await within(details).findByText('Regenerating the results…')).toBeTruthy();
    expect(callsOf(send, 'reports.get')).toHaveLength(2);
    expect(callsOf(send, 'reports.update')).toHaveLength(1);
  });

  it('says when the report has not changed', async () => {
    const send = fakeSend({
      'reports.get': () => ok(makeReport(3)),
      // As lib/messaging/send says a write whose answer was lost: no status, not safe to send again.
      'reports.update': () =>
        fail('unexpected', { message: 'Page Reports’ background could not be reached.', retrySafe: false }),
    });
    const model = createReportDetailsModel(signal('3'));
    await vi.waitFor(() => expect(model.report.value).not.toBeNull());
    await model.regenerate();
    expect(model.writeError.value?.error.retrySafe).toBe(false);
    expect(model.notice.value).toBe(
      'Page Reports read the report again: it has not changed yet. Regenerate it again if you still need new results.',
    );
    expect(callsOf(send, 'reports.get')).toHaveLength(2);
    model.dispose();
  });

  it('a refusal (429) keeps Retry and reads nothing again', async () => {
    const { send } = openDetails({
      'reports.update': () => fail('rate_limited', { status: 429 }),
    });
    const details = await panel();
    fireEvent.click(await within(details).findByRole('button', { name: 'Regenerate results' }));
    const alert = await within(details).findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(callsOf(send, 'reports.get')).toHaveLength(1);
  });
});

describe('following a generating report in the details', () => {
  it.each(['unauthorized', 'forbidden', 'not_configured', 'permission'] as const)(
    'stops at once on %s and says why',
    async (kind) => {
      vi.useFakeTimers();
      let reads = 0;
      const send = fakeSend({
        'reports.get': () => (++reads === 1 ? ok(generating(3)) : fail(kind)),
      });
      const model = createReportDetailsModel(signal('3'));
      await vi.advanceTimersByTimeAsync(1000);
      expect(followerReads(send)).toEqual([3]);
      expect(model.loadError.value?.kind).toBe(kind);
      await vi.advanceTimersByTimeAsync(GIVE_UP_AFTER_MS);
      expect(followerReads(send)).toEqual([3]);
      expect(callsOf(send, 'reports.get')).toHaveLength(1);
      model.dispose();
    },
  );

  it('keeps quiet about a passing failure, then gives up after GIVE_UP_AFTER_MS and says what failed', async () => {
    vi.useFakeTimers();
    let reads = 0;
    const send = fakeSend({
      'reports.get': () => (++reads === 1 ? ok(generating(3)) : fail('network')),
    });
    const model = createReportDetailsModel(signal('3'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(model.scoreState.value).toBe('generating');
    expect(model.loadError.value).toBeNull();
    await vi.advanceTimersByTimeAsync(GIVE_UP_AFTER_MS);
    const asked = followerReads(send).length;
    expect(asked).toBeGreaterThan(5);
    expect(model.scoreState.value).toBe('no_score');
    expect(model.loadError.value?.kind).toBe('network');
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(followerReads(send)).toHaveLength(asked);
    model.dispose();
  });

  it('a report the follower finds gone leaves the list', async () => {
    vi.useFakeTimers();
    let reads = 0;
    fakeSend({
      'reports.get': () => (++reads === 1 ? ok(generating(3)) : fail('not_found')),
    });
    const gone = vi.fn();
    const model = createReportDetailsModel(signal('3'), { onReportGone: gone });
    await vi.advanceTimersByTimeAsync(1000);
    expect(model.gone.value).toBe(true);
    expect(model.loadError.value?.kind).toBe('not_found');
    expect(gone).toHaveBeenCalledWith('3');
    model.dispose();
  });
});
