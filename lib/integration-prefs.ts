// How Page Reports meets people outside its popup: the right-click menu, the privacy of reports made
// from it or the shortcut, and notifications. One storage item, defined once, read by the background and
// written by Settings directly: it holds no secret, only this extension's pages can write its storage,
// and both sides read it through sanitizeIntegrationPrefs, so a bad value is a default, never an error.
import { storage } from 'wxt/utils/storage';
import { INTEGRATION_PREFS_KEY } from './storage-keys';

export interface IntegrationPrefs {
  /** "Create report for this page / link" in the right-click menu. */
  menu: boolean;
  /** The privacy of reports made from the menu or the shortcut: Public (0) or Private (1), never Password. */
  privacy: 0 | 1;
  /** Say how such a report ended in a notification (needs the optional `notifications` permission). */
  notifications: boolean;
}

export const INTEGRATION_DEFAULTS: IntegrationPrefs = { menu: true, privacy: 0, notifications: false };

export const integrationPrefsItem = storage.defineItem<IntegrationPrefs>(`local:${INTEGRATION_PREFS_KEY}`, {
  fallback: INTEGRATION_DEFAULTS,
  version: 1,
});

/** Only known fields of the right type; anything else is its default. */
export function sanitizeIntegrationPrefs(raw: unknown): IntegrationPrefs {
  const value = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  return {
    menu: typeof value.menu === 'boolean' ? value.menu : INTEGRATION_DEFAULTS.menu,
    privacy: value.privacy === 0 || value.privacy === 1 ? value.privacy : INTEGRATION_DEFAULTS.privacy,
    notifications:
      typeof value.notifications === 'boolean' ? value.notifications : INTEGRATION_DEFAULTS.notifications,
  };
}

export async function loadIntegrationPrefs(item = integrationPrefsItem): Promise<IntegrationPrefs> {
  return sanitizeIntegrationPrefs(await item.getValue());
}

/** Changes some of them; the rest stay as stored. Returns what is stored now. */
export async function saveIntegrationPrefs(
  change: Partial<IntegrationPrefs>,
  item = integrationPrefsItem,
): Promise<IntegrationPrefs> {
  const next = sanitizeIntegrationPrefs({ ...(await loadIntegrationPrefs(item)), ...change });
  await item.setValue(next);
  return next;
}
