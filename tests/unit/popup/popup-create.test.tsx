import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMessageRouter } from '@/entrypoints/background/router';
import { apiError } from '@/entrypoints/background/error-messages';
import type { Result } from '@/lib/api/errors';
import type { Report } from '@/lib/api/types';
import { GIVE_UP_AFTER_MS } from '@/lib/report-state';
import { failed, makeReport, ok } from './fixtures';
import { deferred, followerReads, openPopup, PAGE_URL, sendMock, sent } from './render-popup';

vi.mock('@/lib/messaging/send', () => ({ send: vi.fn() }));

afterEach(() => vi.useRealTimers());

const privacySelect = () => screen.getByRole('combobox', { name: 'Privacy' }) as HTMLSelectElement;
const passwordInput = () => screen.getByLabelText('Password') as HTMLInputElement;

describe('popup: create a report', () => {
  it('offers Public, Private and Password, starting from the last choice', async () => {
    openPopup({
      'popup.snapshot': () => ok({ configured: true, lastPrivacy: 1, create: null }),
    });
    await screen.findByRole('button', { name: 'Create report' });
    expect([...privacySelect().options].map((option) => option.text)).toEqual([
      'Public',
      'Private',
      'Password',
    ]);
    expect(privacySelect().value).toBe('1');
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it('sends the page URL with Public and no password, shows progress, then the new report', async () => {
    const answer = deferred<Result<Report>>();
    openPopup({ 'reports.create': () => answer.promise });
    const button = await screen.findByRole('button', { name: 'Create report' });
    expect(privacySelect().value).toBe('0');
    fireEvent.click(button);
    expect(sent('reports.create')).toEqual([{ url: PAGE_URL, privacy: 0 }]);
    expect(screen.getByText('Analysing the page…')).toBeTruthy();
    expect((button as HTMLButtonElement).disabled).toBe(true);

    answer.resolve(ok(makeReport({ id: 77, result: 'good', privacy: 0 })));
    const card = await screen.findByRole('article', { name: 'Report for this page' });
    expect(within(card).getByText('Good')).toBeTruthy();
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText('Analysing the page…')).toBeNull();
    // The new report heads the recent list too.
    expect(
      within(screen.getByRole('list', { name: 'Recent reports' })).getAllByRole('listitem'),
    ).toHaveLength(1);
  });

  it('sends exactly one request however often it is clicked or submitted', async () => {
    const answer = deferred<Result<Report>>();
    openPopup({ 'reports.create': () => answer.promise });
    const button = await screen.findByRole('button', { name: 'Create report' });
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.submit(button.closest('form')!);
    fireEvent.submit(button.closest('form')!);
    answer.resolve(ok(makeReport()));
    await screen.findByRole('article');
    expect(sent('reports.create')).toHaveLength(1);
  });

  it('Password shows a required password field with show/hide, sends it once, then forgets it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answer = deferred<Result<Report>>();
    openPopup({
      'reports.create': () => answer.promise,
      'reports.get': () => ok(makeReport({ id: 6, privacy: 2, result: 'good' })),
    });
    await screen.findByRole('button', { name: 'Create report' });
    fireEvent.change(privacySelect(), { target: { value: '2' } });
    expect(passwordInput().type).toBe('password');
    expect(passwordInput().required).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(passwordInput().type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(passwordInput().type).toBe('password');

    fireEvent.input(passwordInput(), { target: { value: 's3cret pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create report' }));
    expect(sent('reports.create')).toEqual([{ url: PAGE_URL, privacy: 2, password: 's3cret pass' }]);
    // Cleared as soon as it is sent, before the answer.
    expect(passwordInput().value).toBe('');
    answer.resolve(ok(makeReport({ id: 6, privacy: 2, result: null })));
    await screen.findByRole('article');
    // What follows a create: the background's follower reads the report, another choice is kept.
    await vi.advanceTimersByTimeAsync(1000);
    await screen.findByText('The report’s result is ready.');
    expect(followerReads).toEqual([6]);
    fireEvent.change(privacySelect(), { target: { value: '1' } });
    fireEvent.change(privacySelect(), { target: { value: '2' } });
    expect(passwordInput().value).toBe('');

    const calls = sendMock.mock.calls.map(([type, payload]) => ({ type, payload: JSON.stringify(payload) }));
    const create = calls.findIndex((call) => call.type === 'reports.create');
    expect(calls.slice(create + 1).map((call) => call.type)).toEqual(
      expect.arrayContaining(['popup.rememberPrivacy']),
    );
    // Exactly one message ever carried the password: the create itself.
    expect(calls.flatMap((call, index) => (call.payload.includes('s3cret') ? [index] : []))).toEqual([
      create,
    ]);
  });

  it('remembers a privacy as soon as it is chosen, before any report is created', async () => {
    openPopup();
    await screen.findByRole('button', { name: 'Create report' });
    fireEvent.change(privacySelect(), { target: { value: '1' } });
    fireEvent.change(privacySelect(), { target: { value: '2' } });
    expect(sent('popup.rememberPrivacy')).toEqual([{ privacy: 1 }, { privacy: 2 }]);
    expect(sent('reports.create')).toEqual([]);
  });

  it('a create that may have happened (timeout) offers no Retry and shows what the service has now', async () => {
    const created = makeReport({
      id: 31,
      url: PAGE_URL,
      result: 'decent',
      createdAt: new Date().toISOString(),
    });
    let exists = false;
    openPopup({
      'reports.create': () => {
        exists = true;
        return failed(
          apiError('timeout', {
            message: 'The service took too long to answer: it may have created the report all the same.',
            retrySafe: false,
          }),
        );
      },
      'popup.pageReport': () => ok({ data: exists ? created : null, fetchedAt: Date.now() }),
      'popup.recentReports': () => ok({ data: exists ? [created] : [], fetchedAt: Date.now() }),
      'popup.forgetCreate': () => ok(null),
    });
    await screen.findByText('This page has no report yet.');
    await screen.findByText('No reports yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Create report' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/it may have created the report all the same/);
    expect(within(alert).queryByRole('button')).toBeNull();
    // Looked up again: the report that was made after all shows up, in the card and the list.
    const card = await screen.findByRole('article', { name: 'Report for this page' });
    expect(within(card).getByText('Decent')).toBeTruthy();
    expect(
      await screen.findByText('Page Reports looked for it: the service has it, shown above.'),
    ).toBeTruthy();
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Recent reports' })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
    expect(screen.queryByRole('button', { name: /Retry|Look for the report again/ })).toBeNull();
    expect(sent('popup.pageReport')).toHaveLength(2);
    expect(sent('popup.recentReports')).toHaveLength(2);
    expect(sent('reports.create')).toHaveLength(1);
  });

  it('a create answered 502 offers no Retry, looks, says none was made, and can look again', async () => {
    const created = makeReport({
      id: 32,
      url: PAGE_URL,
      result: 'good',
      createdAt: new Date().toISOString(),
    });
    let exists = false;
    openPopup({
      'reports.create': () =>
        failed(
          apiError('server', {
            status: 502,
            message: 'The service may have created the report before it failed (HTTP 502).',
            retrySafe: false,
          }),
        ),
      'popup.pageReport': () => ok({ data: exists ? created : null, fetchedAt: Date.now() }),
      'popup.forgetCreate': () => ok(null),
    });
    await screen.findByText('This page has no report yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Create report' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Could not create the report: The service may have created the report before it failed (HTTP 502).',
    );
    expect(within(alert).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(
      await screen.findByText(
        'Page Reports looked for it: none was made, or the service is still making it. Look again in a moment before you create another.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('This page has no report yet.')).toBeTruthy();

    // The service finishes late: looking again finds it.
    exists = true;
    fireEvent.click(screen.getByRole('button', { name: 'Look for the report again' }));
    expect(
      await screen.findByText('Page Reports looked for it: the service has it, shown above.'),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('article', { name: 'Report for this page' })).getByText('Good'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Look for the report again' })).toBeNull();
    expect(sent('reports.create')).toHaveLength(1);
    expect(sent('popup.forgetCreate')).toEqual([{ url: PAGE_URL }]);
  });

  it('finding the report the page already had is not finding a new one', async () => {
    const older = makeReport({ id: 3, url: PAGE_URL, result: 'bad' });
    openPopup({
      'popup.pageReport': () => ok({ data: older, fetchedAt: Date.now() }),
      'reports.create': () => failed(apiError('network', { retrySafe: false })),
      'popup.forgetCreate': () => ok(null),
    });
    await screen.findByRole('article', { name: 'Report for this page' });
    fireEvent.click(screen.getByRole('button', { name: 'Create report' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Create another' }));
    expect(await screen.findByText(/Page Reports looked for it: none was made/)).toBeTruthy();
    expect(sent('popup.pageReport')).toHaveLength(2);
  });

  it('a background that stopped answering mid-create counts as “may have been created” too', async () => {
    openPopup({
      // As lib/messaging/send says a write whose answer was lost: no status, not safe to send again.
      'reports.create': () =>
        failed({
          kind: 'unexpected',
          message:
            'Page Reports’ background could not be reached. Try again; if it keeps happening, reload the extension.',
          retrySafe: false,
        }),
      'popup.forgetCreate': () => ok(null),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Create report' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(await screen.findByText(/Page Reports looked for it: none was made/)).toBeTruthy();
  });

  it('says so when it cannot look, and offers to look again', async () => {
    let lookups = 0;
    openPopup({
      'popup.pageReport': () =>
        ++lookups === 1 ? ok({ data: null, fetchedAt: Date.now() }) : failed(apiError('network')),
      'reports.create': () => failed(apiError('server', { status: 504, retrySafe: false })),
      'popup.forgetCreate': () => ok(null),
    });
    await screen.findByText('This page has no report yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Create report' }));
    expect(
      await screen.findByText(
        'Page Reports could not look: Could not reach the service. Check your connection and the API base URL.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Look for the report again' })).toBeTruthy();
  });

  it('a create that surely did not happen (a refusal: 429) keeps Retry and does not look again', async () => {
    openPopup({
      'reports.create': () => failed(apiError('rate_limited', { status: 429 })),
      'popup.forgetCreate': () => ok(null),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Create report' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByText(/Page Reports looked for it/)).toBeNull();
    expect(sent('popup.pageReport')).toHaveLength(1);
  });

  it('a create that failed while no popup was open is looked for when the next one opens', async () => {
    const created = makeReport({ id: 40, url: PAGE_URL, createdAt: new Date().toISOString() });
    openPopup({
      'popup.snapshot': () =>
        ok({
          configured: true,
          lastPrivacy: 0,
          create: {
            startedAt: Date.now() - 5000,
            error: apiError('server', {
              status: 502,
              message: 'The service may have created the report before it failed (HTTP 502).',
              retrySafe: false,
            }),
          },
        }),
      'popup.pageReport': () => ok({ data: created, fetchedAt: Date.now() }),
      'popup.forgetCreate': () => ok(null),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/before it failed \(HTTP 502\)/);
    expect(within(alert).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(
      await screen.findByText('Page Reports looked for it: the service has it, shown above.'),
    ).toBeTruthy();
    expect(sent('reports.create')).toEqual([]);
  });

  it('asks for the password next to the field instead of sending without one', async () => {
    openPopup();
    await screen.findByRole('button', { name: 'Create report' });
    fireEvent.change(privacySelect(), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create report' }));
    expect(sent('reports.create')).toEqual([]);
    const input = passwordInput();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Enter a password for the report page.',
    );
    await waitFor(() => expect(document.activeElement).toBe(input));
  });

  it('says what the password is for', async () => {
    openPopup();
    await screen.findByRole('button', { name: 'Create report' });
    fireEvent.change(privacySelect(), { target: { value: '2' } });
    expect(document.getElementById(passwordInput().getAttribute('aria-describedby')!)?.textContent).toBe(
      'Needed to open the report. Page Reports does not store it.',
    );
  });

  it('hides the password and never sends it once another privacy is chosen', async () => {
    openPopup({ 'reports.create': () => ok(makeReport({ privacy: 1 })) });
    await screen.findByRole('button', { name: 'Create report' });
    fireEvent.change(privacySelect(), { target: { value: '2' } });
    fireEvent.input(passwordInput(), { target: { value: 'typed' } });
    fireEvent.change(privacySelect(), { target: { value: '1' } });
    expect(screen.queryByLabelText('Password')).toBeNull();
    fireEvent.submit(screen.getByRole('button', { name: 'Create report' }).closest('form')!);
    expect(sent('reports.create')).toEqual([{ url: PAGE_URL, privacy: 1 }]);
    // Coming back to Password starts empty.
    fireEvent.change(privacySelect(), { target: { value: '2' } });
    expect(passwordInput().value).toBe('');
  });

  it('shows a password the background refuses next to the field, and does not look for a report', async () => {
    // The popup checks only that a password is there; the background's schema limits its length.
    const route = createMessageRouter(
      {
        'reports.create': () => Promise.reject(new Error('refused payloads never reach a handler')),
      } as never,
      { extensionId: 'abc', extensionBaseUrl: 'chrome-extension://abc/' },
    );
    openPopup({
      'reports.create': (payload) =>
        route(
          { type: 'reports.create', payload },
          { id: 'abc', url: 'chrome-extension://abc/popup.html' },
        ) as never,
      'popup.forgetCreate': () => ok(null),
    });
    await screen.findByRole('button', { name: 'Create report' });
    fireEvent.change(privacySelect(), { target: { value: '2' } });
    fireEvent.input(passwordInput(), { target: { value: 'x'.repeat(1001) } });
    fireEvent.click(screen.getByRole('button', { name: 'Create report' }));

    await waitFor(() => expect(passwordInput().getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(passwordInput().getAttribute('aria-describedby')!)?.textContent).toBe(
      'The password may be at most 1,000 characters long.',
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Some values are not valid. Check the highlighted fields.');
    expect(alert.textContent).not.toContain('invalid request');
    // A refusal: nothing was sent, so nothing to look for and nothing to retry.
    expect(within(alert).queryByRole('button')).toBeNull();
    expect(screen.queryByText(/Page Reports looked for it|Looking/)).toBeNull();
    expect(sent('popup.pageReport')).toHaveLength(1);
  });

  it('shows the server’s field errors (422) next to their fields', async () => {
    openPopup({
      'reports.create': () =>
        failed(
          apiError('invalid_input', {
            status: 422,
            // The client says what the service had against the page (the background client's explainRefusedPage).
            message: 'The service refused this page: The url field must be a valid URL.',
            fieldErrors: {
              privacy: ['The selected privacy is invalid.'],
              password: ['The password field is required when privacy is 2.'],
              url: ['The url field must be a valid URL.'],
            },
          }),
        ),
    });
    await screen.findByRole('button', { name: 'Create report' });
    fireEvent.change(privacySelect(), { target: { value: '2' } });
    fireEvent.input(passwordInput(), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create report' }));

    await waitFor(() => expect(privacySelect().getAttribute('aria-invalid')).toBe('true'));
    const describedBy = (element: Element) =>
      document.getElementById(element.getAttribute('aria-describedby')!)?.textContent;
    expect(describedBy(privacySelect())).toBe('The selected privacy is invalid.');
    expect(describedBy(passwordInput())).toBe('The password field is required when privacy is 2.');
    // The address is what the service rejected: it is highlighted like a field, and the alert says why.
    expect(screen.getByTitle(PAGE_URL).classList.contains('page-url--invalid')).toBe(true);
    expect(screen.getByRole('alert').textContent).toMatch(
      /The service refused this page: The url field must be a valid URL\./,
    );
    expect(within(screen.getByRole('alert')).queryByRole('button')).toBeNull();
  });

  it('follows a report that is still generating until its result is known', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const reads: Result<Report>[] = [
      ok(makeReport({ id: 5, result: null })),
      ok(makeReport({ id: 5, result: 'decent' })),
    ];
    openPopup({
      'reports.create': () => ok(makeReport({ id: 5, result: null, generatedAt: null })),
      'reports.get': () => reads.shift()!,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Create report' }));
    const card = await screen.findByRole('article');
    expect(within(card).getByText('Generating…')).toBeTruthy();
    expect(within(card).getByText('Not yet')).toBeTruthy();
    expect((within(card).getByRole('button', { name: 'Regenerate' }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    // The background follows it (1 s, then 2 s later); the popup never asks on its own.
    await vi.advanceTimersByTimeAsync(1000);
    expect(followerReads).toEqual([5]);
    expect(within(card).getByText('Generating…')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(2000);
    expect(await within(card).findByText('Decent')).toBeTruthy();
    expect(screen.getByText('The report’s result is ready.')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(followerReads).toHaveLength(2);
    expect(sent('reports.get')).toEqual([]);
  });

  it('says so once the service has given no score in time, as it does for a result', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const pending = makeReport({ id: 6, result: null });
    openPopup({
      'reports.create': () => ok(pending),
      'reports.get': () => ok(pending),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Create report' }));
    const card = await screen.findByRole('article');
    expect(within(card).getByText('Generating…')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(GIVE_UP_AFTER_MS + 60_000);
    expect(await within(card).findByText('No score')).toBeTruthy();
    const said = screen.getAllByText('The service gave this report no score.');
    expect(said.some((element) => element.getAttribute('aria-live') === 'polite')).toBe(true);
  });

  it('keeps checking a report found still generating on open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    openPopup({
      'popup.pageReport': () => ok({ data: makeReport({ id: 8, result: null }), fetchedAt: Date.now() }),
      'reports.get': () => ok(makeReport({ id: 8, result: 'bad' })),
    });
    expect(await screen.findByText('Generating…')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(1000);
    expect(await screen.findByText('Bad')).toBeTruthy();
  });

  it('Regenerate asks for new results (results=1) and shows "Generating…" until they come', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    openPopup({
      'popup.pageReport': () => ok({ data: makeReport({ id: 3, result: 'bad' }), fetchedAt: Date.now() }),
      'reports.update': () => ok(makeReport({ id: 3, result: null })),
      'reports.get': () => ok(makeReport({ id: 3, result: 'good' })),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Regenerate' }));
    expect(await screen.findByText('Generating…')).toBeTruthy();
    expect(sent('reports.update')).toEqual([{ id: 3, regenerate: true }]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await screen.findByText('Good')).toBeTruthy();
  });

  it('a Regenerate answered 502 offers no Retry: it reads the report again and shows the new results coming', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const lookups = [makeReport({ id: 3, result: 'bad' }), makeReport({ id: 3, result: null })];
    openPopup({
      'popup.pageReport': () => ok({ data: lookups.shift()!, fetchedAt: Date.now() }),
      'reports.update': () =>
        failed(
          apiError('server', {
            status: 502,
            message: 'The service may have regenerated the report’s results before it failed (HTTP 502).',
            retrySafe: false,
          }),
        ),
      'reports.get': () => ok(makeReport({ id: 3, result: 'good' })),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Regenerate' }));
    const card = await screen.findByRole('article', { name: 'Report for this page' });
    const alert = await within(card).findByRole('alert');
    expect(alert.textContent).toContain('before it failed (HTTP 502)');
    expect(within(alert).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(
      await within(card).findByText('Page Reports read the report again: the service took the request.'),
    ).toBeTruthy();
    expect(within(card).getByText('Generating…')).toBeTruthy();
    expect(sent('reports.update')).toHaveLength(1);
    // And it follows them until they come.
    await vi.advanceTimersByTimeAsync(1000);
    expect(await within(card).findByText('Good')).toBeTruthy();
  });

  it('a Regenerate that did not happen says the report is unchanged, and can read it again', async () => {
    const before = makeReport({ id: 3, result: 'bad' });
    const after = makeReport({
      id: 3,
      result: 'good',
      updatedAt: '2026-01-01T00:00:00Z',
      generatedAt: '2026-01-01T00:00:00Z',
    });
    const lookups = [before, before, after];
    openPopup({
      'popup.pageReport': () => ok({ data: lookups.shift()!, fetchedAt: Date.now() }),
      'reports.update': () => failed(apiError('network', { retrySafe: false })),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Regenerate' }));
    expect(
      await screen.findByText(/Page Reports read the report again: it has not changed yet\./),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Read the report again' }));
    expect(
      await screen.findByText('Page Reports read the report again: the service took the request.'),
    ).toBeTruthy();
    expect(screen.getByText('Good')).toBeTruthy();
    expect(sent('reports.update')).toHaveLength(1);
  });

  it('a Regenerate refused (429) keeps Retry and reads nothing again', async () => {
    openPopup({
      'popup.pageReport': () => ok({ data: makeReport({ id: 3 }), fetchedAt: Date.now() }),
      'reports.update': () => failed(apiError('rate_limited', { status: 429 })),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Regenerate' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(sent('popup.pageReport')).toHaveLength(1);
  });

  it('a report the follower finds gone leaves the popup', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    openPopup({
      'popup.pageReport': () => ok({ data: makeReport({ id: 8, result: null }), fetchedAt: Date.now() }),
      'reports.get': () => failed(apiError('not_found', { status: 404 })),
    });
    expect(await screen.findByText('Generating…')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(1000);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Report for this page' })).toBeNull());
    expect(followerReads).toEqual([8]);
  });

  it('stops following at once when the key is refused while the report generates, and says so', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    openPopup({
      'popup.pageReport': () => ok({ data: makeReport({ id: 8, result: null }), fetchedAt: Date.now() }),
      'reports.get': () => failed(apiError('unauthorized', { status: 401 })),
    });
    expect(await screen.findByText('Generating…')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(1000);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/rejected your API key/);
    expect(within(alert).getByRole('button', { name: 'Open settings' })).toBeTruthy();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(followerReads).toHaveLength(1);
    expect(sent('reports.get')).toEqual([]);
  });
});
