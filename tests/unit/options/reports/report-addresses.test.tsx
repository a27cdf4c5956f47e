// Addresses on the options page as a person reads them (lib/readable-url): the table, the delete dialog
// and the details; links keep the raw address.
import { fireEvent, screen, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { makePage, makeReport, ok } from '../fakes';
import { renderApp } from '../render-app';

vi.mock('@/lib/messaging/send', () => ({ send: vi.fn() }));

beforeEach(() => {
  fakeBrowser.reset();
});

const RAW = 'https://example.org/caf%C3%A9?p=a%2Fb%20c';
const SHOWN = 'https://example.org/café?p=a%2Fb%20c';
const report = makeReport(7, { url: RAW });

describe('options: percent-encoded addresses', () => {
  it('shows them decoded in the table, the delete dialog and the details; links stay raw', async () => {
    renderApp('#/reports', {
      'reports.list': () => ok(makePage([report])),
      'reports.get': () => ok(report),
    });
    const table = await screen.findByRole('table', { name: 'Reports' });
    const link = await within(table).findByRole('link', { name: SHOWN });
    expect(link.getAttribute('href')).toBe(RAW);
    expect(within(table).queryByText(RAW)).toBeNull();

    fireEvent.click(within(table).getByRole('button', { name: `Delete report for ${SHOWN}` }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(SHOWN)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(within(table).getByRole('button', { name: 'Details' }));
    const details = await screen.findByRole('region', { name: 'Report details' });
    const detailsLink = (await within(details).findAllByRole('link', { name: SHOWN }))[0]!;
    expect(detailsLink.getAttribute('href')).toBe(RAW);
  });
});
