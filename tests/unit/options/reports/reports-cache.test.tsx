// The Reports section opened again: the rows of the last visit for the same view show at once, said to
// be updating, then the service's answer replaces them. Through the whole page, on the real report store
// (storage.session), written by the background's own writer as the background writes a list's answer.
import { cleanup, screen, waitFor, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { budgets } from '@/entrypoints/background/storage-budget';
import { createReportStore, type ReportStore } from '@/lib/report-store';
import type { Result } from '@/lib/api/errors';
import { listView } from '@/lib/api/summary';
import type { Page, Report } from '@/lib/api/types';
import type { PageInput } from '@/lib/messaging/protocol';
import { ACTIVE_CONNECTION_KEY } from '@/lib/storage-keys';
import { deferred, fail, makePage, makeReport, ok } from '../fakes';
import { renderApp } from '../render-app';

vi.mock('@/lib/messaging/send', () => ({ send: vi.fn() }));

let store: ReportStore;
beforeEach(async () => {
  fakeBrowser.reset();
  await fakeBrowser.storage.session.set({ [ACTIVE_CONNECTION_KEY]: 'a' });
  store = createReportStore('a', budgets.session, () => Date.now());
});

const rowUrls = (table: HTMLElement) =>
  within(table)
    .queryAllByRole('rowheader')
    .map((cell) => cell.textContent);

type ListAnswer = (query: PageInput<'reports.list'>) => Promise<Result<Page<Report>>>;

/** The background's answer to a page's list: kept in the store under the page's query, then handed back. */
const keptAnswer =
  (page: Page<Report>): ListAnswer =>
  async (query) => {
    await store.listed(page, listView(query));
    return ok(page);
  };

async function visit(hash: string, answer: ListAnswer) {
  renderApp(hash, { 'reports.list': answer });
  return screen.findByRole('table', { name: 'Reports' });
}

describe('Reports from the last visit', () => {
  it('shows the kept rows at once, marked as updating, then the fresh ones', async () => {
    const first = await visit('#/reports', keptAnswer(makePage([makeReport(1), makeReport(2)])));
    await waitFor(() => expect(rowUrls(first)).toHaveLength(2));
    cleanup();

    const answer = deferred<Result<Page<Report>>>();
    const table = await visit('#/reports', () => answer.promise);
    await waitFor(() =>
      expect(rowUrls(table)).toEqual(['https://site.example/page-1', 'https://site.example/page-2']),
    );
    expect(screen.getByText('Updated just now · checking for changes…')).toBeTruthy();
    expect(table.getAttribute('aria-busy')).toBe('true');
    answer.resolve(ok(makePage([makeReport(3)])));
    await waitFor(() => expect(rowUrls(table)).toEqual(['https://site.example/page-3']));
    expect(screen.queryByText(/Updated just now/)).toBeNull();
    expect(table.getAttribute('aria-busy')).toBe('false');
  });

  it('says the kept rows are saved data, and from when, once the fresh list fails', async () => {
    const first = await visit('#/reports', keptAnswer(makePage([makeReport(1)])));
    await waitFor(() => expect(rowUrls(first)).toHaveLength(1));
    cleanup();

    const table = await visit('#/reports', async () => fail('network'));
    await screen.findByRole('alert');
    expect(rowUrls(table)).toEqual(['https://site.example/page-1']);
    expect(screen.getByText('Showing saved data (updated just now).')).toBeTruthy();
  });

  it('shows no kept rows for another filter: it waits for its own answer', async () => {
    await visit('#/reports', keptAnswer(makePage([makeReport(1)])));
    await waitFor(() => expect(screen.getAllByRole('rowheader')).toHaveLength(1));
    cleanup();

    // Every row address ever put on the page, so a kept row shown for a moment is seen.
    const shown = new Set<string>();
    const observer = new MutationObserver(() =>
      document.querySelectorAll('th[scope="row"]').forEach((cell) => shown.add(cell.textContent ?? '')),
    );
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    const answer = deferred<Result<Page<Report>>>();
    renderApp('#/reports?result=bad', { 'reports.list': () => answer.promise });
    expect(await screen.findByText('Loading reports…')).toBeTruthy();
    answer.resolve(ok(makePage([makeReport(7, { result: 'bad' })])));
    await waitFor(() => expect(screen.getAllByRole('rowheader')).toHaveLength(1));
    observer.disconnect();
    expect([...shown]).toEqual(['https://site.example/page-7']);
  });
});
