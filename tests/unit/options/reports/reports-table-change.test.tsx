// The Reports table's change beside each score: from the history's index, read once for the rows on show
// (not once per row) and again when the rows change.
import { fireEvent, screen, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { makePage, makeReport, ok } from '../fakes';
import { renderApp } from '../render-app';
import { seedHistory, snapshot } from './history-fixtures';

vi.mock('@/lib/messaging/send', () => ({ send: vi.fn() }));

beforeEach(() => {
  fakeBrowser.reset();
});

const table = () => screen.findByRole('table', { name: 'Reports' });
const rowOf = (reports: HTMLElement, url: string) =>
  within(reports).getByRole('rowheader', { name: url }).closest('tr')!;

const NOV_3 = '2026-11-03T10:00:00Z';
const NOV_10 = '2026-11-10T10:00:00Z';
const NOV_17 = '2026-11-17T10:00:00Z';

const up = makeReport(3, { url: 'up.example', result: 'good', score: 81.2, generatedAt: NOV_10 });
const down = makeReport(2, { url: 'down.example', result: 'bad', score: 40, generatedAt: NOV_17 });
const single = makeReport(1, { url: 'single.example', result: 'decent', score: 60, generatedAt: NOV_10 });

describe('the change since the previous analysis', () => {
  it('shows ▲ and ▼ beside the score with the score it came from, said in words, and nothing for a report with one analysis', async () => {
    await seedHistory({
      '3': [snapshot(NOV_3, 72), snapshot(NOV_10, 81)],
      // The history does not hold the listed analysis yet: its newest one is the previous.
      '2': [snapshot(NOV_3, 50), snapshot(NOV_10, 44)],
      '1': [snapshot(NOV_10, 60)],
    });
    renderApp('#/reports', { 'reports.list': () => ok(makePage([up, down, single])) });
    const reports = await table();
    const rise = await within(rowOf(reports, 'up.example')).findByRole('img', {
      name: 'up 9 points from 72 at the previous analysis',
    });
    expect(rise.textContent).toBe('▲ 9 from 72');
    const fall = within(rowOf(reports, 'down.example')).getByRole('img', {
      name: 'down 4 points from 44 at the previous analysis',
    });
    expect(fall.textContent).toBe('▼ 4 from 44');
    expect(within(rowOf(reports, 'single.example')).queryByRole('img')).toBeNull();
  });

  it('reads the index, never a report’s whole history, and reads it again when the rows change', async () => {
    await seedHistory({ '3': [snapshot(NOV_3, 72), snapshot(NOV_10, 81)] });
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    renderApp('#/reports', { 'reports.list': () => ok(makePage([up, down, single])) });
    const reports = await table();
    await within(rowOf(reports, 'up.example')).findByRole('img', { name: /up 9 points/ });
    const historyKeysRead = get.mock.calls
      .flatMap(([keys]) => (Array.isArray(keys) ? keys : [keys]))
      .filter((key) => typeof key === 'string' && key.includes('history'));
    expect(historyKeysRead.length).toBeGreaterThan(0);
    expect(historyKeysRead.every((key) => key === 'a:historyIndex')).toBe(true);

    // The background learnt of an earlier analysis of report 1 meanwhile; the list is read again.
    await seedHistory({
      '3': [snapshot(NOV_3, 72), snapshot(NOV_10, 81)],
      '1': [snapshot(NOV_3, 50), snapshot(NOV_10, 60)],
    });
    expect(within(rowOf(reports, 'single.example')).queryByRole('img')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'URL' }));
    const rise = await within(rowOf(await table(), 'single.example')).findByRole('img', {
      name: 'up 10 points from 50 at the previous analysis',
    });
    expect(rise.textContent).toBe('▲ 10 from 50');
  });
});
