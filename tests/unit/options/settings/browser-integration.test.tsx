// Settings → In the browser, through what a person sees: the menu toggle, the privacy, notifications (the
// permission asked for in the click), the shortcuts and the way to the browser's shortcut page.
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { integrationPrefsItem, type IntegrationPrefs } from '@/lib/settings/items';
import { BrowserIntegration } from '@/entrypoints/options/settings/BrowserIntegration';
import { useTestLanguage } from '../../fake-i18n';

const commands = browser.commands as typeof browser.commands & { openShortcutSettings?: () => Promise<void> };

interface Setup {
  granted?: boolean;
  request?: boolean;
  stored?: Partial<IntegrationPrefs>;
  shortcutPage?: boolean;
}

async function setup({ granted = false, request = true, stored = {}, shortcutPage = true }: Setup = {}) {
  await integrationPrefsItem.setValue({ ...integrationPrefsItem.fallback, ...stored });
  const permissions = {
    contains: vi.fn(async () => granted),
    request: vi.fn(async () => request),
    remove: vi.fn(async () => true),
  };
  Object.assign(browser.permissions, permissions);
  commands.getAll = vi.fn(async () => [
    { name: '_execute_action', description: '', shortcut: 'Alt+Shift+R' },
    { name: 'create-report', description: 'Create a report for this page', shortcut: '' },
  ]);
  const openShortcutSettings = vi.fn(async () => undefined);
  if (shortcutPage) commands.openShortcutSettings = openShortcutSettings;
  const save = vi.spyOn(integrationPrefsItem, 'setValue');
  render(<BrowserIntegration />);
  return { permissions, openShortcutSettings, save, stored: () => integrationPrefsItem.getValue() };
}

beforeEach(() => {
  fakeBrowser.reset();
  vi.restoreAllMocks();
  delete commands.openShortcutSettings;
});

const checkbox = (name: RegExp) => screen.findByRole('checkbox', { name }) as Promise<HTMLInputElement>;

describe('Settings → In the browser', () => {
  it('turns the right-click menu off and on, stored at once', async () => {
    const { save, stored } = await setup();
    const menu = await checkbox(/right-click menu/);
    await waitFor(() => expect(menu.checked).toBe(true));
    fireEvent.click(menu);
    await waitFor(async () => expect((await stored()).menu).toBe(false));
    expect(menu.checked).toBe(false);
    fireEvent.click(menu);
    await waitFor(async () => expect((await stored()).menu).toBe(true));
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('chooses Public or Private for reports made from the menu or the shortcut; Password is the popup’s', async () => {
    const { stored } = await setup();
    const group = await screen.findByRole('group', { name: /Privacy of reports made from the menu/ });
    expect(group.textContent).toContain('create it from the popup');
    const priv = (await screen.findByRole('radio', { name: 'Private' })) as HTMLInputElement;
    await waitFor(() => expect(priv.disabled).toBe(false));
    fireEvent.click(priv);
    await waitFor(async () => expect((await stored()).privacy).toBe(1));
    expect(screen.queryByRole('radio', { name: 'Password' })).toBeNull();
  });

  it('asks for the notifications permission in the click that turns them on, and says that it will', async () => {
    const { permissions, stored } = await setup();
    const box = await checkbox(/Notify me/);
    await waitFor(() => expect(box.disabled).toBe(false));
    expect(screen.getByText(/asks for permission to show notifications/).id).toBe(
      box.getAttribute('aria-describedby'),
    );
    fireEvent.click(box);
    // Asked before anything was awaited: still inside the click.
    expect(permissions.request).toHaveBeenCalledTimes(1);
    await waitFor(async () => expect((await stored()).notifications).toBe(true));
    expect(box.checked).toBe(true);

    fireEvent.click(box);
    await waitFor(async () => expect((await stored()).notifications).toBe(false));
    await waitFor(() => expect(permissions.remove).toHaveBeenCalledTimes(1));
  });

  it('keeps notifications off when the browser refuses, and says where the outcome shows instead', async () => {
    const { stored } = await setup({ request: false });
    const box = await checkbox(/Notify me/);
    await waitFor(() => expect(box.disabled).toBe(false));
    fireEvent.click(box);
    expect(await screen.findByText(/Notifications were not allowed/)).toBeTruthy();
    expect(box.checked).toBe(false);
    expect((await stored()).notifications).toBe(false);
  });

  it('shows notifications as off when the setting is on but the permission was taken back', async () => {
    await setup({ granted: false, stored: { notifications: true } });
    const box = await checkbox(/Notify me/);
    await waitFor(() => expect(box.disabled).toBe(false));
    expect(box.checked).toBe(false);
  });

  it('lists the shortcuts and opens the browser’s shortcut page', async () => {
    const { openShortcutSettings } = await setup();
    const table = await screen.findByRole('table', { name: 'Keyboard shortcuts' });
    await waitFor(() => expect(table.textContent).toContain('Alt+Shift+R'));
    expect(screen.getByRole('rowheader', { name: 'Open Page Reports' })).toBeTruthy();
    expect(screen.getByRole('row', { name: /Create a report for this page\s*Not set/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Change shortcuts' }));
    expect(openShortcutSettings).toHaveBeenCalledTimes(1);
  });

  it('tells Firefox users where shortcuts are changed when no page can be opened for them', async () => {
    await setup({ shortcutPage: false });
    expect(
      await screen.findByText(/about:addons, click ⚙ and choose Manage Extension Shortcuts/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change shortcuts' })).toBeNull();
  });

  it('speaks German', async () => {
    useTestLanguage('de');
    await setup();
    expect(await screen.findByRole('heading', { name: 'Im Browser' })).toBeTruthy();
    expect(await screen.findByRole('checkbox', { name: /Kontextmenü/ })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Tastenkürzel ändern' })).toBeTruthy();
  });
});
