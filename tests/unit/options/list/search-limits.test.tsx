// A search too long for the address of a request is said next to the field and never sent.
import { fireEvent, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { callsOf, makePage, makeReport, ok } from '../fakes';
import { renderApp } from '../render-app';

vi.mock('@/lib/messaging/send', () => ({ send: vi.fn() }));

beforeEach(() => {
  fakeBrowser.reset();
});

afterEach(() => {
  vi.useRealTimers();
});

const TOO_LONG = /^This search is longer than 2,048 characters/;
/**
 * Past the typing pause (SEARCH_DELAY_MS) with every answer delivered, on the fake
 * clock (the test switches to it once the page is on show): a search not sent by then never will be.
 */
const afterThePause = () => vi.advanceTimersByTimeAsync(1000);

function open(hash = '#/reports') {
  return renderApp(hash, { 'reports.list': () => ok(makePage([makeReport(1)])) });
}

describe('the Reports search', () => {
  it('says a search longer than 2,048 characters cannot be sent, next to the field, and sends nothing', async () => {
    const { send } = open();
    await screen.findByRole('table', { name: 'Reports' });
    vi.useFakeTimers();
    const field = screen.getByLabelText('Search by URL');
    fireEvent.input(field, { target: { value: 'x'.repeat(2049) } });
    // In a live region, so it is announced as it appears.
    expect(screen.getByText(TOO_LONG).getAttribute('role')).toBe('status');
    await afterThePause();
    expect(callsOf(send, 'reports.list').map((query) => query.search)).toEqual([undefined]);
    expect(window.location.hash).not.toContain('xxx');

    // Shortened, it is sent and the sentence goes.
    fireEvent.input(field, { target: { value: 'x'.repeat(2048) } });
    await afterThePause();
    expect(callsOf(send, 'reports.list')).toHaveLength(2);
    expect(callsOf(send, 'reports.list')[1]?.search).toBe('x'.repeat(2048));
    expect(screen.queryByText(TOO_LONG)).toBeNull();
  });

  it('counts the room letters take once encoded in the address', async () => {
    const { send } = open();
    await screen.findByRole('table', { name: 'Reports' });
    vi.useFakeTimers();
    fireEvent.input(screen.getByLabelText('Search by URL'), { target: { value: '中'.repeat(700) } });
    expect(screen.getByText(/^This search is too long to send/)).toBeTruthy();
    await afterThePause();
    expect(callsOf(send, 'reports.list')).toHaveLength(1);
  });

  it('a link or bookmark with such a search shows it in the field, says why, and asks nothing', async () => {
    const { send } = open(`#/reports?search=${'y'.repeat(2100)}`);
    expect(await screen.findByText(TOO_LONG)).toBeTruthy();
    expect((screen.getByLabelText('Search by URL') as HTMLInputElement).value).toBe('y'.repeat(2100));
    vi.useFakeTimers();
    await afterThePause();
    expect(callsOf(send, 'reports.list')).toEqual([]);
  });
});

describe('the Projects search', () => {
  it('says a search too long to send next to its field, and sends nothing', async () => {
    const { send } = renderApp('#/projects', { 'projects.list': () => ok(makePage([])) });
    const field = await screen.findByLabelText('Search projects');
    vi.useFakeTimers();
    fireEvent.input(field, { target: { value: 'p'.repeat(2049) } });
    const problem = screen.getByText(TOO_LONG);
    expect(problem.getAttribute('role')).toBe('status');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(problem.id);
    await afterThePause();
    expect(callsOf(send, 'projects.list').every((query) => query.search === undefined)).toBe(true);
  });
});
