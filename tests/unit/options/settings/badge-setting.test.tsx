// Settings → "Show this page's score on the toolbar icon": off by default, the `tabs` permission asked
// for in the click that turns it on and given back when it is turned off, and plainly said what it does.
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { panelFollowsTabsFlag } from '@/lib/tabs-permission';
import { toolbarScoreItem } from '@/lib/settings/items';
import { BadgeSetting } from '@/entrypoints/options/settings/BadgeSetting';
import { useTestLanguage } from '../../fake-i18n';

const LABEL = 'Show this page’s score on the toolbar icon';

describe('BadgeSetting', () => {
  let granted: boolean;
  let permissions: {
    request: ReturnType<typeof vi.fn>;
    remove: ReturnType<typeof vi.fn>;
    contains: ReturnType<typeof vi.fn>;
  };

  beforeEach(() => {
    fakeBrowser.reset();
    granted = false;
    permissions = {
      request: vi.fn(async () => granted),
      remove: vi.fn(async () => true),
      contains: vi.fn(async () => granted),
    };
    Object.assign(browser.permissions, permissions);
  });

  async function checkbox(): Promise<HTMLInputElement> {
    const box = screen.getByRole('checkbox', { name: LABEL }) as HTMLInputElement;
    await waitFor(() => expect(box.disabled).toBe(false));
    return box;
  }

  it('is off by default and says what it fetches, how often, and which permission it asks for', async () => {
    render(<BadgeSetting />);
    const box = await checkbox();
    expect(box.checked).toBe(false);
    expect(screen.getByRole('group', { name: 'Toolbar icon' })).toBeTruthy();
    expect(screen.getByText(/reads up to 1,000 of your newest reports/).textContent).toMatch(
      /every 30 minutes.*create or delete a report.*no address is sent to the service/,
    );
    expect(screen.getByText(/permission to read the addresses of your tabs/)).toBeTruthy();
  });

  it('asks for the tabs permission in the click itself, then turns on', async () => {
    granted = true;
    permissions.contains.mockResolvedValue(false);
    render(<BadgeSetting />);
    const box = await checkbox();
    fireEvent.click(box);
    // Synchronously inside the click: a browser shows no prompt for a request made after an await.
    expect(permissions.request).toHaveBeenCalledWith({ permissions: ['tabs'] });
    await waitFor(() => expect(box.checked).toBe(true));
    expect(await toolbarScoreItem.getValue()).toBe(true);
  });

  it('stays off and says why when the permission is refused', async () => {
    render(<BadgeSetting />);
    const box = await checkbox();
    fireEvent.click(box);
    await screen.findByText(
      'The score is not shown: your browser did not allow Page Reports to read the addresses of your tabs.',
    );
    expect(box.checked).toBe(false);
    expect(await toolbarScoreItem.getValue()).toBe(false);
  });

  it('turned off, gives the permission back', async () => {
    granted = true;
    await toolbarScoreItem.setValue(true);
    render(<BadgeSetting />);
    const box = await checkbox();
    await waitFor(() => expect(box.checked).toBe(true));
    fireEvent.click(box);
    await waitFor(() => expect(box.checked).toBe(false));
    expect(await toolbarScoreItem.getValue()).toBe(false);
    await waitFor(() => expect(permissions.remove).toHaveBeenCalledWith({ permissions: ['tabs'] }));
    expect(permissions.request).not.toHaveBeenCalled();
  });

  it('turned off, keeps the permission while the side panel follows tabs', async () => {
    granted = true;
    await toolbarScoreItem.setValue(true);
    await panelFollowsTabsFlag.setValue(true);
    render(<BadgeSetting />);
    const box = await checkbox();
    await waitFor(() => expect(box.checked).toBe(true));
    fireEvent.click(box);
    await waitFor(() => expect(box.disabled).toBe(false));
    expect(box.checked).toBe(false);
    expect(await toolbarScoreItem.getValue()).toBe(false);
    expect(permissions.remove).not.toHaveBeenCalled();
  });

  it('shows off when the stored setting is on but the permission is gone, and follows the stored value', async () => {
    await toolbarScoreItem.setValue(true);
    render(<BadgeSetting />);
    const box = await checkbox();
    expect(box.checked).toBe(false);
    await toolbarScoreItem.setValue(true);
    await toolbarScoreItem.setValue(false);
    await waitFor(() => expect(box.checked).toBe(false));
  });

  it('speaks German', async () => {
    useTestLanguage('de');
    render(<BadgeSetting />);
    expect(
      screen.getByRole('checkbox', {
        name: 'Bewertung dieser Seite auf dem Symbol in der Symbolleiste anzeigen',
      }),
    ).toBeTruthy();
  });
});
