// Addresses in the popup as a person reads them (lib/readable-url): the page's and the recent list's,
// decoded where that is safe; what is sent and linked stays the raw address.
import { screen, within } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { makeReport, ok } from './fixtures';
import { openPopup, sent } from './render-popup';

vi.mock('@/lib/messaging/send', () => ({ send: vi.fn() }));

const ENCODED = 'https://example.org/caf%C3%A9/%E6%97%A5%E6%9C%AC?q=a%2Fb';

describe('popup: percent-encoded addresses', () => {
  it('shows the page’s address decoded, keeps %2F, and sends the raw address', async () => {
    openPopup({ 'popup.pageReport': () => ok({ data: null, fetchedAt: Date.now() }) }, ENCODED);
    const shown = await screen.findByText('https://example.org/café/日本?q=a%2Fb');
    // The hover shows the exact address.
    expect(shown.getAttribute('title')).toBe(ENCODED);
    await vi.waitFor(() => expect(sent('popup.pageReport')).toEqual([{ url: ENCODED }]));
  });

  it('shows recent reports’ addresses decoded, and a bidi override escaped', async () => {
    const reports = [
      makeReport({ id: 2, url: 'https://example.org/%D0%BF%D1%80%D0%B8%D0%B2%D0%B5%D1%82' }),
      makeReport({ id: 1, url: 'https://example.org/%E2%80%AEgnp.exe' }),
    ];
    openPopup({ 'popup.recentReports': () => ok({ data: reports, fetchedAt: Date.now() }) });
    const list = await screen.findByRole('list', { name: 'Recent reports' });
    const items = await within(list).findAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.recent-url')?.textContent)).toEqual([
      'example.org/привет',
      'example.org/%E2%80%AEgnp.exe',
    ]);
  });
});
