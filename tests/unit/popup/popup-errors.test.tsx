import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError } from '@/entrypoints/background/error-messages';
import type { ApiErrorKind } from '@/lib/api/errors';
import { failed, makeReport, ok } from './fixtures';
import { OPTIONS_PAGE, openPopup, sent } from './render-popup';

vi.mock('@/lib/messaging/send', () => ({ send: vi.fn() }));

afterEach(() => vi.useRealTimers());

// Every error class of DESIGN.md (not_configured has its own view), its sentence and its action.
const classes: [ApiErrorKind, RegExp, 'Open settings' | 'Retry' | null][] = [
  ['unauthorized', /rejected your API key/, 'Open settings'],
  ['forbidden', /not allowed to do this/, null],
  ['not_found', /no longer exists/, null],
  ['invalid_input', /did not accept/, null],
  ['rate_limited', /Too many requests/, 'Retry'],
  ['server', /service had a problem/, 'Retry'],
  ['network', /Could not reach the service/, 'Retry'],
  ['timeout', /took too long/, 'Retry'],
  ['permission', /no permission to reach the service/, 'Open settings'],
  ['unexpected', /does not understand/, 'Retry'],
];

// A create that got no refusal (4xx) may have made the report: never Retry there (popup-create.test.tsx).
const MAY_HAVE_CREATED: ApiErrorKind[] = ['server', 'network', 'timeout', 'unexpected'];

describe('popup: errors when creating', () => {
  it.each(classes)('%s: says what happened and offers its action', async (kind, message, listed) => {
    const action = MAY_HAVE_CREATED.includes(kind) ? null : listed;
    // As the client says it: a create that may have happened is not safe to send again.
    const error = apiError(kind, MAY_HAVE_CREATED.includes(kind) ? { retrySafe: false } : {});
    openPopup({ 'reports.create': () => failed(error) });
    fireEvent.click(await screen.findByRole('button', { name: 'Create report' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/Could not create the report/);
    expect(alert.textContent).toMatch(message);
    const buttons = within(alert)
      .queryAllByRole('button')
      .map((button) => button.textContent);
    expect(buttons).toEqual(action ? [action] : []);
  });

  it('Retry sends the request again (after a refusal: here a 429 with no wait)', async () => {
    const answers = [failed(apiError('rate_limited', { status: 429 })), ok(makeReport({ result: 'bad' }))];
    openPopup({ 'reports.create': () => answers.shift()! });
    fireEvent.click(await screen.findByRole('button', { name: 'Create report' }));
    fireEvent.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Retry' }));
    expect(within(await screen.findByRole('article')).getByText('Bad')).toBeTruthy();
    expect(sent('reports.create')).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('Open settings opens the options page on Settings', async () => {
    const { createTab } = openPopup({
      'reports.create': () => failed(apiError('unauthorized', { status: 401 })),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Create report' }));
    fireEvent.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Open settings' }));
    await waitFor(() => expect(createTab).toHaveBeenCalledWith({ url: `${OPTIONS_PAGE}#/settings` }));
  });

  it('a rate limit says at what time to try again, and offers Retry only after that', async () => {
    // Half a second before a full minute: the wait ends at 14:05:30 (shown rounded up to the second).
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date(2025, 4, 1, 14, 4, 59, 500) });
    openPopup({
      'reports.create': () => failed(apiError('rate_limited', { status: 429, retryAfterSeconds: 30 })),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Create report' }));
    const alert = await screen.findByRole('alert');
    const said = alert.textContent!.match(
      /Too many requests\. Try again after (14:05:30|2:05:30\sPM)\./,
    )?.[0];
    expect(said).toBeTruthy();
    expect(alert.textContent).not.toMatch(/seconds/);
    expect(within(alert).queryByRole('button', { name: 'Retry' })).toBeNull();
    await vi.advanceTimersByTimeAsync(31_000);
    // Still true once the time has passed, unlike "in 30 seconds".
    expect(screen.getByRole('alert').textContent).toContain(said);
    expect(within(screen.getByRole('alert')).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('names the day when the wait ends on another one', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date(2025, 4, 1, 23, 59, 50) });
    openPopup({
      'reports.create': () => failed(apiError('rate_limited', { status: 429, retryAfterSeconds: 40 })),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Create report' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /Try again after Friday,? (00:00:30|12:00:30\sAM)\./,
    );
  });
});

describe('popup: errors when loading', () => {
  it.each(classes.filter(([kind]) => kind !== 'invalid_input'))(
    '%s: one banner for the page and the list, with its action',
    async (kind, message, action) => {
      openPopup({
        'popup.pageReport': () => failed(apiError(kind)),
        'popup.recentReports': () => failed(apiError(kind)),
      });
      const alert = await screen.findByRole('alert');
      await waitFor(() => expect(sent('popup.recentReports')).toHaveLength(1));
      expect(screen.getAllByRole('alert')).toHaveLength(1);
      expect(alert.textContent).toMatch(message);
      const buttons = within(alert)
        .queryAllByRole('button')
        .map((button) => button.textContent);
      expect(buttons).toEqual(action ? [action] : []);
      // The form stays usable.
      expect(screen.getByRole('button', { name: 'Create report' })).toBeTruthy();
    },
  );

  it('Retry loads again', async () => {
    const answers = [
      failed(apiError('network')),
      ok({ data: makeReport({ result: 'decent' }), fetchedAt: Date.now() }),
    ];
    openPopup({ 'popup.pageReport': () => answers.shift()! });
    fireEvent.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Decent')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a failing recent list alone gets its own banner', async () => {
    openPopup({ 'popup.recentReports': () => failed(apiError('server', { status: 500 })) });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/Could not load recent reports/);
  });

  it('a background that does not answer is an error too, not a blank popup', async () => {
    openPopup({
      'popup.snapshot': () =>
        failed(
          apiError('unexpected', {
            message: 'The extension’s background could not be reached. Reload the extension.',
          }),
        ),
    });
    expect((await screen.findAllByRole('alert'))[0]!.textContent).toMatch(/could not be reached/);
  });

  it('a failed Regenerate says so in the report', async () => {
    openPopup({
      'popup.pageReport': () => ok({ data: makeReport(), fetchedAt: Date.now() }),
      'reports.update': () => failed(apiError('forbidden', { status: 403 })),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Regenerate' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/Could not regenerate the report/);
    expect(screen.getByText('Good')).toBeTruthy();
  });
});
