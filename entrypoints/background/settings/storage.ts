// Where the connection settings live. Background only: pages ask for a summary through messages
// and never read the key back (lint forbids importing this file from pages).
//
// The list (addresses, names, accounts) and the keys (by account) are written in one step and a new address
// or key is a new account: a request can never pair the new address with the old key, and a crash can never
// leave such a pair behind. The background runs every write through one serial queue (wiring.ts).
//
// Several named connections, one active: the item holds the list and which one is active.
// `saveConnection()` replaces the active entry; add, rename, remove and switch write the whole list
// through the same queue (connections.ts).
import { storage } from 'wxt/utils/storage';
import { browser } from 'wxt/browser';
import {
  ACTIVE_ACCOUNT_KEY,
  ACTIVE_CONNECTION_KEY,
  CONNECTION_KEY,
  CONNECTION_KEYS_KEY,
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
   * and never reaches another. Absent until the address or the key first changes: the id stands in.
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

/** The stored item: every connection, and the id of the active one. */
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

// Defined once, typed: only this module writes them. Pages watch storage.local for their own items, and
// every listener hears of every write: the keys are an item of their own, which a switch never writes.
const connectionItem = storage.defineItem<StoredConnections>(`local:${CONNECTION_KEY}`, {
  fallback: { active: '', list: [] },
});
const keysItem = storage.defineItem<Record<string, string>>(`local:${CONNECTION_KEYS_KEY}`, { fallback: {} });

/** The list as stored: no key. Each key is stored by its entry's account, so a pair is never mixed. */
interface StoredConnections {
  active: string;
  list: (Omit<Connection, 'apiKey'> & { apiKey?: string })[];
}

/** The active connection's address and key, read at once. */
export async function readConnection(): Promise<ConnectionSettings> {
  const { active, list } = await readConnections();
  const entry = list.find((item) => item.id === active);
  return entry
    ? { id: entry.id, account: refOf(entry).account, baseUrl: entry.baseUrl, apiKey: entry.apiKey }
    : NO_CONNECTION;
}

/** The connection `ref` names, while it is still that account; null once removed or changed. */
export async function readConnectionOf(ref: ConnectionRef): Promise<Connection | null> {
  const entry = (await readConnections()).list.find((item) => item.id === ref.id);
  return entry && refOf(entry).account === ref.account ? entry : null;
}

/**
 * Pages show the active connection: its id (whose items they read) and account (the handle their messages
 * name) are written where they can read them, in one write; never a key. No connection, no items: an
 * emptied storage.session stays empty.
 */
async function writeMirror({ active, list }: Connections): Promise<void> {
  const entry = list.find((item) => item.id === active);
  const keys = [ACTIVE_CONNECTION_KEY, ACTIVE_ACCOUNT_KEY];
  await (entry
    ? browser.storage.session.set({ [keys[0]!]: entry.id, [keys[1]!]: refOf(entry).account })
    : browser.storage.session.remove(keys));
}

export async function mirrorActive(): Promise<void> {
  await writeMirror(await readConnections());
}

/** Every connection (keys included: background only) and the active one's id. */
export async function readConnections(): Promise<Connections> {
  const [stored, keys] = await Promise.all([connectionItem.getValue(), keysItem.getValue()]);
  // A development build's single pair has no list: read as no connection, so Settings can save one anew.
  if (!Array.isArray(stored.list)) return { active: '', list: [] };
  // An entry saved before the keys had their own item still holds its key: read, and moved at the next write.
  const list = stored.list.map(({ apiKey, ...entry }) => ({
    ...entry,
    apiKey: keys[refOf(entry).account] ?? apiKey ?? '',
  }));
  return { active: stored.active, list };
}

/** Replaces the whole list in one write (the keys' item only when a key changed). Run it in the settings queue. */
export async function writeConnections(connections: Connections): Promise<void> {
  const list = connections.list.map(({ apiKey: _key, ...entry }) => entry);
  const keys = Object.fromEntries(connections.list.map((entry) => [refOf(entry).account, entry.apiKey]));
  const before = await keysItem.getValue();
  const same =
    Object.keys(keys).length === Object.keys(before).length &&
    Object.entries(keys).every(([account, key]) => before[account] === key);
  // One storage write: the list and its keys land together.
  await storage.setItems([
    { item: connectionItem, value: { active: connections.active, list } },
    ...(same ? [] : [{ item: keysItem, value: keys }]),
  ]);
  await writeMirror(connections);
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
  await writeConnections({
    active: entry.id,
    list: old ? list.map((item) => (item === old ? entry : item)) : [...list, entry],
  });
}
