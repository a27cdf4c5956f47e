// The side panel follows the active tab of its own window: switches and navigations there, nothing else.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { followActiveTab } from '@/entrypoints/sidepanel/panel';

const WINDOW = 1;
const OTHER_WINDOW = 2;

const tabs: Record<number, { url: string; windowId: number }> = {
  10: { url: 'https://a.example/', windowId: WINDOW },
  11: { url: 'https://b.example/', windowId: WINDOW },
  20: { url: 'https://elsewhere.example/', windowId: OTHER_WINDOW },
};

/** The browser's tabs as the panel in WINDOW sees them: `active` shown, the panel itself in tab `ownTabId`. */
function fakeTabs(active = 10, ownTabId?: number) {
  vi.spyOn(fakeBrowser.tabs, 'getCurrent').mockResolvedValue(
    (ownTabId === undefined ? undefined : { id: ownTabId }) as never,
  );
  vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([
    { id: active, ...tabs[active] } as Browser.tabs.Tab,
  ]);
  return vi
    .spyOn(fakeBrowser.tabs, 'get')
    .mockImplementation((id) => Promise.resolve({ id, ...tabs[id] } as never));
}

const tab = (id: number, windowId: number, active: boolean, url: string) =>
  ({ id, active, windowId, url }) as Browser.tabs.Tab;

beforeEach(() => fakeBrowser.reset());

async function follow() {
  const pages: (string | undefined)[] = [];
  const stop = await followActiveTab((url) => pages.push(url));
  await vi.waitFor(() => expect(pages.length).toBeGreaterThan(0));
  return { pages, stop };
}

describe('side panel: following the active tab', () => {
  it('starts with the active tab of its window, then follows a switch to another tab', async () => {
    fakeTabs();
    const { pages } = await follow();
    expect(pages).toEqual(['https://a.example/']);
    await fakeBrowser.tabs.onActivated.trigger({ tabId: 11, windowId: WINDOW });
    await vi.waitFor(() => expect(pages).toEqual(['https://a.example/', 'https://b.example/']));
  });

  it('follows the active tab navigating, but not a tab in the background', async () => {
    fakeTabs();
    const { pages } = await follow();
    const { onUpdated } = fakeBrowser.tabs;
    await onUpdated.trigger(
      11,
      { url: 'https://b.example/next' },
      tab(11, WINDOW, false, 'https://b.example/next'),
    );
    await onUpdated.trigger(
      10,
      { url: 'https://a.example/next' },
      tab(10, WINDOW, true, 'https://a.example/next'),
    );
    // A loading step without a new address says nothing.
    await onUpdated.trigger(10, {}, tab(10, WINDOW, true, 'https://a.example/next'));
    expect(pages).toEqual(['https://a.example/', 'https://a.example/next']);
  });

  it('ignores other windows (they have panels of their own) and its own tab', async () => {
    const getTab = fakeTabs(10, 12);
    const { pages } = await follow();
    await fakeBrowser.tabs.onActivated.trigger({ tabId: 20, windowId: OTHER_WINDOW });
    await fakeBrowser.tabs.onUpdated.trigger(
      20,
      { url: 'https://elsewhere.example/x' },
      tab(20, OTHER_WINDOW, true, 'https://elsewhere.example/x'),
    );
    await fakeBrowser.tabs.onActivated.trigger({ tabId: 12, windowId: WINDOW });
    expect(getTab).not.toHaveBeenCalled();
    expect(pages).toEqual(['https://a.example/']);
  });

  it('shows the newest switch when tab reads answer out of order', async () => {
    const getTab = fakeTabs();
    const { pages } = await follow();
    let answerSlow!: () => void;
    let slowRead!: Promise<never>;
    getTab.mockImplementationOnce(
      (id) =>
        (slowRead = new Promise(
          (resolve) => (answerSlow = () => resolve(tab(id, WINDOW, true, 'https://b.example/') as never)),
        )),
    );
    await fakeBrowser.tabs.onActivated.trigger({ tabId: 11, windowId: WINDOW });
    await fakeBrowser.tabs.onActivated.trigger({ tabId: 10, windowId: WINDOW });
    await vi.waitFor(() => expect(pages).toEqual(['https://a.example/', 'https://a.example/']));
    answerSlow();
    // The follower's handler was attached to this read before the test's await: it has run once this resolves.
    await slowRead;
    expect(pages).toEqual(['https://a.example/', 'https://a.example/']);
  });

  it('stops listening when told', async () => {
    const getTab = fakeTabs();
    const { pages, stop } = await follow();
    stop();
    await fakeBrowser.tabs.onActivated.trigger({ tabId: 11, windowId: WINDOW });
    await fakeBrowser.tabs.onUpdated.trigger(
      10,
      { url: 'https://a.example/next' },
      tab(10, WINDOW, true, 'https://a.example/next'),
    );
    expect(getTab).not.toHaveBeenCalled();
    expect(pages).toEqual(['https://a.example/']);
  });
});
