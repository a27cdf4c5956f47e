import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Report } from '@/lib/api/types';
import { ago, makeReport, ok } from './fixtures';
import { recentView } from '@/lib/report-store';
import { deferred, OPTIONS_PAGE, openPopup, PAGE_URL, sent, storedBy } from './render-popup';

vi.mock('@/lib/messaging/send', () => ({ send: vi.fn() }));

afterEach(() => {
  vi.useRealTimers();
});

const hour = 3600_000;
const newest: Report[] = [
  makeReport({
    id: 15,
    url: 'https://example.com/a',
    result: 'good',
    createdAt: new Date(Date.now() - 2 * hour).toISOString(),
  }),
  makeReport({
    id: 14,
    url: 'https://other.org/b',
    result: 'bad',
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  }),
  makeReport({ id: 13, url: 'https://example.com/c', result: null, createdAt: new Date().toISOString() }),
];

describe('popup: recent reports', () => {
  it('lists the newest with URL, result and age; each opens its details', async () => {
    const { createTab, closeWindow } = openPopup({
      'popup.recentReports': () => ok({ data: newest, fetchedAt: Date.now() }),
    });
    const list = await screen.findByRole('list', { name: 'Recent reports' });
    // The list is there from the start; its items come with the answer.
    const items = await within(list).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      // Ages from Intl in the test run's locale (en-US: "2 hr. ago").
      `example.com/aGood${ago(2, 'hour')}`,
      `other.org/bBad${ago(5, 'minute')}`,
      'example.com/cGenerating…just now',
    ]);
    expect(sent('popup.recentReports')).toEqual([{}]);

    fireEvent.click(within(items[1]!).getByRole('button'));
    await waitFor(() => expect(closeWindow).toHaveBeenCalled());
    expect(createTab).toHaveBeenCalledWith({ url: `${OPTIONS_PAGE}#/reports?details=14` });
  });

  it('"All reports" opens the options page’s list', async () => {
    const { createTab } = openPopup();
    fireEvent.click(await screen.findByRole('button', { name: 'All reports' }));
    await waitFor(() => expect(createTab).toHaveBeenCalledWith({ url: `${OPTIONS_PAGE}#/reports` }));
  });

  it('"This site only" narrows the list to the current host, cached copy first', async () => {
    const siteOnly = newest.filter((report) => report.url.startsWith('https://example.com'));
    // A popup a minute ago kept the site's list with its one report then.
    const session = await storedBy(
      (store) => store.recentFound(recentView('example.com'), siteOnly.slice(0, 1)),
      Date.now() - 60_000,
    );
    const siteAnswer = deferred<void>();
    openPopup(
      {
        'popup.recentReports': async ({ host }) => {
          if (host) await siteAnswer.promise;
          return ok({ data: host ? siteOnly : newest, fetchedAt: Date.now() });
        },
      },
      PAGE_URL,
      session,
    );
    const list = await screen.findByRole('list', { name: 'Recent reports' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));

    fireEvent.click(screen.getByRole('checkbox', { name: 'This site only' }));
    await waitFor(() => expect(sent('popup.recentReports')).toEqual([{}, { host: 'example.com' }]));
    // The kept copy of the site's list shows while the service is asked.
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Recent reports' }))
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([`example.com/aGood${ago(2, 'hour')}`]),
    );
    siteAnswer.resolve();
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Recent reports' })).getAllByRole('listitem'),
      ).toHaveLength(2),
    );
  });

  it('a quick second toggle wins over the first', async () => {
    const slowSiteList = deferred<void>();
    openPopup({
      'popup.recentReports': async ({ host }) => {
        if (host) await slowSiteList.promise;
        return ok({ data: host ? [] : newest, fetchedAt: Date.now() });
      },
    });
    const checkbox = await screen.findByRole('checkbox', { name: 'This site only' });
    await screen.findByRole('list', { name: 'Recent reports' });
    fireEvent.click(checkbox);
    await waitFor(() => expect(sent('popup.recentReports')).toHaveLength(2));
    fireEvent.click(checkbox);
    await waitFor(() => expect(sent('popup.recentReports')).toHaveLength(3));
    // The late answer for the site's list arrives; every timer run and every answer delivered (on the
    // fake clock, so no real time passes), the list must still be the one the second toggle asked for.
    vi.useFakeTimers();
    slowSiteList.resolve();
    await vi.advanceTimersByTimeAsync(1000);
    expect(
      within(screen.getByRole('list', { name: 'Recent reports' })).getAllByRole('listitem'),
    ).toHaveLength(3);
    expect(screen.queryByText('No reports for this site yet.')).toBeNull();
  });

  it('says when there are no reports yet, beside the list (which is still there, empty)', async () => {
    openPopup();
    const hint = await screen.findByText('No reports yet.');
    const list = screen.getByRole('list', { name: 'Recent reports' });
    expect(within(list).queryAllByRole('listitem')).toEqual([]);
    expect(list.contains(hint)).toBe(false);
  });

  it('keeps the list while it loads and when loading fails', async () => {
    const answer = deferred<void>();
    openPopup({
      'popup.recentReports': async () => {
        await answer.promise;
        return { ok: false, error: { kind: 'server', message: 'The service had a problem.' } };
      },
    });
    await screen.findByText('Loading recent reports…');
    expect(screen.getByRole('list', { name: 'Recent reports' })).toBeTruthy();
    answer.resolve();
    await screen.findByRole('alert');
    expect(screen.getByRole('list', { name: 'Recent reports' })).toBeTruthy();
  });
});
