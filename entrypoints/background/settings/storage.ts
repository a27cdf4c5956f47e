// Where the connection settings live. Background only: pages ask for a summary through messages
// and never read the key back (lint forbids importing this file from pages).
//
// The address and the key are ONE stored item, written and read in one step: a request can never pair the
// new address with the old key, and a crash can never leave such a pair behind. The background runs every
// write through one serial queue (see `oneAtATime` in entrypoints/background/handlers.ts).
//
// Several named connections, one active (issue 11): bump `version` to 2 with a WXT migration that wraps the
// stored pair as the first entry, e.g. `2: (pair) => ({ active: 'main', list: { main: { name: 'Main', ...pair } } })`.
// `readConnection()` then returns the active entry and `saveConnection()` replaces it, so the handlers, the
// key rules and the queue stay as they are; new functions (also in the queue) add, rename, remove and switch.
// Switching is a change of connection like a save: it goes through `afterConnectionChange` too.
import { storage } from 'wxt/utils/storage';

export interface ConnectionSettings {
  baseUrl: string;
  apiKey: string;
}

export const NO_CONNECTION: ConnectionSettings = Object.freeze({ baseUrl: '', apiKey: '' });

// Every item here is defined once, typed and versioned: what is stored under a version has that version's
// shape (only this module writes them), and a new shape comes with a WXT migration, not a check on reading.
const connectionItem = storage.defineItem<ConnectionSettings | null>('local:connection', {
  fallback: null,
  version: 1,
});

// Until issue 9 the address and the key were two items. Read only to carry an existing user's settings over;
// no fallback, so an item never stored reads as null (nothing to move).
const legacyBaseUrlItem = storage.defineItem<string>('local:baseUrl');
const legacyApiKeyItem = storage.defineItem<string>('local:apiKey');
const LEGACY_KEYS = [legacyBaseUrlItem.key, legacyApiKeyItem.key];

/**
 * The stored address and key, read at once. Before the one-time move (`moveLegacyConnection`) has run, an
 * existing user's two old items stand in; reading never writes, so it cannot race a save.
 */
export async function readConnection(): Promise<ConnectionSettings> {
  // The three in one read: the move may run in between, and its two steps must look like one.
  const { connection, legacy } = await storedItems();
  return connection ?? legacy ?? NO_CONNECTION;
}

/** Replaces the address and the key in one write. Run it through the background's settings queue. */
export async function saveConnection(connection: ConnectionSettings): Promise<void> {
  await connectionItem.setValue({ baseUrl: connection.baseUrl, apiKey: connection.apiKey });
  // The old items would only confuse a reader; removed after the write, so a crash in between loses nothing.
  await storage.removeItems(LEGACY_KEYS);
}

/**
 * Carries settings saved before issue 9 (two items) into the one item, then removes the two. Run it through
 * the same queue as the saves, once at start-up. A crash between its steps is harmless: the one item wins.
 */
export async function moveLegacyConnection(): Promise<void> {
  const { connection, legacy, legacyPresent } = await storedItems();
  if (!legacyPresent) return;
  if (!connection && legacy) await connectionItem.setValue(legacy);
  await storage.removeItems(LEGACY_KEYS);
}

async function storedItems() {
  const [connection, baseUrl, apiKey] = await storage.getItems([
    connectionItem,
    legacyBaseUrlItem,
    legacyApiKeyItem,
  ]);
  const legacyBaseUrl = (baseUrl?.value as string | null) ?? '';
  const legacyApiKey = (apiKey?.value as string | null) ?? '';
  return {
    connection: (connection?.value as ConnectionSettings | null) ?? null,
    legacy: legacyBaseUrl || legacyApiKey ? { baseUrl: legacyBaseUrl, apiKey: legacyApiKey } : null,
    legacyPresent: baseUrl?.value != null || apiKey?.value != null,
  };
}
