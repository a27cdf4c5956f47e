// Several connections in Settings: one connection shows only "Add another connection"; two show
// the list with named actions; adding asks for the new origin in the click; refusals show next to fields.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { apiError } from '@/entrypoints/background/error-messages';
import { send } from '@/lib/messaging/send';
import { ConnectionsPanel } from '@/entrypoints/options/settings/ConnectionsPanel';
import { HeaderSwitcher } from '@/entrypoints/options/settings/HeaderSwitcher';
import { SettingsSection } from '@/entrypoints/options/settings/SettingsSection';

import { A, B, settingsWith as summary } from '../../connection-fixtures';

vi.mock('@/lib/messaging/send', () => ({ send: vi.fn() }));
const sendMock = vi.mocked(send);

let request: ReturnType<typeof vi.fn>;
let reload: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fakeBrowser.reset();
  sendMock.mockReset();
  sendMock.mockImplementation(async () => ({ ok: true, data: summary([A, B]) }) as never);
  request = vi.fn(async () => true);
  (browser.permissions as unknown as { request: unknown }).request = request;
  reload = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as never);
  sessionStorage.clear();
});

describe('with one connection', () => {
  it("Settings shows today's form and only a button to add another", async () => {
    sendMock.mockImplementation(async () => ({ ok: true, data: summary([A]) }) as never);
    render(<SettingsSection />);
    expect(await screen.findByRole('button', { name: 'Add another connection' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Connections' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Connection' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
  });
});

describe('adding a connection', () => {
  function fill(fields: Record<string, string>) {
    fireEvent.click(screen.getByRole('button', { name: 'Add another connection' }));
    for (const [label, value] of Object.entries(fields))
      fireEvent.input(screen.getByLabelText(label), { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: 'Add connection' }));
  }

  it('asks for the new origin in the click, then adds it and starts the page again', async () => {
    render(<ConnectionsPanel connections={[A]} />);
    fill({ Name: 'Client B', 'API base URL': 'https://b.example/api/v1', 'API key': 'key-of-b-2222' });
    expect(request).toHaveBeenCalledWith({ origins: ['https://b.example/*'] });
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(sendMock).toHaveBeenCalledWith('connections.add', {
      label: 'Client B',
      baseUrl: 'https://b.example',
      apiKey: 'key-of-b-2222',
      checkKey: true,
    });
  });

  it('asks for nothing when the address cannot be saved, and says why next to it', async () => {
    render(<ConnectionsPanel connections={[A]} />);
    fill({ 'API base URL': 'http://b.example', 'API key': 'key-of-b-2222' });
    expect(await screen.findByText(/https/)).toBeTruthy();
    expect(screen.getByLabelText('API base URL').getAttribute('aria-invalid')).toBe('true');
    expect(request).not.toHaveBeenCalled();
    expect(sendMock).not.toHaveBeenCalled();
  });

  it("shows the background's refusal next to its field", async () => {
    sendMock.mockImplementation(
      async () =>
        ({
          ok: false,
          error: apiError('invalid_input', { message: 'Too long', fieldErrors: { label: ['Too long'] } }),
        }) as never,
    );
    render(<ConnectionsPanel connections={[A]} />);
    fill({ Name: 'x', 'API base URL': 'https://b.example', 'API key': 'key-of-b-2222' });
    await waitFor(() => expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true'));
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('with two connections', () => {
  it('lists them with named actions; the active one has no "Make active"', () => {
    render(<ConnectionsPanel connections={[A, B]} />);
    expect(screen.getByRole('heading', { name: 'Connections' })).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Make Client A active' })).toBeNull();
    for (const name of ['Make Client B active', 'Rename Client A', 'Test Client B', 'Remove Client B'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
  });

  it('tests one connection by its id and says what it found', async () => {
    sendMock.mockImplementation(
      async () => ({ ok: true, data: { total: 3, count: 3, account: null } }) as never,
    );
    // An account other than the id: the page sends the account it was shown, not the id standing in.
    render(<ConnectionsPanel connections={[A, { ...B, account: 'b-account-2' }]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Test Client B' }));
    expect(await screen.findByText(/Connected: 3 reports/)).toBeTruthy();
    expect(sendMock).toHaveBeenCalledWith('settings.test', {
      connection: { id: 'b', account: 'b-account-2' },
    });
  });

  it('makes one active, and removes one after a confirmation', async () => {
    render(<ConnectionsPanel connections={[A, B]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Make Client B active' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(sendMock).toHaveBeenCalledWith('connections.switch', { id: 'b' });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Client B' }));
    expect(sendMock).not.toHaveBeenCalledWith('connections.remove', expect.anything());
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(sendMock).toHaveBeenCalledWith('connections.remove', { id: 'b' }));
  });

  it('says in the dialog why a connection could not be removed, with Retry; Cancel closes it', async () => {
    sendMock.mockImplementation((async (type: string) =>
      type === 'connections.remove'
        ? { ok: false, error: apiError('unexpected', { message: 'Storage could not be written.' }) }
        : { ok: true, data: summary([A, B]) }) as never);
    render(<ConnectionsPanel connections={[A, B]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Client B' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Client B?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Storage could not be written.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sendMock.mock.calls.filter(([type]) => type === 'connections.remove')).toHaveLength(1);
  });

  it('renames one, starting from its name; a refused name is said next to the field', async () => {
    render(<ConnectionsPanel connections={[A, B]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Rename Client B' }));
    expect((screen.getByLabelText('New name for Client B') as HTMLInputElement).value).toBe('Client B');
    sendMock.mockResolvedValueOnce({
      ok: false,
      error: apiError('invalid_input', { message: 'Bad', fieldErrors: { label: ['Too long'] } }),
    } as never);
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    await waitFor(() =>
      expect(screen.getByLabelText('New name for Client B').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(screen.getByText('Too long')).toBeTruthy();
    fireEvent.input(screen.getByLabelText('New name for Client B'), { target: { value: 'Shop' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    await waitFor(() =>
      expect(sendMock).toHaveBeenCalledWith('connections.rename', { id: 'b', label: 'Shop' }),
    );
  });
});

describe("the header's Connection select", () => {
  it('says why a switch was refused, keeps the page, and shows the active connection again', async () => {
    const refused = 'This connection no longer exists. Reload the page.';
    sendMock.mockImplementation(
      async (type) =>
        (type === 'settings.get'
          ? { ok: true, data: summary([A, B]) }
          : { ok: false, error: apiError('invalid_input', { message: refused }) }) as never,
    );
    render(<HeaderSwitcher />);
    const select = (await screen.findByRole('combobox', { name: 'Connection' })) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: 'b' } });
    expect((await screen.findByRole('alert')).textContent).toBe(refused);
    expect(sendMock).toHaveBeenCalledWith('connections.switch', { id: 'b' });
    expect(reload).not.toHaveBeenCalled();
    await waitFor(() => expect(select.disabled).toBe(false));
    expect(select.value).toBe('a');
  });
});
