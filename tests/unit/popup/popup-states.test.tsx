import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { apiError } from '@/entrypoints/background/error-messages';
import type { Result } from '@/lib/api/errors';
import type { ReportSummary } from '@/lib/api/types';
import type { Cached } from '@/lib/messaging/protocol';
import { ago, failed, makeReport, ok } from './fixtures';
import { deferred, OPTIONS_PAGE, openPopup, PAGE_URL, sent, storedBy } from './render-popup';

vi.mock('@/lib/messaging/send', () => ({ send: vi.fn() }));

describe('popup: not set up', () => {
  it('shows one sentence and "Open settings", nothing else, and asks the service nothing', async () => {
    const { createTab, closeWindow, started } = openPopup({
      'popup.snapshot': () => ok({ configured: false, lastPrivacy: 0, create: null }),
    });
    const button = await screen.findByRole('button', { name: 'Open settings' });
    await started;
    expect(screen.getByText(/Add your API base URL and key in Settings/)).toBeTruthy();
    expect(screen.getAllByRole('button')).toHaveLength(1);
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(button));
    expect(sent('popup.pageReport')).toEqual([]);
    expect(sent('popup.recentReports')).toEqual([]);

    fireEvent.click(button);
    await waitFor(() => expect(closeWindow).toHaveBeenCalled());
    expect(createTab).toHaveBeenCalledWith({ url: `${OPTIONS_PAGE}#/settings` });
  });

  it('switches to it when the service says no key is set', async () => {
    openPopup({ 'popup.pageReport': () => failed(apiError('not_configured')) });
    expect(await screen.findByRole('button', { name: 'Open settings' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create report' })).toBeNull();
  });
});

describe('popup: a page that cannot be reported', () => {
  it.each([
    ['chrome://extensions/', /browser or of an extension/],
    ['about:newtab', /new tab/],
    ['file:///home/me/notes.html', /file on your computer/],
    ['view-source:https://example.com/', /source code/],
    ['https://chromewebstore.google.com/detail/abc', /add-on store/],
  ])('%s gets a plain explanation instead of the form', async (url, reason) => {
    const { started } = openPopup({}, url);
    expect(await screen.findByText(reason)).toBeTruthy();
    await started;
    expect(screen.queryByRole('button', { name: 'Create report' })).toBeNull();
    expect(screen.queryByLabelText('Privacy')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sent('popup.pageReport')).toEqual([]);
    expect(sent('popup.snapshot')).toEqual([{}]);
    // The recent reports stay useful there.
    expect(screen.getByRole('heading', { name: 'Recent reports' })).toBeTruthy();
    expect(screen.queryByLabelText('This site only')).toBeNull();
  });
});

describe('popup: the current page', () => {
  it('shows the URL shortened in the middle, in full on hover', async () => {
    const long = `https://example.com/${'very-long-segment/'.repeat(8)}end.html`;
    openPopup({}, long);
    const shown = await screen.findByTitle(long);
    expect(shown.textContent).toMatch(/^https:\/\/example\.com\/very.*….*end\.html$/);
    expect(shown.textContent!.length).toBeLessThan(long.length);
  });
});

describe('popup: this page’s report', () => {
  it('shows an existing report: result as text, privacy, dates, Regenerate and Details; creating another stays possible', async () => {
    const report = makeReport({ id: 31, result: 'decent', privacy: 1 });
    const { createTab, closeWindow } = openPopup({
      'popup.pageReport': () => ok({ data: report, fetchedAt: Date.now() }),
    });
    const card = await screen.findByRole('article', { name: 'Report for this page' });
    expect(within(card).getByText('Decent')).toBeTruthy();
    expect(within(card).getByText('Private')).toBeTruthy();
    expect([...card.querySelectorAll('time')].map((time) => time.getAttribute('datetime'))).toEqual([
      report.createdAt,
      report.generatedAt,
    ]);
    expect(screen.getByRole('button', { name: 'Create report' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Create another report' })).toBeTruthy();
    expect(sent('popup.pageReport')).toEqual([{ url: PAGE_URL }]);

    fireEvent.click(within(card).getByRole('button', { name: 'Details' }));
    await waitFor(() => expect(closeWindow).toHaveBeenCalled());
    expect(createTab).toHaveBeenCalledWith({ url: `${OPTIONS_PAGE}#/reports?details=31` });
  });

  it('says when the page has no report yet', async () => {
    openPopup();
    expect(await screen.findByText('This page has no report yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Regenerate' })).toBeNull();
  });

  it('paints the cached report at once, marks it as possibly stale, then shows the fresh one', async () => {
    const cached = makeReport({ result: 'bad' });
    const session = await storedBy((store) => store.pageFound(PAGE_URL, cached), Date.now() - 5 * 60_000);
    const fresh = deferred<Result<Cached<ReportSummary | null>>>();
    openPopup({ 'popup.pageReport': () => fresh.promise }, PAGE_URL, session);
    expect(await screen.findByText('Bad')).toBeTruthy();
    // The age from Intl.RelativeTimeFormat in the test run's locale (en-US: "5 min. ago").
    expect(screen.getByText(`Updated ${ago(5, 'minute')} · checking for changes…`)).toBeTruthy();
    expect(screen.queryByText(/Looking for a report/)).toBeNull();
    fresh.resolve(ok({ data: makeReport({ result: 'good' }), fetchedAt: Date.now() }));
    expect(await screen.findByText('Good')).toBeTruthy();
    expect(screen.queryByText(/^Updated /)).toBeNull();
  });

  it('keeps showing saved data when the refresh fails, and says so', async () => {
    const session = await storedBy(
      (store) => store.pageFound(PAGE_URL, makeReport({ result: 'bad' })),
      Date.now() - 3 * 3600_000,
    );
    openPopup({ 'popup.pageReport': () => failed(apiError('network')) }, PAGE_URL, session);
    expect(await screen.findByText(`Showing saved data (updated ${ago(3, 'hour')}).`)).toBeTruthy();
    expect(screen.getByText('Bad')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/Could not reach the service/);
  });

  it('without a cache, says it is looking (no spinner) until the answer comes', async () => {
    openPopup({ 'popup.pageReport': () => new Promise(() => {}) });
    expect(await screen.findByText('Looking for a report on this page…')).toBeTruthy();
  });
});

describe('popup: keyboard', () => {
  it('starts with focus on "Create report"; Escape closes the popup', async () => {
    const { closeWindow } = openPopup();
    const button = await screen.findByRole('button', { name: 'Create report' });
    await waitFor(() => expect(document.activeElement).toBe(button));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(closeWindow).toHaveBeenCalled();
  });

  it('gives every control an accessible name', async () => {
    openPopup({ 'popup.pageReport': () => ok({ data: makeReport(), fetchedAt: Date.now() }) });
    await screen.findByRole('article');
    fireEvent.change(screen.getByLabelText('Privacy'), { target: { value: '2' } });
    const controls = [...document.querySelectorAll('button, input, select')];
    // Queries by role with a non-empty name find only controls that have an accessible name.
    const named = [
      ...screen.getAllByRole('button', { name: /\S/ }),
      ...screen.getAllByRole('combobox', { name: /\S/ }),
      ...screen.getAllByRole('checkbox', { name: /\S/ }),
      screen.getByLabelText('Password'), // a password input has no role; its label names it
    ];
    expect(controls.length).toBeGreaterThan(6);
    expect(new Set(named)).toEqual(new Set(controls));
    expect(screen.getByRole('combobox', { name: 'Privacy' }).tagName).toBe('SELECT');
    expect(screen.getByRole('checkbox', { name: 'This site only' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show password' })).toBeTruthy();
  });
});
