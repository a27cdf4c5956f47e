// The address the popup works with: never `user:password@` nor the `#fragment`, and never one longer
// than the service accepts (said before any request).
import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { makeReport, ok } from './fixtures';
import { openPopup, sendMock, sent } from './render-popup';

vi.mock('@/lib/messaging/send', () => ({ send: vi.fn() }));

const TOO_LONG_SENTENCE =
  'This page’s address is longer than the 2,048 characters the service accepts, so it cannot be reported.';

describe('popup: the address of a page with credentials and a fragment', () => {
  const tabUrl = 'https://user:secret@example.com/article?id=7&lang=en#section';
  const shareable = 'https://example.com/article?id=7&lang=en';

  it('shows, looks up and creates the address without them; no message carries them', async () => {
    const { started } = openPopup(
      { 'reports.create': (input) => ok(makeReport({ id: 9, url: input.url })) },
      tabUrl,
    );
    const button = await screen.findByRole('button', { name: 'Create report' });
    await started;
    expect(screen.getByText(shareable)).toBeTruthy();
    expect(screen.queryByText(/secret|#section/)).toBeNull();
    fireEvent.click(button);
    await screen.findByRole('article', { name: 'Report for this page' });

    expect(sent('popup.snapshot')[0]).toEqual({ url: shareable });
    expect(sent('popup.pageReport')).toEqual([{ url: shareable }]);
    expect(sent('reports.create')).toEqual([{ url: shareable, privacy: 0 }]);
    const everything = JSON.stringify(sendMock.mock.calls);
    expect(everything).not.toContain('secret');
    expect(everything).not.toContain('user');
    expect(everything).not.toContain('#section');
  });

  it('keeps the query string: it is part of the page', async () => {
    const { started } = openPopup({}, 'https://example.com/list?page=2&sort=new');
    await started;
    expect(sent('popup.pageReport')).toEqual([{ url: 'https://example.com/list?page=2&sort=new' }]);
  });
});

describe('popup: an address longer than the service accepts', () => {
  const tooLong = `https://example.com/${'a'.repeat(2100)}`;

  it('says so instead of the form, and neither looks the page up nor offers a create', async () => {
    const { started } = openPopup({}, tooLong);
    expect(await screen.findByText(TOO_LONG_SENTENCE)).toBeTruthy();
    await started;
    expect(screen.queryByRole('button', { name: 'Create report' })).toBeNull();
    expect(sent('popup.pageReport')).toEqual([]);
    expect(sent('reports.create')).toEqual([]);
    expect(sent('popup.snapshot')).toEqual([{}]);
    // The recent reports stay useful: they do not carry this page's address.
    await waitFor(() => expect(sent('popup.recentReports')).toEqual([{}]));
  });

  it('counts what would be sent: a long fragment alone does not make an address too long', async () => {
    const { started } = openPopup({}, `https://example.com/short#${'f'.repeat(3000)}`);
    await screen.findByRole('button', { name: 'Create report' });
    await started;
    expect(screen.queryByText(TOO_LONG_SENTENCE)).toBeNull();
    expect(sent('popup.pageReport')).toEqual([{ url: 'https://example.com/short' }]);
  });
});

describe('popup: an address with tracking parameters', () => {
  const tabUrl = 'https://example.com/shoes?color=red&utm_source=news&gclid=abc';
  const clean = 'https://example.com/shoes?color=red';

  it('offers the clean address; taken, it is looked up and created, and the offer goes', async () => {
    const { started } = openPopup(
      {
        'popup.pageReport': () => ok({ data: null, fetchedAt: Date.now() }),
        'reports.create': (input) => ok(makeReport({ id: 9, url: input.url })),
      },
      tabUrl,
    );
    await started;
    expect(screen.getByText(/This address has tracking parameters \(utm_source, gclid\)/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use the address without them' }));
    await waitFor(() => expect(sent('popup.pageReport')).toEqual([{ url: tabUrl }, { url: clean }]));
    expect(screen.getByText(clean)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Use the address without them' })).toBeNull();
    await screen.findByText('This page has no report yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Create report' }));
    await waitFor(() => expect(sent('reports.create')).toEqual([{ url: clean, privacy: 0 }]));
  });

  it('a Create waiting on the lookup sends nothing once the clean address was taken meanwhile', async () => {
    let first = true;
    let answerFirst!: () => void;
    openPopup(
      {
        'popup.pageReport': () => {
          if (!first) return ok({ data: null, fetchedAt: Date.now() });
          first = false;
          return new Promise(
            (resolve) => (answerFirst = () => resolve(ok({ data: null, fetchedAt: Date.now() }))),
          );
        },
        'reports.create': (input) => ok(makeReport({ id: 9, url: input.url })),
      },
      tabUrl,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Create report' }));
    await screen.findByText('Checking whether this page already has a report…');
    fireEvent.click(screen.getByRole('button', { name: 'Use the address without them' }));
    await waitFor(() => expect(sent('popup.pageReport')).toEqual([{ url: tabUrl }, { url: clean }]));
    answerFirst();
    await screen.findByText('This page has no report yet.');
    await waitFor(() =>
      expect(screen.queryByText('Checking whether this page already has a report…')).toBeNull(),
    );
    expect(sent('reports.create')).toEqual([]);
  });

  it('offers the clean address only once a create sent is answered: its report is the tracked address’s', async () => {
    let answerCreate!: () => void;
    const { model, started } = openPopup(
      {
        'reports.create': (input) =>
          new Promise((resolve) => (answerCreate = () => resolve(ok(makeReport({ id: 9, url: input.url }))))),
      },
      tabUrl,
    );
    await started;
    fireEvent.click(screen.getByRole('button', { name: 'Create report' }));
    await screen.findByText('Analysing the page…');
    const offer = screen.getByRole('button', { name: 'Use the address without them' });
    expect((offer as HTMLButtonElement).disabled).toBe(true);
    await model.useCleanAddress();
    expect(screen.getByText(tabUrl)).toBeTruthy();
    answerCreate();
    await screen.findByRole('article', { name: 'Report for this page' });
    expect(screen.getByText(tabUrl)).toBeTruthy();
    expect(sent('popup.pageReport')).toEqual([{ url: tabUrl }]);
    expect((offer as HTMLButtonElement).disabled).toBe(false);
  });

  it('offers nothing for an address without them', async () => {
    const { started } = openPopup({}, 'https://example.com/search?q=utm_source');
    await started;
    expect(screen.queryByRole('button', { name: 'Use the address without them' })).toBeNull();
  });
});
