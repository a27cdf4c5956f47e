// The one owner of the optional `tabs` permission, which the toolbar score and the side panel's "Follow the
// active tab" rely on. Each says in storage whether it relies on it; it is asked for in the click that turns
// a feature on and given back only when no feature relies on it. When the browser takes it back, every
// feature's reliance ends, so a grant for one feature never resumes another without its own click.
// The toolbar score's flag is written only through its item (with its version), which the options page hands in.
import { browser } from './page-browser';
import { PANEL_FOLLOWS_TABS_KEY, TOOLBAR_SCORE_KEY } from './storage-keys';

export const TABS_PERMISSION: { permissions: ['tabs'] } = { permissions: ['tabs'] };

interface Flag {
  getValue(): Promise<boolean>;
  setValue(on: boolean): Promise<void>;
}

const readFlag = async (key: string) => (await browser.storage.local.get(key))[key] === true;

export const panelFollowsTabsFlag: Flag = {
  getValue: () => readFlag(PANEL_FOLLOWS_TABS_KEY),
  setValue: (on) => browser.storage.local.set({ [PANEL_FOLLOWS_TABS_KEY]: on }),
};

const toolbarScoreReader: Flag = {
  getValue: () => readFlag(TOOLBAR_SCORE_KEY),
  setValue: () => Promise.reject(new Error('the toolbar score is written through its item')),
};

export type TabsFeature = 'toolbarScore' | 'sidePanel';

/** A permissions call, made at once (the click's gesture holds); one that throws or rejects gives `fallback`. */
export function settle(call: () => Promise<boolean>, fallback = false): Promise<boolean> {
  try {
    return call().catch(() => fallback);
  } catch {
    return Promise.resolve(fallback);
  }
}

export type TabsOwner = ReturnType<typeof browserTabsOwner>;

/** A page that turns the toolbar score on or off hands in its item; without it the setting is only read. */
export function browserTabsOwner(toolbarScore: Flag = toolbarScoreReader, sidePanel = panelFollowsTabsFlag) {
  const flags: Record<TabsFeature, Flag> = { toolbarScore, sidePanel };
  const others = (feature: TabsFeature) =>
    Object.entries(flags).flatMap(([name, flag]) => (name === feature ? [] : [flag]));
  const held = (fallback?: boolean) => settle(() => browser.permissions.contains(TABS_PERMISSION), fallback);

  return {
    granted: () => held(),
    reliesOn: (feature: TabsFeature) => flags[feature].getValue().catch(() => false),
    /** Call from the click itself: a browser shows no prompt for a request made after an await. */
    async take(feature: TabsFeature): Promise<boolean> {
      // Read before asking (unknown counts as held).
      const heldBefore = held(true);
      const asked = settle(() => browser.permissions.request(TABS_PERMISSION));
      // Held outright counts too: Firefox refuses a request for a permission the manifest grants (e2e builds).
      const granted = (await asked) || (await held());
      if (!granted) return false;
      // Not held before: the browser took it back, which ended every other feature's reliance too.
      if (!(await heldBefore)) {
        await Promise.all(others(feature).map((flag) => flag.setValue(false).catch(() => undefined)));
      }
      await flags[feature].setValue(true);
      return true;
    },
    /** The browser took it back: `feature` relies on it again only after its own click. */
    forget: (feature: TabsFeature) => flags[feature].setValue(false).catch(() => undefined),
    /** `feature` no longer relies on it: given back when no other feature does. */
    async release(feature: TabsFeature): Promise<void> {
      await flags[feature].setValue(false);
      const used = await Promise.all(others(feature).map((flag) => flag.getValue().catch(() => true)));
      if (!used.some(Boolean)) await settle(() => browser.permissions.remove(TABS_PERMISSION));
    },
  };
}
