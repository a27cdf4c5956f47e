// "Keep each report's history": on by default. A plain on/off with nothing secret in it, so a storage item
// the options page writes and the background reads before it keeps a snapshot (no message needed).
import { storage } from 'wxt/utils/storage';
import { HISTORY_ON_KEY } from './storage-keys';

/** Turned off, no new analysis is kept; what was kept stays until "Clear history". */
export const historyOnItem = storage.defineItem<boolean>(`local:${HISTORY_ON_KEY}`, { fallback: true });
