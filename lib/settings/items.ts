// The person's on/off settings: plain storage items with nothing secret in them, written by the options
// page and read by the background (no message needed).
import { storage } from 'wxt/utils/storage';
import { PRIVACY } from '../api/types';
import { HISTORY_ON_KEY, INTEGRATION_PREFS_KEY, TOOLBAR_SCORE_KEY } from '../storage-keys';

/** "Keep each report's history". Turned off, no new analysis is kept; what was kept stays. */
export const historyOnItem = storage.defineItem<boolean>(`local:${HISTORY_ON_KEY}`, { fallback: true });

/** "Show this page's score on the toolbar icon": off until turned on (needs `tabs`, lib/tabs-permission.ts). */
export const toolbarScoreItem = storage.defineItem<boolean>(`local:${TOOLBAR_SCORE_KEY}`, {
  fallback: false,
});

export interface IntegrationPrefs {
  /** "Create report for this page / link" in the right-click menu. */
  menu: boolean;
  /** The privacy of reports made from the menu or the shortcut: never Password. */
  privacy: typeof PRIVACY.public | typeof PRIVACY.private;
  /** Say how such a report ended in a notification (optional `notifications` permission). */
  notifications: boolean;
}

export const integrationPrefsItem = storage.defineItem<IntegrationPrefs>(`local:${INTEGRATION_PREFS_KEY}`, {
  fallback: { menu: true, privacy: PRIVACY.public, notifications: false },
  version: 1,
});

/** Changes some of them, the rest stay; returns what is stored now. */
export async function saveIntegrationPrefs(change: Partial<IntegrationPrefs>): Promise<IntegrationPrefs> {
  const next = { ...(await integrationPrefsItem.getValue()), ...change };
  await integrationPrefsItem.setValue(next);
  return next;
}
