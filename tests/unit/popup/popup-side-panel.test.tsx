// "Open in side panel": the browser opens its panel only within the click, so the call is made in the
// click with the window read at start-up; the popup closes once the panel is open, and stays to say a refusal.
import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createPopupModel } from '@/entrypoints/popup/popup-model';
import { checkPage } from '@/lib/page-url';
import { openPopup, PAGE_URL, WINDOW_ID } from './render-popup';

vi.mock('@/lib/messaging/send', () => ({ send: vi.fn() }));

const button = () => screen.findByRole('button', { name: 'Open in side panel' });

/** The browser's panel APIs for one test: Chrome's `sidePanel`, Firefox's `sidebarAction`, or neither. */
function panelApis(apis: { sidePanel?: { open: unknown }; sidebarAction?: { open: unknown } }) {
  const browser = fakeBrowser as unknown as Record<string, object>;
  const sidebarAction = browser.sidebarAction!;
  Object.assign(browser, { sidePanel: {}, sidebarAction: {} }, apis);
  onTestFinished(() => {
    delete browser.sidePanel;
    browser.sidebarAction = sidebarAction;
  });
}

describe('popup: open in side panel', () => {
  it('Chrome: opens the panel of the tab’s window within the click, then closes the popup', async () => {
    const open = vi.fn(() => Promise.resolve());
    panelApis({ sidePanel: { open } });
    const { closeWindow } = openPopup();
    fireEvent.click(await button());
    // Asked before the click's handler returned: nothing awaited that would lose the gesture.
    expect(open).toHaveBeenCalledWith({ windowId: WINDOW_ID });
    await waitFor(() => expect(closeWindow).toHaveBeenCalledTimes(1));
  });

  it('says a refusal and keeps the popup', async () => {
    panelApis({ sidePanel: { open: vi.fn(() => Promise.reject(new Error('No user gesture'))) } });
    const { closeWindow } = openPopup();
    fireEvent.click(await button());
    expect((await screen.findByRole('alert')).textContent).toBe('The side panel could not be opened.');
    expect(closeWindow).not.toHaveBeenCalled();
  });

  it('Chrome: without the tab’s window, opens nothing and says so', async () => {
    const open = vi.fn(() => Promise.resolve());
    panelApis({ sidePanel: { open } });
    openPopup({}, PAGE_URL, undefined, null);
    fireEvent.click(await button());
    expect((await screen.findByRole('alert')).textContent).toBe('The side panel could not be opened.');
    expect(open).not.toHaveBeenCalled();
  });

  it('Firefox: opens the sidebar, then closes the popup', async () => {
    const open = vi.fn(() => Promise.resolve());
    panelApis({ sidebarAction: { open } });
    const { closeWindow } = openPopup();
    fireEvent.click(await button());
    expect(open).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(closeWindow).toHaveBeenCalledTimes(1));
  });

  it('is not offered where the browser has no panel, nor in the panel itself', async () => {
    panelApis({});
    const { started } = openPopup();
    await started;
    await screen.findByRole('button', { name: 'Settings' });
    expect(screen.queryByRole('button', { name: 'Open in side panel' })).toBeNull();
    panelApis({ sidePanel: { open: vi.fn() } });
    const inPanel = createPopupModel({ page: checkPage('https://example.com/'), freshForMs: 0 });
    expect(inPanel.canOpenSidePanel).toBe(false);
  });
});
