// "Bulk changes" in the Reports section: what is selected, what the page asks the background to do, and
// the job as the page shows it from storage.session (the background's runner is tested on its own).
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createMessageRouter } from '@/entrypoints/background/router';
import { apiError } from '@/entrypoints/background/error-messages';
import type { BulkJob } from '@/lib/bulk-job';
import { BULK_JOB_KEY } from '@/lib/storage-keys';
import { callsOf, makePage, ok, reportRange } from '../fakes';
import { renderApp } from '../render-app';

vi.mock('@/lib/messaging/send', () => ({ send: vi.fn() }));

beforeEach(() => {
  fakeBrowser.reset();
});

/** Page 1 of 132 reports, 10 a page (newest first). */
function open(hash = '#/reports') {
  return renderApp(hash, {
    'reports.list': (query) => ok(makePage(reportRange(123, 132), { page: query.page ?? 1, total: 132 })),
    'bulk.start': () => ok(null),
    'bulk.stop': () => ok(null),
    'bulk.retryFailed': () => ok(null),
    'bulk.dismiss': () => ok(null),
  });
}

async function selectWholePage() {
  fireEvent.click(await screen.findByRole('checkbox', { name: 'Select all on this page' }));
}

function storeJob(job: Partial<BulkJob>) {
  const full: BulkJob = {
    id: 'job-1',
    action: { kind: 'privacy', privacy: 1 },
    phase: 'running',
    stopRequested: false,
    items: [],
    notBefore: 0,
    waitingUntil: null,
    error: null,
    ...job,
  };
  // No connection is active in page tests: the job is the one kept under the id ''.
  return fakeBrowser.storage.session.set({ [`:${BULK_JOB_KEY}`]: full });
}

const items = (states: string[]) =>
  states.map((state, index) => ({
    id: index + 1,
    label: `site.example/page-${index + 1}`,
    state,
  })) as BulkJob['items'];

describe('bulk changes: selecting', () => {
  it('offers every matching report once the whole page is ticked, and sends the filters, not the ids', async () => {
    const { send } = open('#/reports?search=site&per_page=10&page=1');
    await selectWholePage();
    // Loaded after the section paints (lazily).
    expect(await screen.findByText('All 10 reports on this page are selected.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Select all 132 matching reports' }));
    expect(screen.getByText('All 132 matching reports are selected.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('New privacy'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change privacy of 132' }));
    await waitFor(() => expect(callsOf(send, 'bulk.start')).toHaveLength(1));
    expect(callsOf(send, 'bulk.start')[0]).toEqual({
      action: { kind: 'privacy', privacy: 0 },
      target: { query: { search: 'site', searchBy: 'url', sortBy: 'id', sort: 'desc' } },
    });
  });

  it('"Select only this page" goes back to the ticked rows; unticking one does too', async () => {
    open();
    await selectWholePage();
    fireEvent.click(await screen.findByRole('button', { name: 'Select all 132 matching reports' }));
    fireEvent.click(screen.getByRole('button', { name: 'Select only this page' }));
    expect(screen.getByRole('button', { name: 'Regenerate results of 10' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Select all 132 matching reports' }));
    fireEvent.click(screen.getAllByRole('checkbox', { name: 'Select' })[0]!);
    expect(screen.queryByText('All 132 matching reports are selected.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Regenerate results of 9' })).toBeTruthy();
  });

  it('sends the ticked rows of a page, with their addresses to name them in the summary', async () => {
    const { send } = open();
    const boxes = await screen.findAllByRole('checkbox', { name: 'Select' });
    fireEvent.click(boxes[0]!);
    fireEvent.click(boxes[1]!);
    fireEvent.click(await screen.findByRole('button', { name: 'Regenerate results of 2' }));
    await waitFor(() => expect(callsOf(send, 'bulk.start')).toHaveLength(1));
    const [first, second] = reportRange(131, 132); // newest first, as the table shows them
    expect(callsOf(send, 'bulk.start')[0]).toEqual({
      action: { kind: 'regenerate' },
      target: {
        reports: [
          { id: first!.id, label: first!.url, score: first!.score },
          { id: second!.id, label: second!.url, score: second!.score },
        ],
      },
    });
  });

  it('offers no "all matching" while the next filter loads: the count on show is the old filter’s', async () => {
    const { send } = renderApp('#/reports?search=blog&per_page=10&page=1', {
      // "blog": 12 reports; every report of the account: the service is slow to answer.
      'reports.list': (query) =>
        query.search === 'blog' ? ok(makePage(reportRange(1, 10), { total: 12 })) : new Promise(() => {}),
      'bulk.start': () => ok(null),
    });
    await screen.findByRole('checkbox', { name: 'Select all on this page' });
    fireEvent.input(screen.getByLabelText('Search by URL'), { target: { value: '' } });
    await waitFor(() => expect(callsOf(send, 'reports.list')).toHaveLength(2));
    // The rows of "blog" still show, dimmed: ticking them selects them, not what is loading.
    await selectWholePage();
    fireEvent.click(await screen.findByRole('button', { name: 'Regenerate results of 10' }));
    expect(screen.queryByRole('button', { name: /matching reports/ })).toBeNull();
    await waitFor(() => expect(callsOf(send, 'bulk.start')).toHaveLength(1));
    expect(callsOf(send, 'bulk.start')[0]).toMatchObject({ target: { reports: expect.any(Array) } });
  });

  it('Password needs a password: said next to the field, nothing sent; then sent once', async () => {
    const { send } = open();
    await selectWholePage();
    fireEvent.change(await screen.findByLabelText('New privacy'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change privacy of 10' }));
    const field = screen.getByLabelText('New password');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Enter a password: privacy Password needs one.')).toBeTruthy();
    expect(callsOf(send, 'bulk.start')).toHaveLength(0);
    fireEvent.input(field, { target: { value: 'hunter22' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change privacy of 10' }));
    await waitFor(() => expect(callsOf(send, 'bulk.start')).toHaveLength(1));
    expect(callsOf(send, 'bulk.start')[0]).toMatchObject({ action: { privacy: 2 }, password: 'hunter22' });
  });

  it('keeps the chosen privacy after the change ran: the next change starts from Password, not Private', async () => {
    const { send } = open();
    await selectWholePage();
    fireEvent.change(await screen.findByLabelText('New privacy'), { target: { value: '2' } });
    fireEvent.input(screen.getByLabelText('New password'), { target: { value: 'hunter22' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change privacy of 10' }));
    await waitFor(() => expect(callsOf(send, 'bulk.start')).toHaveLength(1));
    await storeJob({ action: { kind: 'privacy', privacy: 2 }, items: items(['done', 'pending']) });
    await screen.findByRole('progressbar', { name: 'Progress of the bulk change' });
    expect(screen.queryByLabelText('New privacy')).toBeNull();
    await storeJob({
      action: { kind: 'privacy', privacy: 2 },
      phase: 'ended',
      items: items(['done', 'done']),
    });
    const privacy = (await screen.findByLabelText('New privacy')) as HTMLSelectElement;
    expect(privacy.value).toBe('2');
    // The password is never kept: it is asked again.
    expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe('');
  });

  it('shows a password the background refuses next to the field, and no job starts', async () => {
    // The page checks only that a password is there; the background's schema limits its length.
    const route = createMessageRouter(
      { 'bulk.start': () => Promise.reject(new Error('refused payloads never reach a handler')) } as never,
      { extensionId: 'abc', extensionBaseUrl: 'chrome-extension://abc/' },
    );
    const { send } = renderApp('#/reports', {
      'reports.list': (query) => ok(makePage(reportRange(123, 132), { page: query.page ?? 1, total: 132 })),
      'bulk.start': (payload) =>
        route(
          { type: 'bulk.start', payload },
          { id: 'abc', url: 'chrome-extension://abc/options.html' },
        ) as never,
    });
    await selectWholePage();
    fireEvent.change(await screen.findByLabelText('New privacy'), { target: { value: '2' } });
    const field = screen.getByLabelText('New password');
    fireEvent.input(field, { target: { value: 'x'.repeat(1001) } });
    fireEvent.click(screen.getByRole('button', { name: 'Change privacy of 10' }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    const note = document.getElementById(field.getAttribute('aria-describedby')!);
    expect(note?.textContent).toBe('The password may be at most 1,000 characters long.');
    expect(callsOf(send, 'bulk.start')).toHaveLength(1);
  });
});

describe('bulk changes: the job as it goes', () => {
  it('shows a named progress bar and Stop while the background works, then the summary', async () => {
    const { send } = open();
    await screen.findByRole('table', { name: 'Reports' });
    await storeJob({ items: items(['done', 'failed', 'pending', 'pending']) });
    const bar = await screen.findByRole('progressbar', { name: 'Progress of the bulk change' });
    expect(bar.getAttribute('value')).toBe('2');
    expect(bar.getAttribute('max')).toBe('4');
    expect(screen.getByText('Changing privacy: 2 of 4 done')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(callsOf(send, 'bulk.stop')).toHaveLength(1));

    const listsBefore = callsOf(send, 'reports.list').length;
    const failedItems = items(['done', 'failed', 'failed', 'skipped']);
    failedItems[1]!.error = apiError('server', { message: 'The service had a problem.' });
    failedItems[2]!.error = apiError('unexpected', {
      message: 'It may have been regenerated.',
      retrySafe: false,
    });
    await storeJob({ phase: 'ended', stopRequested: true, items: failedItems });
    const summary = await screen.findByText(/Changed the privacy of 1 of 4 reports\./);
    expect(summary.textContent).toContain('1 were not changed because you pressed Stop.');
    expect(screen.getByText('2 failed:')).toBeTruthy();
    const list = within(summary.closest('.job-status') as HTMLElement);
    expect(list.getByText('site.example/page-2: The service had a problem.')).toBeTruthy();
    expect(list.getByText('site.example/page-3: It may have been regenerated.')).toBeTruthy();
    // The rows show what changed.
    await waitFor(() => expect(callsOf(send, 'reports.list').length).toBeGreaterThan(listsBefore));
    fireEvent.click(screen.getByRole('button', { name: 'Retry failed' }));
    await waitFor(() => expect(callsOf(send, 'bulk.retryFailed')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(callsOf(send, 'bulk.dismiss')).toHaveLength(1));
  });

  it('says the job in one status region, in place before the job starts and kept to its summary', async () => {
    open();
    await screen.findByRole('table', { name: 'Reports' });
    // A live region added together with its text is often not announced.
    const region = document.querySelector('.bulk-changes [role="status"]')!;
    expect(region.closest('[hidden]')).not.toBeNull();
    await storeJob({ items: items(['done', 'pending']) });
    await waitFor(() => expect(region.textContent).toBe('Changing privacy: 1 of 2 done'));
    expect(region.closest('[hidden]')).toBeNull();
    await storeJob({ phase: 'ended', items: items(['done', 'done']) });
    await waitFor(() => expect(region.textContent).toBe('Changed the privacy of 2 of 2 reports.'));
    expect(region.isConnected).toBe(true);
  });

  it('offers no Retry failed when every failure may have happened', async () => {
    open();
    await screen.findByRole('table', { name: 'Reports' });
    const ended = items(['done', 'failed']);
    ended[1]!.error = apiError('unexpected', { message: 'It may have been regenerated.', retrySafe: false });
    await storeJob({ action: { kind: 'regenerate' }, phase: 'ended', items: ended });
    await screen.findByText('Regenerated the results of 1 of 2 reports.');
    expect(screen.queryByRole('button', { name: 'Retry failed' })).toBeNull();
  });

  it('says when the service asked to wait, and while the matching reports are listed', async () => {
    open();
    await screen.findByRole('table', { name: 'Reports' });
    await storeJob({ phase: 'collecting', items: items(['pending', 'pending']) });
    await screen.findByText('Listing the matching reports: 2 so far…');
    await storeJob({ items: items(['done', 'pending']), waitingUntil: Date.now() + 20_000 });
    await screen.findByText('The service asked to slow down: going on in 20 s.');
  });
});
