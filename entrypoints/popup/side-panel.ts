// "Open in side panel": Chrome's side panel, Firefox's sidebar. Both open one only within the person's
// click (a user gesture), so the call is made in the click: nothing may be awaited before it.
import { browser } from '@/lib/page-browser';

/** Opens the panel beside window `windowId` (the window Chrome needs; Firefox opens the current one). */
export type SidePanelOpener = (windowId: number | undefined) => Promise<void>;

interface PanelApis {
  sidePanel?: { open?(options: { windowId: number }): Promise<void> };
  sidebarAction?: { open?(): Promise<void> };
}

/** How this browser opens the panel, or null where it has none to open. */
export function sidePanelOpener(apis = browser as unknown as PanelApis): SidePanelOpener | null {
  const { sidePanel, sidebarAction } = apis;
  if (sidebarAction?.open) return () => sidebarAction.open!();
  if (sidePanel?.open) {
    return (windowId) =>
      windowId === undefined ? Promise.reject(new Error('No window')) : sidePanel.open!({ windowId });
  }
  return null;
}
