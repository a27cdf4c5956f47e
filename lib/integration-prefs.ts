// How Page Reports meets people outside its popup: the right-click menu, the privacy of reports made
// from it or the shortcut, and notifications. One storage item, defined once and typed, read by the
// background and written by Settings directly: it holds no secret, and only this extension writes it.
import { storage } from 'wxt/utils/storage';
import { PRIVACY } from './api/types';
import { INTEGRATION_PREFS_KEY } from './storage-keys';

export interface IntegrationPrefs {
  /** "Create report for this page / link" in the right-click menu. */
  menu: boolean;
  /** The privacy of reports made from the menu or the shortcut: Public or Private, never Password. */
  privacy: typeof PRIVACY.public | typeof PRIVACY.private;
  /** Say how such a report ended in a notification (needs the optional `notifications` permission). */
  notifications: boolean;
}

export const INTEGRATION_DEFAULTS: IntegrationPrefs = {
  menu: true,
  privacy: PRIVACY.public,
  notifications: false,
};

export const integrationPrefsItem = storage.defineItem<IntegrationPrefs>(`local:${INTEGRATION_PREFS_KEY}`, {
  fallback: INTEGRATION_DEFAULTS,
  version: 1,
});

export function loadIntegrationPrefs(): Promise<IntegrationPrefs> {
  return integrationPrefsItem.getValue();
}

/** Changes some of them; the rest stay as stored. Returns what is stored now. */
export async function saveIntegrationPrefs(change: Partial<IntegrationPrefs>): Promise<IntegrationPrefs> {
  const next = { ...(await loadIntegrationPrefs()), ...change };
  await integrationPrefsItem.setValue(next);
  return next;
}
