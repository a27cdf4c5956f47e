// The popup with phpRank's answers: a scored report with its issues, a create that outlives the popup,
// a report the service gave no score.
import { screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { followerGaveUpOn } from '../fake-follower';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { budgets } from '@/entrypoints/background/storage-budget';
import { createReportStore } from '@/lib/report-store';
import { apiError } from '@/entrypoints/background/error-messages';
import type { Result } from '@/lib/api/errors';
import type { Report } from '@/lib/api/types';
import { checksOf, failed, makeReport, ok } from './fixtures';

import { deferred, openPopup, PAGE_URL, sent } from './render-popup';

vi.mock('@/lib/messaging/send', () => ({ send: vi.fn() }));

const SCORED = makeReport({
  id: 4211,
  url: 'example.com/page',
  pageUrl: 'https://www.example.com/page',
  serviceUrl: 'https://reports.example/reports/4211',
  result: 'good',
  score: 86.4,
  checks: checksOf({
    counts: { high: 2, medium: 1, low: 1, passed: 30 },
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
      {
        key: 'dom_size',
        name: 'Too many page elements',
        category: 'performance',
        importance: 'low',
        detail: null,
      },
    ],
  }),
});

/** The background's snapshot of a page whose create is still running. */
function snapshotWith(create: { startedAt: number; error?: never }) {
  return () => ok({ configured: true, lastPrivacy: 0 as const, create });
}

describe('popup: phpRank’s scored report', () => {
  it('shows the band with the score, the issue counts and the three most important failures', async () => {
    openPopup({
      'popup.pageReport': () => ok({ data: SCORED, fetchedAt: Date.now() }),
    });
    const card = await screen.findByRole('article', { name: 'Report for this page' });
    expect(within(card).getByText('Good · 86')).toBeTruthy();
    expect(within(card).getByText('Issues: 2 high · 1 medium · 1 low · 30 passed')).toBeTruthy();
    const top = within(within(card).getByRole('list', { name: 'Most important issues' })).getAllByRole(
      'listitem',
    );
    // High first (in category order), then medium; the low one is left to the details page.
    expect(top.map((item) => item.textContent)).toEqual([
      'high Meta description missing',
      'high Page loads slowly — 2.8 s (limit 2 s)',
      'medium No favicon',
    ]);
    const link = within(card).getByRole('link', { name: 'Open on the service' });
    expect(link.getAttribute('href')).toBe('https://reports.example/reports/4211');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('says the service gave no score instead of "Generating…" forever (phpRank 1.1.0)', async () => {
    const noScore = makeReport({ result: null, score: null, generatedAt: '2026-11-20T09:14:03.000000Z' });
    openPopup({
      'popup.pageReport': () => ok({ data: noScore, fetchedAt: Date.now() }),
    });
    const card = await screen.findByRole('article', { name: 'Report for this page' });
    expect(within(card).getByText('No score')).toBeTruthy();
    expect(within(card).getByText('The service gave this report no score.')).toBeTruthy();
    expect(within(card).queryByText('Generating…')).toBeNull();
    expect(sent('reports.get')).toEqual([]);
  });

  it('says "No result yet" with Regenerate and the service’s link once the follower gave up on a report without dates', async () => {
    const undated = makeReport({ result: null, score: null, createdAt: null, updatedAt: null });
    const now = Date.now();
    const session = followerGaveUpOn(undated, now);
    openPopup(
      {
        'popup.pageReport': () => ok({ data: undated, fetchedAt: Date.now() }),
      },
      PAGE_URL,
      session,
    );
    const card = await screen.findByRole('article', { name: 'Report for this page' });
    await waitFor(() => expect(within(card).getByText('No result yet')).toBeTruthy());
    expect(
      within(card).getByText(
        'No result yet — the service has not finished this report. Regenerate it, or open it on the service.',
      ),
    ).toBeTruthy();
    expect(within(card).queryByText('Generating…')).toBeNull();
    expect((within(card).getByRole('button', { name: 'Regenerate' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    expect(within(card).getByRole('link', { name: 'Open on the service' })).toBeTruthy();
  });
  it('does not announce, on opening, a wait the follower gave up on before the popup opened', async () => {
    const undated = makeReport({ result: null, score: null, createdAt: null, updatedAt: null });
    const now = Date.now();
    fakeBrowser.reset();
    // The page's report kept as the popup paints it first, and the follower's job as it ended earlier.
    await createReportStore('', budgets.session, () => now).pageFound(PAGE_URL, undated);
    const session = {
      ...(await fakeBrowser.storage.session.get(null)),
      ...followerGaveUpOn(undated, now),
    };
    const answer = deferred<Result<{ data: Report; fetchedAt: number }>>();
    openPopup({ 'popup.pageReport': () => answer.promise }, PAGE_URL, session);
    const card = await screen.findByRole('article', { name: 'Report for this page' });
    await waitFor(() => expect(within(card).getByText('No result yet')).toBeTruthy());
    answer.resolve(ok({ data: undated, fetchedAt: Date.now() }));
    await waitFor(() => expect(sent('popup.pageReport')).toHaveLength(1));
    const spoken = document.querySelector('[aria-live="polite"][role="status"]');
    expect(spoken?.textContent).toBe('');
  });
});

describe('popup: a create that outlives the popup', () => {
  it('a reopened popup shows the running create with its elapsed time, then its report', async () => {
    const finished = deferred<Result<Report | null>>();
    openPopup({
      'popup.snapshot': snapshotWith({ startedAt: Date.now() - 12_000 }),
      'popup.awaitCreate': () => finished.promise,
    });
    await screen.findByText('Analysing the page…');
    // Seconds as Intl writes them in the test run's locale (en-US: "12s").
    const seconds = (12).toLocaleString(undefined, { style: 'unit', unit: 'second', unitDisplay: 'narrow' });
    expect(screen.getByText(seconds)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Create report' }) as HTMLButtonElement).disabled).toBe(true);
    expect(sent('popup.awaitCreate')).toEqual([{ url: PAGE_URL }]);
    // Nothing is sent twice: the running create is awaited, not repeated.
    expect(sent('reports.create')).toEqual([]);

    finished.resolve(ok(SCORED));
    const card = await screen.findByRole('article', { name: 'Report for this page' });
    expect(within(card).getByText('Good · 86')).toBeTruthy();
    expect(screen.queryByText('Analysing the page…')).toBeNull();
  });

  it('shows how a create failed while no popup was open, once', async () => {
    const error = apiError('invalid_input', {
      status: 422,
      message: 'The service could not fetch this page: Could not resolve host: nowhere.invalid',
      fieldErrors: { url: ['cURL error 6: Could not resolve host: nowhere.invalid'] },
    });
    openPopup({
      'popup.snapshot': () =>
        ok({
          configured: true,
          lastPrivacy: 0,
          create: { startedAt: 1, error },
        }),
      'popup.forgetCreate': () => ok(null),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The service could not fetch this page: Could not resolve host');
    expect(sent('popup.forgetCreate')).toEqual([{ url: PAGE_URL }]);
  });

  it('a create the background no longer runs (its worker stopped) makes the popup look the page up again', async () => {
    const lookups = vi.fn(() => ok({ data: null, fetchedAt: Date.now() }));
    openPopup({
      'popup.snapshot': snapshotWith({ startedAt: Date.now() - 5_000 }),
      'popup.awaitCreate': () => ok(null),
      'popup.pageReport': lookups,
    });
    await waitFor(() => expect(lookups).toHaveBeenCalledTimes(2));
    expect((screen.getByRole('button', { name: 'Create report' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('a failure seen in this popup is forgotten for the next one', async () => {
    openPopup({
      'reports.create': () => failed(apiError('server', { status: 500 })),
      'popup.forgetCreate': () => ok(null),
    });
    (await screen.findByRole('button', { name: 'Create report' })).click();
    await screen.findByRole('alert');
    expect(sent('popup.forgetCreate')).toEqual([{ url: PAGE_URL }]);
  });
});

describe('popup: regenerate a report deleted elsewhere', () => {
  it('says it is gone, and its card goes', async () => {
    openPopup({
      'popup.pageReport': () => ok({ data: SCORED, fetchedAt: Date.now() }),
      'reports.update': () =>
        failed(
          apiError('not_found', { status: 403, message: 'This report no longer exists on the service.' }),
        ),
    });
    const card = await screen.findByRole('article', { name: 'Report for this page' });
    within(card).getByRole('button', { name: 'Regenerate' }).click();
    await screen.findByText('This page has no report yet.');
    expect(screen.queryByRole('article', { name: 'Report for this page' })).toBeNull();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('This report no longer exists on the service.');
    expect(within(alert).queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});
