// Settings' history group: on by default, how much is kept, "Clear history" through the background.
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { budgets } from '@/entrypoints/background/storage-budget';
import { HistorySetting } from '@/entrypoints/options/settings/HistorySetting';
import { createHistory } from '@/lib/history';
import { historyOnItem } from '@/lib/settings/items';
import { send } from '@/lib/messaging/send';
import { checksOf, makeReport } from '../../popup/fixtures';

vi.mock('@/lib/messaging/send', () => ({ send: vi.fn() }));
const sendMock = vi.mocked(send);

const analysed = (id: number, day: number) =>
  makeReport({
    id,
    score: 70,
    generatedAt: `2026-11-0${day}T10:00:00Z`,
    checks: checksOf({ counts: { high: 0, medium: 0, low: 0, passed: 20 }, failures: [] }),
  });

describe('the history setting', () => {
  beforeEach(async () => {
    fakeBrowser.reset();
    await fakeBrowser.storage.session.set({ activeConnection: 'a' });
    const history = createHistory(
      'a',
      budgets.local,
      () => 1,
      () => historyOnItem.getValue(),
    );
    await history.note([analysed(1, 1), analysed(2, 1)]);
    await history.note([analysed(1, 2)]);
    // The background's answer to "Clear history", over the same storage.
    sendMock.mockReset();
    sendMock.mockImplementation((async () => {
      await history.clear();
      return { ok: true, data: null };
    }) as never);
  });

  it('is on by default and says how much is kept; turning it off is kept', async () => {
    render(<HistorySetting />);
    const box = screen.getByRole('checkbox', { name: /Keep each report’s score and failed tests/ });
    await waitFor(() => expect((box as HTMLInputElement).disabled).toBe(false));
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(await screen.findByText(/Kept now: 3 analyses of 2 reports/)).toBeTruthy();
    fireEvent.click(box);
    await waitFor(async () => expect(await historyOnItem.getValue()).toBe(false));
  });

  it('“Clear history” removes it and says so', async () => {
    render(<HistorySetting />);
    await screen.findByText(/Kept now: 3 analyses/);
    fireEvent.click(screen.getByRole('button', { name: 'Clear history' }));
    expect(await screen.findByText('History cleared.')).toBeTruthy();
    expect(await screen.findByText('Nothing kept yet.')).toBeTruthy();
    expect(sendMock).toHaveBeenCalledWith('history.clear', {});
    expect((screen.getByRole('button', { name: 'Clear history' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
