// The one owner of the optional `tabs` permission (reading tabs' addresses). Two features rely on it: the
// toolbar score (a setting, lib/toolbar-score.ts) and the side panel following the active tab. Each says
// in storage whether it relies on it; the permission is asked for in the click that turns a feature on
// and given back only when no feature relies on it any more, so turning the score off cannot silently
// stop the panel. The browser taking it back ends every feature's reliance: it turns the score off
// (entrypoints/background/toolbar-score.ts), and the panel, once it sees the loss, says so and forgets its
// flag; a feature asking for it again when it is not held forgets the others' flags too. So a grant for
// one feature never resumes another without that feature's own click.
// The panel's flag is read and written in storage.local directly, not through @wxt-dev/storage's items: the
// side panel imports this module, and the storage library (with its CommonJS lock) would add several KB.
// The toolbar score's setting is written only through its item (lib/toolbar-score.ts, with its version):
// the options page hands it in; the side panel only reads it, under the item's key.
import { browser } from './page-browser';
import { PANEL_FOLLOWS_TABS_KEY, TOOLBAR_SCORE_KEY } from './storage-keys';

export const TABS_PERMISSION: { permissions: ['tabs'] } = { permissions: ['tabs'] };

interface Flag {
  getValue(): Promise<boolean>;
  setValue(on: boolean): Promise<void>;
}

/** On only when it holds `true` (an item's fallback is false). */
const readFlag = async (key: string) => (await browser.storage.local.get(key))[key] === true;

/** The side panel follows the active tab (set in the panel's click, cleared by "Stop following"). */
export const panelFollowsTabsFlag: Flag = {
  getValue: () => readFlag(PANEL_FOLLOWS_TABS_KEY),
  setValue: (on) => browser.storage.local.set({ [PANEL_FOLLOWS_TABS_KEY]: on }),
};

/** The toolbar score's setting where its item is not loaded (the side panel): read only. */
const toolbarScoreReader: Flag = {
  getValue: () => readFlag(TOOLBAR_SCORE_KEY),
  setValue: () => Promise.reject(new Error('the toolbar score is written through its item')),
};

export type TabsFeature = 'toolbarScore' | 'sidePanel';

export interface TabsOwnerDeps {
  flags: Record<TabsFeature, Flag>;
  permissions: {
    request(permissions: typeof TABS_PERMISSION): Promise<boolean>;
    remove(permissions: typeof TABS_PERMISSION): Promise<boolean>;
    contains(permissions: typeof TABS_PERMISSION): Promise<boolean>;
  };
}

/**
 * A permissions call, made at once (the click's gesture holds); one that throws or rejects gives
 * `fallback`. Settings' access to a server asks the same way.
 */
export function settle(call: () => Promise<boolean>, fallback = false): Promise<boolean> {
  try {
    return call().catch(() => fallback);
  } catch {
    return Promise.resolve(fallback);
  }
}

export type TabsOwner = ReturnType<typeof createTabsOwner>;

export function createTabsOwner(deps: TabsOwnerDeps) {
  /** Clears the other features' stale flags; one this page only reads (the score's, in the panel) stays. */
  async function forgetOthers(feature: TabsFeature): Promise<void> {
    const others = Object.entries(deps.flags).filter(([name]) => name !== feature);
    await Promise.all(others.map(([, flag]) => flag.setValue(false).catch(() => undefined)));
  }

  return {
    /** Whether the browser grants it now (whoever asked). */
    granted: () => settle(() => deps.permissions.contains(TABS_PERMISSION)),
    /** Whether `feature` relies on it (it may have been taken back since: see `granted`). */
    reliesOn: (feature: TabsFeature) => deps.flags[feature].getValue().catch(() => false),
    /**
     * Call from the click itself: asks before anything is awaited (a browser shows no prompt for a request
     * made later), then notes that `feature` relies on it. Resolves whether it was granted.
     */
    async take(feature: TabsFeature): Promise<boolean> {
      // Read before asking (unknown counts as held): not held means the browser took it back.
      const heldBefore = settle(() => deps.permissions.contains(TABS_PERMISSION), true);
      const asked = settle(() => deps.permissions.request(TABS_PERMISSION));
      // Held outright counts too: Firefox refuses a request for a permission the manifest grants (the
      // e2e builds declare `tabs` so, as no prompt can be answered headless).
      const granted = (await asked) || (await settle(() => deps.permissions.contains(TABS_PERMISSION)));
      if (!granted) return false;
      if (!(await heldBefore)) await forgetOthers(feature);
      await deps.flags[feature].setValue(true);
      return true;
    },
    /** The browser took it back: `feature` no longer relies on it until its own click asks again. */
    forget: (feature: TabsFeature) => deps.flags[feature].setValue(false).catch(() => undefined),
    /** `feature` no longer relies on it: given back when no other feature does. */
    async release(feature: TabsFeature): Promise<void> {
      await deps.flags[feature].setValue(false);
      const others = Object.entries(deps.flags).filter(([name]) => name !== feature);
      const used = await Promise.all(others.map(([, flag]) => flag.getValue().catch(() => true)));
      if (!used.some(Boolean)) await settle(() => deps.permissions.remove(TABS_PERMISSION));
    },
  };
}

/**
 * The extension's own: the stored flags and the browser's permissions API. A page that turns the toolbar
 * score on or off hands in its item (lib/toolbar-score.ts); without it the setting is only read.
 */
export function browserTabsOwner(toolbarScore: Flag = toolbarScoreReader): TabsOwner {
  return createTabsOwner({
    flags: { toolbarScore, sidePanel: panelFollowsTabsFlag },
    permissions: browser.permissions,
  });
}
