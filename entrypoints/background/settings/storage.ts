// Where the connection settings live. Background only: pages ask for a summary through messages
// and never read the key back (lint forbids importing this file from pages).
//
// The address and the key are ONE stored item, written and read in one step: a request can never pair the
// new address with the old key, and a crash can never leave such a pair behind. The background runs every
// write through one serial queue (see `oneAtATime` in entrypoints/background/handlers.ts).
//
// Several named connections, one active: the item holds the list and which one is active.
// `readConnection()` returns the active entry and `saveConnection()` replaces it, so the handlers, the key
// rules and the queue stay as they are; add, rename, remove and switch write the whole list through the
// same queue (connections.ts).
import { storage } from 'wxt/utils/storage';
import { ACTIVE_CONNECTION_KEY, CONNECTION_KEY } from '@/lib/storage-keys';

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

// Defined once, typed: only this module writes it.
const connectionItem = storage.defineItem<Connections>(`local:${CONNECTION_KEY}`, {
  fallback: { active: '', list: [] },
});

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
  const stored = await connectionItem.getValue();
  // A development build's single pair has no list: read as no connection, so Settings can save one anew.
  return Array.isArray(stored.list) ? stored : { active: '', list: [] };
}

/** Replaces the whole list in one write. Run it through the background's settings queue. */
export async function writeConnections(connections: Connections): Promise<void> {
  await connectionItem.setValue(connections);
  await writeMirror(connections.active);
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
