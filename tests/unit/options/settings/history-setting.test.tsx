// Settings' history group: on by default, how much is kept, "Clear history" through the background.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { apiError } from '@/entrypoints/background/error-messages';
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

  it('“Clear history” asks first: Cancel sends nothing; confirmed, it removes it and says so', async () => {
    render(<HistorySetting />);
    await screen.findByText(/Kept now: 3 analyses/);
    fireEvent.click(screen.getByRole('button', { name: 'Clear history' }));
    const dialog = screen.getByRole('dialog', { name: 'Clear the history?' });
    expect(dialog.textContent).toContain('earlier scores cannot be brought back');
    // The first control, which the browser focuses: Cancel, as in every dialog that deletes.
    expect(within(dialog).getAllByRole('button')[0]!.textContent).toBe('Cancel');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sendMock).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Clear history' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Clear history' }));
    expect(await screen.findByText('History cleared.')).toBeTruthy();
    expect(await screen.findByText('Nothing kept yet.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sendMock).toHaveBeenCalledWith('history.clear', {});
    expect((screen.getByRole('button', { name: 'Clear history' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says in the dialog why the history could not be cleared', async () => {
    sendMock.mockImplementation((async () => ({
      ok: false,
      error: apiError('unexpected', { message: 'Storage could not be written.' }),
    })) as never);
    render(<HistorySetting />);
    await screen.findByText(/Kept now: 3 analyses/);
    fireEvent.click(screen.getByRole('button', { name: 'Clear history' }));
    const dialog = screen.getByRole('dialog', { name: 'Clear the history?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear history' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Could not clear the history: Storage could not be written.');
    expect(screen.getByText(/Kept now: 3 analyses/)).toBeTruthy();
  });
});
