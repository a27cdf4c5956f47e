// The one owner of `tabs`: asked for in the click that turns a feature on, given back only when no
// feature relies on it any more, so turning the toolbar score off cannot silently stop the side panel.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { browser } from 'wxt/browser';
import {
  browserTabsOwner,
  panelFollowsTabsFlag,
  TABS_PERMISSION,
  type TabsFeature,
} from '@/lib/tabs-permission';
import { toolbarScoreItem } from '@/lib/settings/items';

function setUp(answer = true) {
  let granted = false;
  const stored: Record<TabsFeature, boolean> = { toolbarScore: false, sidePanel: false };
  const flag = (name: TabsFeature) => ({
    getValue: () => Promise.resolve(stored[name]),
    setValue: (on: boolean) => Promise.resolve(void (stored[name] = on)),
  });
  const permissions = {
    request: vi.fn(() => Promise.resolve((granted = granted || answer))),
    remove: vi.fn(() => Promise.resolve(!(granted = false))),
    contains: vi.fn(() => Promise.resolve(granted)),
  };
  Object.assign(browser.permissions, permissions);
  const owner = browserTabsOwner(flag('toolbarScore'), flag('sidePanel'));
  return { owner, permissions, stored, granted: () => granted };
}

describe('tabs permission owner', () => {
  it('asks at once in the call (inside the click), then notes the feature', async () => {
    const { owner, permissions, stored } = setUp();
    const taking = owner.take('sidePanel');
    expect(permissions.request).toHaveBeenCalledWith(TABS_PERMISSION);
    expect(await taking).toBe(true);
    expect(stored).toEqual({ toolbarScore: false, sidePanel: true });
    expect(await owner.granted()).toBe(true);
  });

  it('refused: the feature is not noted', async () => {
    const { owner, stored } = setUp(false);
    expect(await owner.take('toolbarScore')).toBe(false);
    expect(stored.toolbarScore).toBe(false);
  });

  it('a request that throws counts as refused', async () => {
    const { owner, permissions } = setUp();
    permissions.request.mockImplementation(() => {
      throw new Error('not in a user gesture');
    });
    expect(await owner.take('sidePanel')).toBe(false);
  });

  it('a request refused for a permission held anyway counts as granted', async () => {
    const { owner, permissions, stored } = setUp();
    permissions.request.mockRejectedValue(new Error('tabs is not an optional permission'));
    permissions.contains.mockResolvedValue(true);
    expect(await owner.take('sidePanel')).toBe(true);
    expect(stored.sidePanel).toBe(true);
  });

  it('given back when the last feature relying on it lets go, not before', async () => {
    const { owner, permissions, granted } = setUp();
    await owner.take('toolbarScore');
    await owner.take('sidePanel');
    await owner.release('toolbarScore');
    expect(permissions.remove).not.toHaveBeenCalled();
    expect(granted()).toBe(true);
    await owner.release('sidePanel');
    expect(permissions.remove).toHaveBeenCalledWith(TABS_PERMISSION);
    expect(granted()).toBe(false);
  });

  it('the other order too: the panel lets go while the toolbar score still relies on it', async () => {
    const { owner, permissions } = setUp();
    await owner.take('sidePanel');
    await owner.take('toolbarScore');
    await owner.release('sidePanel');
    expect(permissions.remove).not.toHaveBeenCalled();
    expect(await owner.reliesOn('toolbarScore')).toBe(true);
    expect(await owner.reliesOn('sidePanel')).toBe(false);
  });

  it('asked for again after the browser took it back, no other feature relies on it any more', async () => {
    const { owner, permissions, stored } = setUp();
    stored.sidePanel = true; // the panel followed tabs before the browser took `tabs` back
    const taking = owner.take('toolbarScore');
    // Whether it was held is read before the prompt.
    expect(permissions.contains.mock.invocationCallOrder[0]).toBeLessThan(
      permissions.request.mock.invocationCallOrder[0]!,
    );
    expect(await taking).toBe(true);
    expect(stored).toEqual({ toolbarScore: true, sidePanel: false });
  });

  it('asked for while held (or when that cannot be read), the other feature keeps relying on it', async () => {
    const { owner, permissions, stored } = setUp();
    await owner.take('sidePanel');
    await owner.take('toolbarScore');
    expect(stored).toEqual({ toolbarScore: true, sidePanel: true });

    await owner.release('toolbarScore');
    permissions.contains.mockRejectedValueOnce(new Error('unknown'));
    expect(await owner.take('toolbarScore')).toBe(true);
    expect(stored.sidePanel).toBe(true);
  });

  it('keeps it when another feature’s flag cannot be read (better kept than silently lost)', async () => {
    const permissions = { request: vi.fn(), remove: vi.fn(), contains: vi.fn() };
    Object.assign(browser.permissions, permissions);
    const owner = browserTabsOwner(
      { getValue: () => Promise.reject(new Error('storage')), setValue: async () => {} },
      { getValue: async () => true, setValue: async () => {} },
    );
    await owner.release('sidePanel');
    expect(permissions.remove).not.toHaveBeenCalled();
  });

  describe('the extension’s own flags', () => {
    beforeEach(() => fakeBrowser.reset());

    it('are the toolbar score setting and the panel’s stored flag', async () => {
      const remove = vi.fn(async () => true);
      Object.assign(browser.permissions, { request: vi.fn(async () => true), remove });
      // Written through the item (its key, its version and its migrations), never beside it.
      const written = vi.spyOn(toolbarScoreItem, 'setValue');
      const owner = browserTabsOwner(toolbarScoreItem);
      await owner.take('toolbarScore');
      expect(await toolbarScoreItem.getValue()).toBe(true);
      expect(written).toHaveBeenCalledWith(true);
      await owner.take('sidePanel');
      expect(await panelFollowsTabsFlag.getValue()).toBe(true);
      await owner.release('toolbarScore');
      expect(await toolbarScoreItem.getValue()).toBe(false);
      expect(remove).not.toHaveBeenCalled();
      await owner.release('sidePanel');
      expect(remove).toHaveBeenCalledWith(TABS_PERMISSION);
    });

    it('without the item (the side panel) read the setting the item wrote, and never write it', async () => {
      const remove = vi.fn(async () => true);
      Object.assign(browser.permissions, { request: vi.fn(async () => true), remove });
      await toolbarScoreItem.setValue(true);
      const panel = browserTabsOwner();
      expect(await panel.reliesOn('toolbarScore')).toBe(true);
      await panel.take('sidePanel');
      await panel.release('sidePanel');
      expect(remove).not.toHaveBeenCalled();
      await expect(panel.take('toolbarScore')).rejects.toThrow('written through its item');
      expect(await toolbarScoreItem.getValue()).toBe(true);
    });
  });
});
