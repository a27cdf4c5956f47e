// The opt-in "Show this page's score on the toolbar icon". A plain on/off with nothing secret in it, so
// it is a storage item the options page writes and the background watches (no message type needed).
// Reading the active tab's address on tab switches needs the `tabs` permission: asked for when the
// person turns the setting on, given back when they turn it off unless the side panel follows tabs
// (lib/tabs-permission.ts owns it; entrypoints/options/settings/BadgeSetting).
import { storage } from 'wxt/utils/storage';
import { TOOLBAR_SCORE_KEY } from './storage-keys';

/** Off by default: until the person turns it on, the background never reads a tab's address. */
export const toolbarScoreItem = storage.defineItem<boolean>(`local:${TOOLBAR_SCORE_KEY}`, {
  fallback: false,
  version: 1,
});
