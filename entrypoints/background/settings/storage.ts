// Where the connection settings live. Background only: pages ask for a summary through messages
// and never read the key back (lint forbids importing this file from pages).
//
// The address and the key are ONE stored item, written and read in one step: a request can never pair the
// new address with the old key, and a crash can never leave such a pair behind. The background runs every
// write through one serial queue (see `oneAtATime` in entrypoints/background/handlers.ts).
//
// Several named connections, one active: version 2 of the item holds the list and which one is
// active; the migration wraps an existing user's pair as the first, active entry named after its host.
// `readConnection()` returns the active entry and `saveConnection()` replaces it, so the handlers, the key
// rules and the queue stay as they are; add, rename, remove and switch write the whole list through the
// same queue (connections.ts).
import { storage } from 'wxt/utils/storage';
import {
  ACTIVE_CONNECTION_KEY,
  CONNECTION_KEY,
  LEGACY_API_KEY_KEY,
  LEGACY_BASE_URL_KEY,
} from '@/lib/storage-keys';

export interface ConnectionSettings {
  baseUrl: string;
  apiKey: string;
  /** The entry's stable id ('' or absent: none saved yet). */
  id?: string;
  /** Which account of that entry (see Connection.account). */
  account?: string;
}

/** One named connection. Its id is random and never changes; its label defaults to its host. */
export interface Connection {
  id: string;
  label: string;
  baseUrl: string;
  apiKey: string;
  /**
   * Changes whenever the address or the key does: another account. Work started for one account carries it
   * and never reaches another. Absent on entries saved before it existed: the id stands in.
   */
  account?: string;
}

/** The connection a piece of work belongs to: it takes its client from this, or stops. */
export interface ConnectionRef {
  id: string;
  account: string;
}

export const refOf = (entry: { id?: string; account?: string }): ConnectionRef => ({
  id: entry.id ?? '',
  account: entry.account ?? entry.id ?? '',
});

/** Version 2 of the stored item: every connection, and the id of the active one. */
export interface Connections {
  active: string;
  list: Connection[];
}

export const NO_CONNECTION: ConnectionSettings = Object.freeze({ baseUrl: '', apiKey: '' });

export const newConnectionId = (): string => crypto.randomUUID();

/** The label a connection gets when none is given: its host ('' for no address). */
export function hostLabel(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return '';
  }
}

/** Version 1 (one pair) → version 2: the pair becomes the first, active entry; no pair, no list. */
export function connectionsFromPair(stored: unknown, migrating = false): Connections | null {
  if (!stored || typeof stored !== 'object') return null;
  if (Array.isArray((stored as Connections).list)) return stored as Connections; // already version 2
  const { baseUrl = '', apiKey = '' } = stored as Partial<ConnectionSettings>;
  if (!baseUrl && !apiKey) return null;
  // The migration gives it a random id; a pair read before any migration (written by hand, or the old
  // items) gets the same one on every read, so a request's connection stays the same one.
  const id = migrating ? newConnectionId() : 'first';
  return { active: id, list: [{ id, label: hostLabel(baseUrl), baseUrl, apiKey }] };
}

// Every item here is defined once, typed and versioned: what is stored under a version has that version's
// shape (only this module writes them), and a new shape comes with a WXT migration, not a check on reading.
const connectionItem = storage.defineItem<Connections | null>(`local:${CONNECTION_KEY}`, {
  fallback: null,
  version: 2,
  migrations: { 2: (stored: unknown) => connectionsFromPair(stored, true) },
});

// In the first versions the address and the key were two items. Read only to carry an existing user's settings over;
// no fallback, so an item never stored reads as null (nothing to move).
const legacyBaseUrlItem = storage.defineItem<string>(`local:${LEGACY_BASE_URL_KEY}`);
const legacyApiKeyItem = storage.defineItem<string>(`local:${LEGACY_API_KEY_KEY}`);
const LEGACY_KEYS = [legacyBaseUrlItem.key, legacyApiKeyItem.key];

/**
 * The stored address and key, read at once. Before the one-time move (`moveLegacyConnection`) has run, an
 * existing user's two old items stand in; reading never writes, so it cannot race a save.
 */
export async function readConnection(): Promise<ConnectionSettings> {
  // The three in one read: the move may run in between, and its two steps must look like one.
  const { connection, legacy } = await storedItems();
  const active = connection?.list.find((entry) => entry.id === connection.active);
  return active
    ? { id: active.id, account: refOf(active).account, baseUrl: active.baseUrl, apiKey: active.apiKey }
    : (legacy ?? NO_CONNECTION);
}

/** The connection `ref` names, while it is still that account; null once removed or changed. */
export async function readConnectionOf(ref: ConnectionRef): Promise<Connection | null> {
  const entry = (await readConnections()).list.find((item) => item.id === ref.id);
  return entry && refOf(entry).account === ref.account ? entry : null;
}

const activeMirror = storage.defineItem<string>(`session:${ACTIVE_CONNECTION_KEY}`, { fallback: '' });

/**
 * Pages read the active connection's items under its id: the id is written where they can read it. No
 * connection, no item: pages read '' all the same, and an emptied storage.session stays empty.
 */
async function writeMirror(active: string): Promise<void> {
  await (active ? activeMirror.setValue(active) : activeMirror.removeValue());
}

export async function mirrorActive(): Promise<void> {
  await writeMirror((await readConnections()).active);
}

/** Every connection (keys included: background only) and the active one's id. */
export async function readConnections(): Promise<Connections> {
  const { connection, legacy } = await storedItems();
  return connection ?? connectionsFromPair(legacy) ?? { active: '', list: [] };
}

/** Replaces the whole list in one write. Run it through the background's settings queue. */
export async function writeConnections(connections: Connections): Promise<void> {
  await connectionItem.setValue(connections);
  await writeMirror(connections.active);
  await storage.removeItems(LEGACY_KEYS);
}

/** Replaces the address and the key in one write. Run it through the background's settings queue. */
export async function saveConnection({ baseUrl, apiKey }: ConnectionSettings): Promise<void> {
  const { active, list } = await readConnections();
  const old = list.find((entry) => entry.id === active);
  // A label that only named the old host follows the address; one the person chose stays.
  const label = old && old.label !== hostLabel(old.baseUrl) ? old.label : hostLabel(baseUrl);
  // Another address or key is another account: work started for the old one must not reach it.
  const sameAccount = old && old.baseUrl === baseUrl && old.apiKey === apiKey;
  const account = sameAccount ? old.account : newConnectionId();
  const entry = { id: old?.id ?? newConnectionId(), label, baseUrl, apiKey, ...(account && { account }) };
  // The old items would only confuse a reader; removed after the write, so a crash in between loses nothing.
  await writeConnections({
    active: entry.id,
    list: old ? list.map((item) => (item === old ? entry : item)) : [...list, entry],
  });
}

/**
 * Carries settings saved as two items (the first versions) into the one item, then removes the two. Run it through
 * the same queue as the saves, once at start-up. A crash between its steps is harmless: the one item wins.
 */
export async function moveLegacyConnection(): Promise<void> {
  const { connection, legacy, legacyPresent } = await storedItems();
  if (!legacyPresent) return;
  if (!connection && legacy) await connectionItem.setValue(connectionsFromPair(legacy, true));
  await storage.removeItems(LEGACY_KEYS);
}

async function storedItems() {
  // Reading through the item waits for its migration; the batch read below would not.
  await connectionItem.getMeta();
  const [connection, baseUrl, apiKey] = await storage.getItems([
    connectionItem,
    legacyBaseUrlItem,
    legacyApiKeyItem,
  ]);
  const legacyBaseUrl = (baseUrl?.value as string | null) ?? '';
  const legacyApiKey = (apiKey?.value as string | null) ?? '';
  return {
    connection: connectionsFromPair(connection?.value),
    legacy: legacyBaseUrl || legacyApiKey ? { baseUrl: legacyBaseUrl, apiKey: legacyApiKey } : null,
    legacyPresent: baseUrl?.value != null || apiKey?.value != null,
  };
}
