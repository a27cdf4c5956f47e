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

const connectionItem = storage.defineItem<ConnectionSettings | null>('local:connection', {
  fallback: null,
  version: 1,
});

// Until issue 9 the address and the key were two items. Read only to carry an existing user's settings over.
const LEGACY_BASE_URL = 'local:baseUrl';
const LEGACY_API_KEY = 'local:apiKey';

/**
 * The stored address and key, read at once. Before the one-time move (`moveLegacyConnection`) has run, an
 * existing user's two old items stand in; reading never writes, so it cannot race a save.
 */
export async function readConnection(): Promise<ConnectionSettings> {
  const current = await connectionItem.getValue();
  if (isConnection(current)) return current;
  // Read the three in one call: the move may run in between, and its two steps must look like one.
  const snapshot = await storedItems();
  return snapshot.connection ?? snapshot.legacy ?? NO_CONNECTION;
}

/** Replaces the address and the key in one write. Run it through the background's settings queue. */
export async function saveConnection(connection: ConnectionSettings): Promise<void> {
  await connectionItem.setValue({ baseUrl: connection.baseUrl, apiKey: connection.apiKey });
  // The old items would only confuse a reader; removed after the write, so a crash in between loses nothing.
  await storage.removeItems([LEGACY_BASE_URL, LEGACY_API_KEY]);
}

/**
 * Carries settings saved before issue 9 (two items) into the one item, then removes the two. Run it through
 * the same queue as the saves, once at start-up. A crash between its steps is harmless: the one item wins.
 */
export async function moveLegacyConnection(): Promise<void> {
  const { connection, legacy, legacyPresent } = await storedItems();
  if (!legacyPresent) return;
  if (!connection && legacy) await connectionItem.setValue(legacy);
  await storage.removeItems([LEGACY_BASE_URL, LEGACY_API_KEY]);
}

async function storedItems() {
  const [connection, baseUrl, apiKey] = await storage.getItems([
    connectionItem.key,
    LEGACY_BASE_URL,
    LEGACY_API_KEY,
  ]);
  const legacyBaseUrl = typeof baseUrl?.value === 'string' ? baseUrl.value : '';
  const legacyApiKey = typeof apiKey?.value === 'string' ? apiKey.value : '';
  return {
    connection: isConnection(connection?.value) ? connection.value : null,
    legacy: legacyBaseUrl || legacyApiKey ? { baseUrl: legacyBaseUrl, apiKey: legacyApiKey } : null,
    legacyPresent: baseUrl?.value != null || apiKey?.value != null,
  };
}

function isConnection(value: unknown): value is ConnectionSettings {
  if (typeof value !== 'object' || value === null) return false;
  const { baseUrl, apiKey } = value as Record<string, unknown>;
  return typeof baseUrl === 'string' && typeof apiKey === 'string';
}
