// The one owner of the optional `tabs` permission, which the toolbar score and the side panel's "Follow the
// active tab" rely on. Each says in its setting whether it relies on it; it is asked for in the click that
// turns a feature on and given back only when no feature relies on it. When the browser takes it back, every
// feature's reliance ends, so a grant for one feature never resumes another without its own click.
import { browser } from './page-browser';
import { PANEL_FOLLOWS_TABS_KEY, TOOLBAR_SCORE_KEY } from './storage-keys';

export const TABS_PERMISSION: { permissions: ['tabs'] } = { permissions: ['tabs'] };

export type TabsFeature = 'toolbarScore' | 'sidePanel';

/** A feature's setting in storage.local (the toolbar score's is toolbarScoreItem's too). */
const flag = (key: string) => ({
  getValue: async () => (await browser.storage.local.get(key))[key] === true,
  setValue: (on: boolean) => browser.storage.local.set({ [key]: on }),
});

export const panelFollowsTabsFlag = flag(PANEL_FOLLOWS_TABS_KEY);
const flags = { toolbarScore: flag(TOOLBAR_SCORE_KEY), sidePanel: panelFollowsTabsFlag };
const other = (feature: TabsFeature): TabsFeature => (feature === 'sidePanel' ? 'toolbarScore' : 'sidePanel');

/** A browser call, made at once (the click's gesture holds); one that throws or rejects gives `fallback`. */
export function settle<T = boolean>(call: () => Promise<T>, fallback = false as T): Promise<T> {
  try {
    return call().catch(() => fallback);
  } catch {
    return Promise.resolve(fallback);
  }
}

const held = (fallback?: boolean) => settle(() => browser.permissions.contains(TABS_PERMISSION), fallback);

/** The browser took it back: `feature` relies on it again only after its own click. */
const forget = (feature: TabsFeature) => flags[feature].setValue(false).catch(() => undefined);

export const tabsPermission = {
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
    if (!(await heldBefore)) await forget(other(feature));
    await flags[feature].setValue(true);
    return true;
  },
  forget,
  /** `feature` no longer relies on it: given back when no other feature does. */
  async release(feature: TabsFeature): Promise<void> {
    await flags[feature].setValue(false);
    const stillUsed = await flags[other(feature)].getValue().catch(() => true);
    if (!stillUsed) await settle(() => browser.permissions.remove(TABS_PERMISSION));
  },
};
