// Settings → In the browser, through what a person sees: the menu toggle, the privacy, notifications (the
// permission asked for in the click), the shortcuts and the way to the browser's shortcut page.
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { INTEGRATION_DEFAULTS, type IntegrationPrefs } from '@/lib/integration-prefs';
import { BrowserIntegration } from '@/entrypoints/options/settings/BrowserIntegration';
import {
  createBrowserIntegrationModel,
  type BrowserIntegrationDeps,
} from '@/entrypoints/options/settings/browser-integration-model';
import { useTestLanguage } from '../../fake-i18n';

function setup(overrides: Partial<BrowserIntegrationDeps> = {}, stored: Partial<IntegrationPrefs> = {}) {
  let prefs: IntegrationPrefs = { ...INTEGRATION_DEFAULTS, ...stored };
  const deps = {
    load: vi.fn(async () => prefs),
    save: vi.fn(async (change: Partial<IntegrationPrefs>) => (prefs = { ...prefs, ...change })),
    notificationsGranted: vi.fn(async () => false),
    requestNotifications: vi.fn(async () => true),
    releaseNotifications: vi.fn(async () => true),
    commands: vi.fn(async () => [
      { name: '_execute_action', description: '', shortcut: 'Alt+Shift+R' },
      { name: 'create-report', description: 'Create a report for this page', shortcut: '' },
    ]),
    openShortcutPage: vi.fn(async () => undefined) as BrowserIntegrationDeps['openShortcutPage'],
    ...overrides,
  };
  render(<BrowserIntegration model={createBrowserIntegrationModel(deps)} />);
  return { deps, stored: () => prefs };
}

const checkbox = (name: RegExp) => screen.findByRole('checkbox', { name }) as Promise<HTMLInputElement>;

describe('Settings → In the browser', () => {
  it('turns the right-click menu off and on, stored at once', async () => {
    const { deps, stored } = setup();
    const menu = await checkbox(/right-click menu/);
    await waitFor(() => expect(menu.checked).toBe(true));
    fireEvent.click(menu);
    await waitFor(() => expect(stored().menu).toBe(false));
    expect(menu.checked).toBe(false);
    fireEvent.click(menu);
    await waitFor(() => expect(stored().menu).toBe(true));
    expect(deps.save).toHaveBeenCalledTimes(2);
  });

  it('chooses Public or Private for reports made from the menu or the shortcut; Password is the popup’s', async () => {
    const { stored } = setup();
    const group = await screen.findByRole('group', { name: /Privacy of reports made from the menu/ });
    expect(group.textContent).toContain('create it from the popup');
    const priv = (await screen.findByRole('radio', { name: 'Private' })) as HTMLInputElement;
    await waitFor(() => expect(priv.disabled).toBe(false));
    fireEvent.click(priv);
    await waitFor(() => expect(stored().privacy).toBe(1));
    expect(screen.queryByRole('radio', { name: 'Password' })).toBeNull();
  });

  it('asks for the notifications permission in the click that turns them on, and says that it will', async () => {
    const { deps, stored } = setup();
    const box = await checkbox(/Notify me/);
    await waitFor(() => expect(box.disabled).toBe(false));
    expect(screen.getByText(/asks for permission to show notifications/).id).toBe(
      box.getAttribute('aria-describedby'),
    );
    fireEvent.click(box);
    // Asked before anything was awaited: still inside the click.
    expect(deps.requestNotifications).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(stored().notifications).toBe(true));
    expect(box.checked).toBe(true);

    fireEvent.click(box);
    await waitFor(() => expect(stored().notifications).toBe(false));
    expect(deps.releaseNotifications).toHaveBeenCalledTimes(1);
  });

  it('keeps notifications off when the browser refuses, and says where the outcome shows instead', async () => {
    const { stored } = setup({ requestNotifications: vi.fn(async () => false) });
    const box = await checkbox(/Notify me/);
    await waitFor(() => expect(box.disabled).toBe(false));
    fireEvent.click(box);
    expect(await screen.findByText(/Notifications were not allowed/)).toBeTruthy();
    expect(box.checked).toBe(false);
    expect(stored().notifications).toBe(false);
  });

  it('shows notifications as off when the setting is on but the permission was taken back', async () => {
    setup({ notificationsGranted: vi.fn(async () => false) }, { notifications: true });
    const box = await checkbox(/Notify me/);
    await waitFor(() => expect(box.disabled).toBe(false));
    expect(box.checked).toBe(false);
  });

  it('lists the shortcuts and opens the browser’s shortcut page', async () => {
    const { deps } = setup();
    const table = await screen.findByRole('table', { name: 'Keyboard shortcuts' });
    await waitFor(() => expect(table.textContent).toContain('Alt+Shift+R'));
    expect(screen.getByRole('rowheader', { name: 'Open Page Reports' })).toBeTruthy();
    expect(screen.getByRole('row', { name: /Create a report for this page\s*Not set/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Change shortcuts' }));
    expect(deps.openShortcutPage).toHaveBeenCalledTimes(1);
  });

  it('tells Firefox users where shortcuts are changed when no page can be opened for them', async () => {
    setup({ openShortcutPage: null });
    expect(
      await screen.findByText(/about:addons, click ⚙ and choose Manage Extension Shortcuts/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change shortcuts' })).toBeNull();
  });

  it('speaks German', async () => {
    useTestLanguage('de');
    setup();
    expect(await screen.findByRole('heading', { name: 'Im Browser' })).toBeTruthy();
    expect(await screen.findByRole('checkbox', { name: /Kontextmenü/ })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Tastenkürzel ändern' })).toBeTruthy();
  });
});
