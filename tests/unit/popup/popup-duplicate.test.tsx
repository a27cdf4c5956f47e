// A second report for a page is a deliberate act: the service makes a new one on every create, so where the
// page has a report (or may have one) the popup asks first, and while it is being looked up it waits.
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { apiError } from '@/entrypoints/background/error-messages';
import { createGuard } from '@/entrypoints/popup/popup-model';
import type { Result } from '@/lib/api/errors';
import type { Report, ReportSummary } from '@/lib/api/types';
import type { Cached } from '@/lib/messaging/protocol';
import { failed, makeReport, ok } from './fixtures';
import { deferred, openPopup, sent } from './render-popup';

vi.mock('@/lib/messaging/send', () => ({ send: vi.fn() }));

const report = makeReport({ id: 7, result: 'bad' });
const createButton = () => screen.getByRole('button', { name: 'Create report' });
const UNREACHABLE = apiError('network', { detail: 'TypeError: Failed to fetch' });

describe('createGuard', () => {
  const shown = (
    value: ReportSummary | null | undefined,
    state: 'loading' | 'fresh' | 'saved',
    error = false,
  ) => ({
    value,
    fetchedAt: null,
    state,
    error: error ? UNREACHABLE : null,
  });

  it.each([
    ['none: the service said no report', shown(null, 'fresh'), 'none'],
    ['pending: nothing known yet', shown(undefined, 'loading'), 'pending'],
    ['pending: a kept "none" being checked', shown(null, 'loading'), 'pending'],
    ['exists: a report shown', shown(report, 'fresh'), 'exists'],
    ['exists: a kept report, even when the lookup failed', shown(report, 'saved', true), 'exists'],
    ['unknown: the lookup failed', shown(undefined, 'saved', true), 'unknown'],
    ['unknown: the lookup failed after a kept "none"', shown(null, 'saved', true), 'unknown'],
  ] as const)('%s', (_name, value, expected) => {
    expect(createGuard(value)).toBe(expected);
  });
});

describe('popup: no accidental second report', () => {
  it('after a create, Create again asks first, Cancel first: Cancel makes nothing', async () => {
    openPopup({ 'reports.create': () => ok(makeReport({ id: 77, result: 'good' })) });
    fireEvent.click(await screen.findByRole('button', { name: 'Create report' }));
    await screen.findByRole('article', { name: 'Report for this page' });
    expect(sent('reports.create')).toHaveLength(1);

    fireEvent.click(createButton());
    const asked = await screen.findByRole('dialog', { name: 'This page already has a report' });
    expect(within(asked).getByText(/use Regenerate on its report instead/)).toBeTruthy();
    // First in the dialog, so the browser focuses Cancel (happy-dom does not: tests/e2e check it).
    expect(within(asked).getAllByRole('button')[0]!.textContent).toBe('Cancel');
    fireEvent.click(within(asked).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent('reports.create')).toHaveLength(1);

    // Asked for on purpose, a second one is made.
    fireEvent.click(createButton());
    fireEvent.click(await screen.findByRole('button', { name: 'Create another' }));
    await waitFor(() => expect(sent('reports.create')).toHaveLength(2));
  });

  it('a page with a report starts with focus on Regenerate, and its Create button is not the main one', async () => {
    openPopup({ 'popup.pageReport': () => ok({ data: report, fetchedAt: Date.now() }) });
    const card = await screen.findByRole('article', { name: 'Report for this page' });
    const regenerate = within(card).getByRole('button', { name: 'Regenerate' });
    await waitFor(() => expect(document.activeElement).toBe(regenerate));
    expect(regenerate.classList.contains('primary')).toBe(true);
    expect(createButton().classList.contains('primary')).toBe(false);
    fireEvent.click(createButton());
    expect(await screen.findByRole('dialog', { name: 'This page already has a report' })).toBeTruthy();
    expect(sent('reports.create')).toEqual([]);
  });

  it('one write at a time: while a Regenerate is pending, Create waits disabled and sends nothing', async () => {
    const regenerated = deferred<Result<Report>>();
    openPopup({
      'popup.pageReport': () => ok({ data: report, fetchedAt: Date.now() }),
      'reports.update': () => regenerated.promise,
    });
    const card = await screen.findByRole('article', { name: 'Report for this page' });
    fireEvent.click(within(card).getByRole('button', { name: 'Regenerate' }));
    expect((createButton() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(createButton().closest('form')!);
    expect(screen.queryByRole('dialog')).toBeNull();
    regenerated.resolve(ok(makeReport({ id: 7, result: null })));
    await waitFor(() => expect((createButton() as HTMLButtonElement).disabled).toBe(false));
    expect(sent('reports.create')).toEqual([]);
  });

  it('the lookup failed: creating says the page may have a report, and sends only on "Create it anyway"', async () => {
    openPopup({
      'popup.pageReport': () => failed(UNREACHABLE),
      'popup.recentReports': () => failed(UNREACHABLE),
      'reports.create': () => ok(makeReport({ id: 78 })),
    });
    await screen.findByText('Could not look up this page’s report:');
    fireEvent.click(createButton());
    const asked = await screen.findByRole('dialog', { name: 'This page may already have a report' });
    expect(within(asked).getByText(/could not look it up/)).toBeTruthy();
    expect(sent('reports.create')).toEqual([]);
    fireEvent.click(within(asked).getByRole('button', { name: 'Create it anyway' }));
    await waitFor(() => expect(sent('reports.create')).toHaveLength(1));
  });

  it('while the page is looked up, Create waits for the answer: none → one create', async () => {
    const lookup = deferred<Result<Cached<ReportSummary | null>>>();
    openPopup({
      'popup.pageReport': () => lookup.promise,
      'reports.create': () => ok(makeReport({ id: 79 })),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Create report' }));
    fireEvent.click(createButton());
    expect(await screen.findByText('Checking whether this page already has a report…')).toBeTruthy();
    expect(sent('reports.create')).toEqual([]);
    lookup.resolve(ok({ data: null, fetchedAt: Date.now() }));
    await waitFor(() => expect(sent('reports.create')).toHaveLength(1));
    await screen.findByRole('article', { name: 'Report for this page' });
    expect(sent('reports.create')).toHaveLength(1);
  });

  it('while the page is looked up, Create waits for the answer: a report → the question, nothing sent', async () => {
    const lookup = deferred<Result<Cached<ReportSummary | null>>>();
    openPopup({ 'popup.pageReport': () => lookup.promise });
    fireEvent.click(await screen.findByRole('button', { name: 'Create report' }));
    lookup.resolve(ok({ data: report, fetchedAt: Date.now() }));
    expect(await screen.findByRole('dialog', { name: 'This page already has a report' })).toBeTruthy();
    expect(sent('reports.create')).toEqual([]);
  });
});

describe('popup: an error said once, as a sentence', () => {
  it('a create failing as the lookup did shows one banner; the browser’s words wait behind "Technical details"', async () => {
    openPopup({
      'popup.pageReport': () => failed(UNREACHABLE),
      'popup.recentReports': () => failed(UNREACHABLE),
      'reports.create': () => failed(UNREACHABLE),
    });
    await screen.findByText('Could not look up this page’s report:');
    fireEvent.click(createButton());
    fireEvent.click(await screen.findByRole('button', { name: 'Create it anyway' }));
    await screen.findByText('Could not create the report:');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByText('Could not look up this page’s report:')).toBeNull();
    const alert = screen.getByRole('alert');
    expect(alert.textContent?.match(/Could not reach the service/g)).toHaveLength(1);
    const details = alert.querySelector('details')!;
    expect(details.open).toBe(false);
    expect(within(details).getByText('Technical details').tagName).toBe('SUMMARY');
    expect(within(details).getByText('TypeError: Failed to fetch')).toBeTruthy();
  });
});
