// The popup paints what the background's report store kept straight from storage.session, before the
// background's snapshot answers; the form waits for that answer (its privacy, a create already running).
// The store is written by the background's own writer over WXT's fake browser.
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { budgets } from '@/entrypoints/background/storage-budget';
import { createReportStore, recentView, storedReportName } from '@/lib/report-store';
import { ACTIVE_CONNECTION_KEY, FOLLOWED_KEY, STORE_KEY } from '@/lib/storage-keys';
import type { Cached, PopupSnapshot } from '@/lib/messaging/protocol';
import type { Result } from '@/lib/api/errors';
import type { ReportSummary } from '@/lib/api/types';
import { makeReport, ok } from './fixtures';
import { deferred, openPopup, PAGE_URL, sent } from './render-popup';

vi.mock('@/lib/messaging/send', () => ({ send: vi.fn() }));

const pageReport = makeReport({ id: 7, result: 'bad' });
const others = [makeReport({ id: 8, url: 'https://other.org/a', result: 'good' })];

/**
 * storage.session as the background left it when a popup had looked this page and the recent list up a
 * minute ago, connection 'a' active: the popup reads that connection's store.
 */
let cache: Record<string, unknown>;
beforeAll(async () => {
  fakeBrowser.reset();
  await fakeBrowser.storage.session.set({ [ACTIVE_CONNECTION_KEY]: 'a' });
  const store = createReportStore('a', budgets.session, () => Date.now() - 60_000);
  await store.pageFound(PAGE_URL, pageReport);
  await store.recentFound(recentView(), [pageReport, ...others]);
  cache = await fakeBrowser.storage.session.get(null);
});

const snapshotOf = (data: Partial<PopupSnapshot> = {}): Result<PopupSnapshot> =>
  ok({ configured: true, lastPrivacy: 0, create: null, ...data });

describe('popup: the kept reports painted before the background answers', () => {
  it('shows this page’s report and the recent list from storage.session while the snapshot is on its way', async () => {
    const snapshot = deferred<Result<PopupSnapshot>>();
    openPopup({ 'popup.snapshot': () => snapshot.promise }, PAGE_URL, cache);
    const card = await screen.findByRole('article', { name: 'Report for this page' });
    expect(within(card).getByText('Bad')).toBeTruthy();
    const recent = screen.getByRole('list', { name: 'Recent reports' });
    expect(within(recent).getAllByRole('listitem')).toHaveLength(2);
    // The form keeps its room but cannot be used until the background says how to start it.
    const form = document.querySelector('form.create-form')!;
    expect(form.classList.contains('create-form--waiting')).toBe(true);
    await waitFor(() => expect(sent('popup.snapshot')).toEqual([{ url: PAGE_URL }]));

    snapshot.resolve(snapshotOf({ lastPrivacy: 1 }));
    await waitFor(() => expect(form.classList.contains('create-form--waiting')).toBe(false));
    expect((screen.getByRole('combobox', { name: 'Privacy' }) as HTMLSelectElement).value).toBe('1');
    // The service says the page has no report now: Create is its action.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Create report' })),
    );
  });

  it('says "not set up" when the background says so, whatever the store held', async () => {
    openPopup({ 'popup.snapshot': () => snapshotOf({ configured: false }) }, PAGE_URL, cache);
    expect(await screen.findByText(/Add your API base URL and key/)).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Recent reports' })).toBeNull();
  });

  it.each([
    ['a catalog', { [`a:${STORE_KEY}`]: 'garbage' }],
    ['report copies', { [`a:${storedReportName('7')}`]: 'garbage', [`a:${storedReportName('8')}`]: [] }],
  ])('ignores %s it cannot read', async (_what, garbage) => {
    const snapshot = deferred<Result<PopupSnapshot>>();
    openPopup({ 'popup.snapshot': () => snapshot.promise }, PAGE_URL, { ...cache, ...garbage });
    await waitFor(() => expect(sent('popup.snapshot')).toHaveLength(1));
    expect(screen.queryByRole('article')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Recent reports' })).toBeNull();
    snapshot.resolve(snapshotOf());
    expect(await screen.findByRole('list', { name: 'Recent reports' })).toBeTruthy();
  });

  it('keeps a result the follower brought while the snapshot was on its way, not the older kept copy', async () => {
    const snapshot = deferred<Result<PopupSnapshot>>();
    const lookup = deferred<Result<Cached<ReportSummary | null>>>();
    openPopup(
      { 'popup.snapshot': () => snapshot.promise, 'popup.pageReport': () => lookup.promise },
      PAGE_URL,
      cache,
    );
    const card = await screen.findByRole('article', { name: 'Report for this page' });
    expect(within(card).getByText('Bad')).toBeTruthy();
    const scored = { ...pageReport, result: 'good' as const, score: 91 };
    await fakeBrowser.storage.session.set({
      [`a:${FOLLOWED_KEY}`]: { items: [{ id: 7, follow: 'scored', report: scored, endedAt: Date.now() }] },
    });
    await waitFor(() => expect(within(card).getByText('Good · 91')).toBeTruthy());

    snapshot.resolve(snapshotOf());
    await waitFor(() => expect(sent('popup.pageReport')).toHaveLength(1));
    expect(within(card).getByText('Good · 91')).toBeTruthy();
    expect(within(card).queryByText('Bad')).toBeNull();
    lookup.resolve(ok({ data: scored, fetchedAt: Date.now() }));
    await waitFor(() => expect(screen.getByRole('article').textContent).toContain('Good · 91'));
  });

  it('keeps "This site only", ticked before the snapshot answered, over the start-up’s kept list', async () => {
    const snapshot = deferred<Result<PopupSnapshot>>();
    const siteList = deferred<Result<Cached<ReportSummary[]>>>();
    openPopup(
      {
        'popup.snapshot': () => snapshot.promise,
        'popup.recentReports': () => siteList.promise,
        'popup.pageReport': () => ok({ data: pageReport, fetchedAt: Date.now() }),
      },
      PAGE_URL,
      cache,
    );
    const list = await screen.findByRole('list', { name: 'Recent reports' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    fireEvent.click(screen.getByRole('checkbox', { name: 'This site only' }));
    await waitFor(() => expect(sent('popup.recentReports')).toEqual([{ host: 'example.com' }]));

    snapshot.resolve(snapshotOf());
    await waitFor(() => expect(sent('popup.pageReport')).toHaveLength(1));
    expect(screen.queryByText(/other\.org/)).toBeNull();
    siteList.resolve(ok({ data: [pageReport], fetchedAt: Date.now() }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Recent reports' })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
    expect(sent('popup.recentReports')).toEqual([{ host: 'example.com' }]);
  });
});
