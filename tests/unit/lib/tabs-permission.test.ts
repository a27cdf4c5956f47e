// The one owner of `tabs`: asked for in the click that turns a feature on, given back only when no
// feature relies on it any more, so turning the toolbar score off cannot silently stop the side panel.
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { browser } from 'wxt/browser';
import { panelFollowsTabsFlag, TABS_PERMISSION, tabsPermission as owner } from '@/lib/tabs-permission';
import { toolbarScoreItem } from '@/lib/settings/items';

/** What each feature's setting says now. */
const stored = async () => ({
  toolbarScore: await toolbarScoreItem.getValue(),
  sidePanel: await panelFollowsTabsFlag.getValue(),
});

function setUp(answer = true) {
  fakeBrowser.reset();
  let granted = false;
  const permissions = {
    request: vi.fn(() => Promise.resolve((granted = granted || answer))),
    remove: vi.fn(() => Promise.resolve(!(granted = false))),
    contains: vi.fn(() => Promise.resolve(granted)),
  };
  Object.assign(browser.permissions, permissions);
  return { permissions, granted: () => granted };
}

describe('tabs permission owner', () => {
  it('asks at once in the call (inside the click), then notes the feature', async () => {
    const { permissions } = setUp();
    const taking = owner.take('sidePanel');
    expect(permissions.request).toHaveBeenCalledWith(TABS_PERMISSION);
    expect(await taking).toBe(true);
    expect(await stored()).toEqual({ toolbarScore: false, sidePanel: true });
    expect(await owner.granted()).toBe(true);
  });

  it('refused: the feature is not noted', async () => {
    setUp(false);
    expect(await owner.take('toolbarScore')).toBe(false);
    expect(await toolbarScoreItem.getValue()).toBe(false);
  });

  it('a request that throws counts as refused', async () => {
    const { permissions } = setUp();
    permissions.request.mockImplementation(() => {
      throw new Error('not in a user gesture');
    });
    expect(await owner.take('sidePanel')).toBe(false);
  });

  it('a request refused for a permission held anyway counts as granted', async () => {
    const { permissions } = setUp();
    permissions.request.mockRejectedValue(new Error('tabs is not an optional permission'));
    permissions.contains.mockResolvedValue(true);
    expect(await owner.take('sidePanel')).toBe(true);
    expect(await panelFollowsTabsFlag.getValue()).toBe(true);
  });

  it('given back when the last feature relying on it lets go, not before', async () => {
    const { permissions, granted } = setUp();
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
    const { permissions } = setUp();
    await owner.take('sidePanel');
    await owner.take('toolbarScore');
    await owner.release('sidePanel');
    expect(permissions.remove).not.toHaveBeenCalled();
    expect(await owner.reliesOn('toolbarScore')).toBe(true);
    expect(await owner.reliesOn('sidePanel')).toBe(false);
  });

  it('asked for again after the browser took it back, no other feature relies on it any more', async () => {
    const { permissions } = setUp();
    await panelFollowsTabsFlag.setValue(true); // the panel followed tabs before the browser took `tabs` back
    const taking = owner.take('toolbarScore');
    // Whether it was held is read before the prompt.
    expect(permissions.contains.mock.invocationCallOrder[0]).toBeLessThan(
      permissions.request.mock.invocationCallOrder[0]!,
    );
    expect(await taking).toBe(true);
    expect(await stored()).toEqual({ toolbarScore: true, sidePanel: false });
  });

  it('asked for while held (or when that cannot be read), the other feature keeps relying on it', async () => {
    const { permissions } = setUp();
    await owner.take('sidePanel');
    await owner.take('toolbarScore');
    expect(await stored()).toEqual({ toolbarScore: true, sidePanel: true });

    await owner.release('toolbarScore');
    permissions.contains.mockRejectedValueOnce(new Error('unknown'));
    expect(await owner.take('toolbarScore')).toBe(true);
    expect(await panelFollowsTabsFlag.getValue()).toBe(true);
  });

  it('keeps it when another feature’s flag cannot be read (better kept than silently lost)', async () => {
    const { permissions } = setUp();
    await owner.take('sidePanel');
    vi.spyOn(browser.storage.local, 'get').mockRejectedValueOnce(new Error('storage'));
    await owner.release('sidePanel');
    expect(permissions.remove).not.toHaveBeenCalled();
  });

  it('shares the toolbar score’s setting with the options page and the background', async () => {
    setUp();
    await owner.take('toolbarScore');
    expect(await toolbarScoreItem.getValue()).toBe(true);
    await toolbarScoreItem.setValue(false);
    expect(await owner.reliesOn('toolbarScore')).toBe(false);
  });
});
