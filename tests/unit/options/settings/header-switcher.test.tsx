// The options page's header follows a switch made elsewhere (the popup, another tab) by starting again;
// Settings' own save of the connection it shows leaves it as it is.
import { render, screen, waitFor } from '@testing-library/preact';
import { expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { send } from '@/lib/messaging/send';
import { HeaderSwitcher } from '@/entrypoints/options/settings/HeaderSwitcher';
import { ACTIVE_ACCOUNT_KEY, ACTIVE_CONNECTION_KEY } from '@/lib/storage-keys';
import { A, B, settingsWith } from '../../connection-fixtures';

vi.mock('@/lib/messaging/send', () => ({ send: vi.fn() }));

const active = (id: string, account: string) =>
  fakeBrowser.storage.session.set({ [ACTIVE_CONNECTION_KEY]: id, [ACTIVE_ACCOUNT_KEY]: account });

it('starts again on a switch made elsewhere, not when the connection it shows is saved again', async () => {
  vi.mocked(send).mockImplementation(async () => ({ ok: true, data: settingsWith([A, B]) }) as never);
  const reload = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as never);
  await active('a', 'a');
  render(<HeaderSwitcher />);
  await screen.findByRole('combobox', { name: 'Connection' });
  // Saved in Settings with another key: the same connection, as another account.
  await active('a', 'a2');
  await active('b', 'b');
  await waitFor(() => expect(reload).toHaveBeenCalled());
  expect(reload).toHaveBeenCalledTimes(1);
});

it('follows a switch made elsewhere on a page opened before any connection was saved', async () => {
  // A page of its own: the connection it shows is read once, when it first asks.
  vi.resetModules();
  fakeBrowser.reset();
  const { HeaderSwitcher: OpenedEmpty } = await import('@/entrypoints/options/settings/HeaderSwitcher');
  const { send: sendOfPage } = await import('@/lib/messaging/send');
  vi.mocked(sendOfPage).mockImplementation(async () => ({ ok: true, data: settingsWith([A, B]) }) as never);
  const reload = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as never);
  render(<OpenedEmpty />);
  await screen.findByRole('combobox', { name: 'Connection' });
  // The first connection saved, then a second one made active in another tab.
  await active('a', 'a');
  await active('b', 'b');
  await waitFor(() => expect(reload).toHaveBeenCalled());
  expect(reload).toHaveBeenCalledTimes(1);
});
