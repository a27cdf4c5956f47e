// The side panel follows the active tab of its own window: switches and navigations there, nothing else.
import { describe, expect, it, vi } from 'vitest';
import { followActiveTab, type TabsApi } from '@/entrypoints/sidepanel/tab-follower';

type Listener = (...args: never[]) => void;
function event<T extends Listener>() {
  const listeners = new Set<T>();
  return {
    addListener: (listener: T) => void listeners.add(listener),
    removeListener: (listener: T) => void listeners.delete(listener),
    fire: (...args: Parameters<T>) => listeners.forEach((listener) => listener(...args)),
    get size() {
      return listeners.size;
    },
  };
}

const WINDOW = 1;
const OTHER_WINDOW = 2;

function fakeTabs(tabs: Record<number, { url: string; windowId: number }>, active = 10, ownTabId?: number) {
  const onActivated = event<TabsApi['onActivated'] extends { addListener(l: infer L): void } ? L : never>();
  const onUpdated = event<TabsApi['onUpdated'] extends { addListener(l: infer L): void } ? L : never>();
  const api: TabsApi = {
    windowId: () => Promise.resolve(WINDOW),
    ownTabId: () => Promise.resolve(ownTabId),
    activeTab: () => Promise.resolve({ id: active, ...tabs[active] }),
    getTab: vi.fn((id: number) => Promise.resolve({ id, ...tabs[id] })),
    onActivated,
    onUpdated,
  };
  return { api, onActivated, onUpdated };
}

const tabs = {
  10: { url: 'https://a.example/', windowId: WINDOW },
  11: { url: 'https://b.example/', windowId: WINDOW },
  20: { url: 'https://elsewhere.example/', windowId: OTHER_WINDOW },
};

async function follow(fake: ReturnType<typeof fakeTabs>) {
  const pages: (string | undefined)[] = [];
  const stop = await followActiveTab(fake.api, (url) => pages.push(url));
  await vi.waitFor(() => expect(pages.length).toBeGreaterThan(0));
  return { pages, stop };
}

describe('side panel: following the active tab', () => {
  it('starts with the active tab of its window, then follows a switch to another tab', async () => {
    const fake = fakeTabs(tabs);
    const { pages } = await follow(fake);
    expect(pages).toEqual(['https://a.example/']);
    fake.onActivated.fire({ tabId: 11, windowId: WINDOW });
    await vi.waitFor(() => expect(pages).toEqual(['https://a.example/', 'https://b.example/']));
  });

  it('follows the active tab navigating, but not a tab in the background', async () => {
    const fake = fakeTabs(tabs);
    const { pages } = await follow(fake);
    fake.onUpdated.fire(11, { url: 'https://b.example/next' }, { id: 11, active: false, windowId: WINDOW });
    fake.onUpdated.fire(
      10,
      { url: 'https://a.example/next' },
      {
        id: 10,
        active: true,
        windowId: WINDOW,
        url: 'https://a.example/next',
      },
    );
    // A loading step without a new address says nothing.
    fake.onUpdated.fire(10, {}, { id: 10, active: true, windowId: WINDOW, url: 'https://a.example/next' });
    expect(pages).toEqual(['https://a.example/', 'https://a.example/next']);
  });

  it('ignores other windows (they have panels of their own) and its own tab', async () => {
    const fake = fakeTabs(tabs, 10, 12);
    const { pages } = await follow(fake);
    fake.onActivated.fire({ tabId: 20, windowId: OTHER_WINDOW });
    fake.onUpdated.fire(
      20,
      { url: 'https://elsewhere.example/x' },
      {
        id: 20,
        active: true,
        windowId: OTHER_WINDOW,
        url: 'https://elsewhere.example/x',
      },
    );
    fake.onActivated.fire({ tabId: 12, windowId: WINDOW });
    await Promise.resolve();
    expect(fake.api.getTab).not.toHaveBeenCalled();
    expect(pages).toEqual(['https://a.example/']);
  });

  it('shows the newest switch when tab reads answer out of order', async () => {
    const fake = fakeTabs(tabs);
    const { pages } = await follow(fake);
    let answerSlow!: () => void;
    let slowRead!: ReturnType<TabsApi['getTab']>;
    vi.mocked(fake.api.getTab).mockImplementationOnce(
      (id) =>
        (slowRead = new Promise(
          (resolve) => (answerSlow = () => resolve({ id, ...tabs[id as 11], windowId: WINDOW })),
        )),
    );
    fake.onActivated.fire({ tabId: 11, windowId: WINDOW });
    fake.onActivated.fire({ tabId: 10, windowId: WINDOW });
    await vi.waitFor(() => expect(pages).toEqual(['https://a.example/', 'https://a.example/']));
    answerSlow();
    // The follower's handler was attached to this read before the test's await: it has run once this resolves.
    await slowRead;
    expect(pages).toEqual(['https://a.example/', 'https://a.example/']);
  });

  it('stops listening when told', async () => {
    const fake = fakeTabs(tabs);
    const { pages, stop } = await follow(fake);
    stop();
    expect(fake.onActivated.size).toBe(0);
    expect(fake.onUpdated.size).toBe(0);
    fake.onActivated.fire({ tabId: 11, windowId: WINDOW });
    expect(pages).toEqual(['https://a.example/']);
  });
});
