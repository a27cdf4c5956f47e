// The details panel's "Score over time": the chart once a report has two analyses, a sentence with one,
// and the comparison of two analyses (the last two by default, any two chosen), read again after a
// regenerate brings a new analysis.
import { fireEvent, screen, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { makePage, makeReport, ok } from '../fakes';
import { renderApp } from '../render-app';
import { failure, seedHistory, snapshot } from './history-fixtures';

vi.mock('@/lib/messaging/send', () => ({ send: vi.fn() }));

beforeEach(() => {
  fakeBrowser.reset();
});

const NOV_3 = '2026-11-03T10:00:00Z';
const NOV_10 = '2026-11-10T10:00:00Z';
const NOV_17 = '2026-11-17T10:00:00Z';

const FIRST = snapshot(NOV_3, 60, [
  failure('title', 'high', 'Home'),
  failure('load_time', 'high', '3.1 s (limit 2 s)'),
  failure('favicon', 'medium'),
]);
const SECOND = snapshot(NOV_10, 72, [
  failure('load_time', 'high', '2.8 s (limit 2 s)'),
  failure('favicon', 'medium'),
  failure('headings', 'high'),
]);
const THIRD = snapshot(NOV_17, 81, [
  failure('favicon', 'medium'),
  failure('in_page_links', 'medium', '140 links'),
]);

const reportOn = (generatedAt: string, score: number) =>
  makeReport(7, { url: 'seven.example', result: score > 79 ? 'good' : 'decent', score, generatedAt });

function openDetails(report = reportOn(NOV_17, 81)) {
  return renderApp('#/reports?details=7', {
    'reports.list': () => ok(makePage([report])),
    'reports.get': () => ok(report),
  });
}

const panel = () => screen.findByRole('region', { name: 'Report details' });

/** The items under a heading of the comparison, as text. */
function listed(name: RegExp): string[] {
  const group = screen.getByRole('region', { name });
  return within(group)
    .queryAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

describe('the report’s score over time', () => {
  it('shows the chart and compares the last two analyses by default', async () => {
    await seedHistory({ '7': [FIRST, SECOND, THIRD] });
    openDetails();
    const details = await panel();
    expect(await within(details).findByRole('heading', { name: 'Score over time' })).toBeTruthy();
    const chart = within(details).getByRole('listbox', { name: 'Score over time' });
    expect(within(chart).getAllByRole('option')).toHaveLength(3);
    expect(within(details).getByRole('heading', { name: 'What changed' })).toBeTruthy();

    const earlier = within(details).getByRole('combobox', { name: 'Earlier analysis' }) as HTMLSelectElement;
    const later = within(details).getByRole('combobox', { name: 'Later analysis' }) as HTMLSelectElement;
    expect(earlier.selectedOptions[0]!.textContent).toBe('Nov 10, 2026 (score 72)');
    expect(later.selectedOptions[0]!.textContent).toBe('Nov 17, 2026 (score 81)');
    expect(within(details).getByText('Score: 72 → 81')).toBeTruthy();

    expect(listed(/^Fixed/)).toEqual([
      'high importance Load time has a problem — was 2.8 s (limit 2 s)',
      'high importance Headings have a problem',
    ]);
    expect(screen.getByRole('heading', { name: 'Fixed (2)' })).toBeTruthy();
    expect(listed(/^New failures/)).toEqual(['medium importance Links have a problem — 140 links']);
    expect(listed(/^Still failing/)).toEqual(['medium importance Favicon has a problem']);
  });

  it('compares another pair once chosen, and says the value before for a test still failing', async () => {
    await seedHistory({ '7': [FIRST, SECOND, THIRD] });
    openDetails();
    const details = await panel();
    const earlier = await within(details).findByRole('combobox', { name: 'Earlier analysis' });
    const later = within(details).getByRole('combobox', { name: 'Later analysis' });

    fireEvent.change(later, { target: { value: '1' } });
    fireEvent.change(earlier, { target: { value: '0' } });
    expect(within(details).getByText('Score: 60 → 72')).toBeTruthy();
    expect(listed(/^Fixed/)).toEqual(['high importance Title has a problem — was Home']);
    expect(listed(/^New failures/)).toEqual(['high importance Headings have a problem']);
    expect(listed(/^Still failing/)).toEqual([
      'high importance Load time has a problem — 2.8 s (limit 2 s) (was 3.1 s (limit 2 s))',
      'medium importance Favicon has a problem',
    ]);

    // The same analysis twice compares nothing.
    fireEvent.change(earlier, { target: { value: '1' } });
    expect(within(details).getByText('Choose two different analyses to compare.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /^Fixed/ })).toBeNull();
  });

  it('says the history starts with the one analysis seen, and shows nothing without a history', async () => {
    await seedHistory({ '7': [THIRD] });
    const { unmount } = openDetails();
    const details = await panel();
    expect(
      await within(details).findByText(
        'The history of this page starts with this analysis. The next one will show what changed.',
      ),
    ).toBeTruthy();
    expect(within(details).queryByRole('listbox', { name: 'Score over time' })).toBeNull();
    unmount();

    fakeBrowser.reset();
    openDetails();
    const empty = await panel();
    await within(empty).findByText('All fields');
    expect(within(empty).queryByRole('heading', { name: 'Score over time' })).toBeNull();
  });

  it('reads the history again when a regenerate brings a new analysis, back to the last two', async () => {
    await seedHistory({ '7': [FIRST, SECOND] });
    const regenerated = reportOn(NOV_17, 81);
    renderApp('#/reports?details=7', {
      'reports.list': () => ok(makePage([reportOn(NOV_10, 72)])),
      'reports.get': () => ok(reportOn(NOV_10, 72)),
      // The background keeps the new analysis before it answers.
      'reports.update': async () => {
        await seedHistory({ '7': [FIRST, SECOND, THIRD] });
        return ok(regenerated);
      },
    });
    const details = await panel();
    expect(await within(details).findByText('Score: 60 → 72')).toBeTruthy();
    fireEvent.click(within(details).getByRole('button', { name: 'Regenerate results' }));
    expect(await within(details).findByText('Score: 72 → 81')).toBeTruthy();
    const chart = within(details).getByRole('listbox', { name: 'Score over time' });
    expect(within(chart).getAllByRole('option')).toHaveLength(3);
    const later = within(details).getByRole('combobox', { name: 'Later analysis' }) as HTMLSelectElement;
    expect(later.selectedOptions[0]!.textContent).toBe('Nov 17, 2026 (score 81)');
    expect(listed(/^New failures/)).toEqual(['medium importance Links have a problem — 140 links']);
  });
});
