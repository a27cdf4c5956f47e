// The options page's header follows a switch made elsewhere (the popup, another tab) by starting again;
// Settings' own save of the first connection, or of the one it shows as another account, starts the page
// again on it, its status kept.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { send } from '@/lib/messaging/send';
import { HeaderSwitcher } from '@/entrypoints/options/settings/HeaderSwitcher';
import { ACTIVE_ACCOUNT_KEY, ACTIVE_CONNECTION_KEY } from '@/lib/storage-keys';
import type { ConnectionSummary } from '@/lib/messaging/protocol';
import { A, B, settingsWith } from '../../connection-fixtures';
import { fakeOriginPermissions } from './fake-permissions';

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

/** A page of its own opened on `before` (none: null), Settings in it; a save makes `after` active. */
async function openSettings(before: ConnectionSummary | null, after: ConnectionSummary) {
  vi.resetModules();
  fakeBrowser.reset();
  sessionStorage.clear();
  if (before) await active(before.id, before.account);
  const { HeaderSwitcher: Header } = await import('@/entrypoints/options/settings/HeaderSwitcher');
  const { SettingsSection } = await import('@/entrypoints/options/settings/SettingsSection');
  const { send: sendOfPage } = await import('@/lib/messaging/send');
  let current = settingsWith(before ? [before] : []);
  // The background: the saved connection becomes the active one, then the answer comes.
  vi.mocked(sendOfPage).mockImplementation((async (type: string) => {
    if (type !== 'settings.save') return { ok: true, data: current };
    await active(after.id, after.account);
    current = settingsWith([after]);
    return { ok: true, data: { ...current, keyCheck: { outcome: 'accepted', found: {} } } };
  }) as never);
  fakeOriginPermissions(true);
  const reload = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as never);
  render(
    <>
      <Header />
      <SettingsSection />
    </>,
  );
  const field = screen.getByLabelText('API base URL') as HTMLInputElement;
  await waitFor(() => expect(field.disabled).toBe(false));
  fireEvent.input(field, { target: { value: A.baseUrl } });
  fireEvent.input(screen.getByLabelText('API key'), { target: { value: 'key-of-another-1234' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  return { reload, SettingsSection };
}

const SAVED = 'Settings saved. The service accepted the key.';

describe.each([
  ['the first connection, on a page opened before any', null, A],
  ['the connection shown, with a key of another account', A, { ...A, account: 'a2' }],
])('Settings saving %s', (_, before, after) => {
  it('starts the page again on it, which says the save’s outcome', async () => {
    const { reload, SettingsSection } = await openSettings(before, after);
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    // The page back: Settings' status line says what the save found.
    cleanup();
    render(<SettingsSection />);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(SAVED));
  });
});

it('stays as it is when Settings saves the connection it shows as the same account', async () => {
  const { reload } = await openSettings(A, A);
  await waitFor(() => expect(screen.getByRole('status').textContent).toBe(SAVED));
  expect(reload).not.toHaveBeenCalled();
});
