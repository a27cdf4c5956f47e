// "Open in side panel": the browser opens its panel only within the click, so the call is made in the
// click with the window read at start-up; the popup closes once the panel is open, and stays to say a refusal.
import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { sidePanelOpener } from '@/entrypoints/popup/popup-model';
import { pageModel } from '@/entrypoints/sidepanel/panel';
import { checkPage } from '@/lib/page-url';
import { openPopup, WINDOW_ID } from './render-popup';

vi.mock('@/lib/messaging/send', () => ({ send: vi.fn() }));

const button = () => screen.findByRole('button', { name: 'Open in side panel' });

describe('popup: open in side panel', () => {
  it('opens the panel of the tab’s window within the click, then closes the popup', async () => {
    const opened: Array<number | undefined> = [];
    const open = vi.fn((windowId: number | undefined) => {
      opened.push(windowId);
      return Promise.resolve();
    });
    const { closeWindow } = openPopup({}, undefined, undefined, { openSidePanel: open });
    fireEvent.click(await button());
    // Asked before the click's handler returned: nothing awaited that would lose the gesture.
    expect(opened).toEqual([WINDOW_ID]);
    await waitFor(() => expect(closeWindow).toHaveBeenCalledTimes(1));
  });

  it('says a refusal and keeps the popup', async () => {
    const open = vi.fn(() => Promise.reject(new Error('No user gesture')));
    const { closeWindow } = openPopup({}, undefined, undefined, { openSidePanel: open });
    fireEvent.click(await button());
    expect((await screen.findByRole('alert')).textContent).toBe('The side panel could not be opened.');
    expect(closeWindow).not.toHaveBeenCalled();
  });

  it('is not offered where the browser has no panel, nor in the panel itself', async () => {
    const { started } = openPopup({}, undefined, undefined, { openSidePanel: null });
    await started;
    await screen.findByRole('button', { name: 'Settings' });
    expect(screen.queryByRole('button', { name: 'Open in side panel' })).toBeNull();
    expect(pageModel(checkPage('https://example.com/')).canOpenSidePanel).toBe(false);
  });
});

describe('the browser’s panel', () => {
  it('Chrome: the side panel of the given window; none without a window', async () => {
    const open = vi.fn(async () => {});
    const opener = sidePanelOpener({ sidePanel: { open } })!;
    await opener(3);
    expect(open).toHaveBeenCalledWith({ windowId: 3 });
    await expect(opener(undefined)).rejects.toThrow();
  });

  it('Firefox: the sidebar; no opener where neither exists', async () => {
    const open = vi.fn(async () => {});
    await sidePanelOpener({ sidebarAction: { open } })!(undefined);
    expect(open).toHaveBeenCalledTimes(1);
    expect(sidePanelOpener({})).toBeNull();
  });
});
