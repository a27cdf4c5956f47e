import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { apiError } from '@/entrypoints/background/error-messages';
import type { SettingsSummary } from '@/lib/messaging/protocol';
import { send } from '@/lib/messaging/send';
import { SettingsSection } from '@/entrypoints/options/settings/SettingsSection';

vi.mock('@/lib/messaging/send', () => ({ send: vi.fn() }));
const sendMock = vi.mocked(send);

const saved: SettingsSummary = {
  baseUrl: 'https://r.example',
  keySet: true,
  keyLastFour: 'wxyz',
  hostPermission: true,
};

const accepted = (total: number | null, account: unknown = null) => ({
  outcome: 'accepted',
  found: { total, count: 10, account },
});

function answer(type: string, data: unknown) {
  sendMock.mockImplementation(
    async (t) =>
      (t === type ? { ok: true, data } : { ok: true, data: { ...saved, keyCheck: accepted(137) } }) as never,
  );
}

/** Every message answers the saved settings; a save, what its key check found too. */
function saveFinds(keyCheck: unknown) {
  sendMock.mockImplementation(
    async (type) => ({ ok: true, data: type === 'settings.save' ? { ...saved, keyCheck } : saved }) as never,
  );
}

describe('SettingsSection', () => {
  let request: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    fakeBrowser.reset();
    sendMock.mockReset();
    request = vi.fn(async () => true);
    (browser.permissions as unknown as { request: unknown }).request = request;
  });

  it('shows the saved base URL and only the end of the key', async () => {
    answer('settings.get', saved);
    render(<SettingsSection />);
    expect(await screen.findByDisplayValue('https://r.example')).toBeTruthy();
    const key = screen.getByLabelText('API key') as HTMLInputElement;
    expect(key.type).toBe('password');
    expect(key.value).toBe('');
    expect(screen.getByText(/A key ending in wxyz is saved/)).toBeTruthy();
  });

  it('says plainly what leaves the browser, and when', async () => {
    answer('settings.get', saved);
    render(<SettingsSection />);
    const part = await screen.findByRole('region', { name: 'What leaves this browser' });
    const items = within(part)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      expect.stringMatching(
        /API key goes only to the API base URL saved with it: .* each key only to its own/,
      ),
      expect.stringMatching(
        /address of a page goes to the active connection’s service only when you open the Page Reports popup on the page or the side panel follows its tab .* or when you create a report for it \(from the popup, the side panel, the right-click menu or the shortcut\), and never with a user name, password or the part after “#”\. The toolbar score, when on, looks addresses up in this browser and sends none/,
      ),
      expect.stringMatching(/Nothing else about the pages you visit/),
    ]);
  });

  it('asks for the origin in the click itself, then saves the normalised settings', async () => {
    answer('settings.get', { ...saved, baseUrl: '', keySet: false, keyLastFour: null });
    render(<SettingsSection />);
    await waitFor(() => expect(sendMock).toHaveBeenCalledWith('settings.get', {}));
    fireEvent.input(screen.getByLabelText('API base URL'), {
      target: { value: 'https://r.example/api/v1/' },
    });
    fireEvent.input(screen.getByLabelText('API key'), { target: { value: ' key-1234 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // Synchronously, before anything was awaited: the prompt must stay tied to the click.
    expect(request).toHaveBeenCalledWith({ origins: ['https://r.example/*'] });
    expect(await screen.findByText('Settings saved. The service accepted the key.')).toBeTruthy();
    expect(sendMock).toHaveBeenCalledWith('settings.save', {
      connection: { id: '', account: '' },
      baseUrl: 'https://r.example',
      apiKey: 'key-1234',
      checkKey: true,
    });
  });

  it('refuses an http address next to the field and sends nothing', async () => {
    answer('settings.get', saved);
    render(<SettingsSection />);
    await screen.findByDisplayValue('https://r.example');
    fireEvent.input(screen.getByLabelText('API base URL'), { target: { value: 'http://r.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/must use https:\/\//)).toBeTruthy();
    expect(screen.getByLabelText('API base URL').getAttribute('aria-invalid')).toBe('true');
    expect(request).not.toHaveBeenCalled();
    expect(sendMock).not.toHaveBeenCalledWith('settings.save', expect.anything());
  });

  it('asks for a key when none is saved yet', async () => {
    answer('settings.get', { ...saved, keySet: false, keyLastFour: null });
    render(<SettingsSection />);
    await screen.findByDisplayValue('https://r.example');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Enter your API key/)).toBeTruthy();
    expect(request).not.toHaveBeenCalled();
  });

  it('asks for the key again before a saved key would go to another server', async () => {
    answer('settings.get', saved);
    render(<SettingsSection />);
    await screen.findByDisplayValue('https://r.example');
    fireEvent.input(screen.getByLabelText('API base URL'), { target: { value: 'https://r-example.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Enter the API key again/)).toBeTruthy();
    expect(request).not.toHaveBeenCalled();
    expect(sendMock).not.toHaveBeenCalledWith('settings.save', expect.anything());
  });

  it('keeps the fields closed until the saved settings arrive, so nothing typed is overwritten', async () => {
    let answerGet: (value: unknown) => void = () => {};
    sendMock.mockImplementation(
      (type) =>
        (type === 'settings.get'
          ? new Promise((resolve) => (answerGet = resolve))
          : Promise.resolve({ ok: true, data: saved })) as never,
    );
    render(<SettingsSection />);
    const field = screen.getByLabelText('API base URL') as HTMLInputElement;
    expect(field.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    answerGet({ ok: true, data: saved });
    await waitFor(() => expect(field.disabled).toBe(false));
    expect(field.value).toBe('https://r.example');
  });

  it('says the extension still works with CORS when access is refused', async () => {
    request.mockResolvedValue(false);
    answer('settings.get', saved);
    render(<SettingsSection />);
    await screen.findByDisplayValue('https://r.example');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/access to https:\/\/r.example was not granted.*CORS/)).toBeTruthy();
  });

  it('tests the connection and says how many reports it found', async () => {
    saveFinds(accepted(137));
    render(<SettingsSection />);
    await screen.findByDisplayValue('https://r.example');
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('Connected: 137 reports')).toBeTruthy();
  });

  it.each([
    [{ name: 'Ada Lovelace', plan: 'Pro' }, 137, 'Connected as Ada Lovelace (Pro) — 137 reports'],
    [{ name: 'Ada Lovelace', plan: null }, 1, 'Connected as Ada Lovelace — 1 report'],
    [{ name: null, plan: 'Pro' }, 137, 'Connected: 137 reports'],
    [null, 137, 'Connected: 137 reports'],
    [{ name: 'Ada', plan: 'Free' }, null, 'Connected as Ada (Free) — 10 reports on the first page'],
  ])('names the account when the service does: %j, %j → %s', async (account, total, text) => {
    saveFinds(accepted(total, account));
    render(<SettingsSection />);
    await screen.findByDisplayValue('https://r.example');
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it('says exactly what failed when the test fails', async () => {
    saveFinds({ outcome: 'rejected', error: apiError('unauthorized') });
    render(<SettingsSection />);
    await screen.findByDisplayValue('https://r.example');
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText(/rejected your API key/)).toBeTruthy();
  });

  it('offers "Save anyway" for a new key the service rejected, and saves it once pressed', async () => {
    sendMock.mockImplementation(async (type, payload) => {
      if (type === 'settings.save' && (payload as { checkKey?: boolean }).checkKey)
        return { ok: false, error: apiError('unauthorized', { status: 401 }) } as never;
      return { ok: true, data: saved } as never;
    });
    render(<SettingsSection />);
    await screen.findByDisplayValue('https://r.example');
    fireEvent.input(screen.getByLabelText('API key'), { target: { value: 'key-wrong-0000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const status = await screen.findByRole('status');
    await waitFor(() =>
      expect(status.textContent).toBe(
        'The service rejected this key (401), so it was not saved. Your saved key is still in use.',
      ),
    );
    // Save was disabled meanwhile: the focus goes to the question asked, then back to Save.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save anyway' })),
    );
    // The sentence that says why comes before the button that answers it.
    const anyway = screen.getByRole('button', { name: 'Save anyway' });
    expect(status.compareDocumentPosition(anyway) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(status.textContent).toBe('Settings saved.'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save' })));
    expect(sendMock).toHaveBeenLastCalledWith('settings.save', {
      connection: { id: '', account: '' },
      baseUrl: 'https://r.example',
      apiKey: 'key-wrong-0000',
    });
    expect(screen.queryByRole('button', { name: 'Save anyway' })).toBeNull();
  });
});
