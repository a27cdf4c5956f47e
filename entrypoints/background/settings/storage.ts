// Where the connections live; background only (lint forbids pages to import it). The list and the keys (by
// account, an item no switch writes) land in one write, and a new address or key is a new account: nothing
// can pair the new address with the old key. Every write runs in the settings queue.
import { browser } from 'wxt/browser';
import { originPattern } from '@/lib/base-url';
import type { ConnectionHandle } from '@/lib/connection-space';
import { z } from '@/lib/zod';
import {
  ACTIVE_ACCOUNT_KEY,
  ACTIVE_CONNECTION_KEY,
  CONNECTION_KEY,
  CONNECTION_KEYS_KEY,
} from '@/lib/storage-keys';

export interface ConnectionSettings {
  baseUrl: string;
  apiKey: string;
  /** '' or absent: none saved yet. */
  id?: string;
  account?: string;
}

/** One named connection. Its id is random and never changes; its label defaults to its host. */
export interface Connection {
  id: string;
  label: string;
  baseUrl: string;
  apiKey: string;
  /** Changes with the address or the key; absent until then (the id stands in). */
  account?: string;
}

/** The connection a piece of work belongs to: it takes its client from this, or stops. */
export type ConnectionRef = ConnectionHandle;

export const refOf = (entry: { id?: string; account?: string }): ConnectionRef => ({
  id: entry.id ?? '',
  account: entry.account ?? entry.id ?? '',
});

export interface Connections {
  active: string;
  list: Connection[];
}

/** An entry saved before the keys had their own item still holds its key. */
const storedSchema = z.object({
  active: z.string(),
  list: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      baseUrl: z.string(),
      account: z.optional(z.string()),
      apiKey: z.optional(z.string()),
    }),
  ),
});
const keysSchema = z.record(z.string(), z.string());

export const newConnectionId = (): string => crypto.randomUUID();

/** The label a connection gets when none is given: its host ('' for no address). */
export function hostLabel(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return '';
  }
}

export async function readConnection(): Promise<ConnectionSettings> {
  const { active, list } = await readConnections();
  const entry = list.find((item) => item.id === active);
  return entry
    ? { id: entry.id, account: refOf(entry).account, baseUrl: entry.baseUrl, apiKey: entry.apiKey }
    : { baseUrl: '', apiKey: '' };
}

/** The connection `ref` names, while it is still that account; null once removed or changed. */
export async function readConnectionOf(ref: ConnectionRef): Promise<Connection | null> {
  const entry = (await readConnections()).list.find((item) => item.id === ref.id);
  return entry && refOf(entry).account === ref.account ? entry : null;
}

/** The active id and account, where pages read them (never a key). */
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

/** Every connection, keys included; what does not fit its schema (a development build's pair) is none. */
export async function readConnections(): Promise<Connections> {
  const stored = await browser.storage.local.get([CONNECTION_KEY, CONNECTION_KEYS_KEY]);
  const { active, list } = storedSchema.safeParse(stored[CONNECTION_KEY]).data ?? { active: '', list: [] };
  const keys = keysSchema.safeParse(stored[CONNECTION_KEYS_KEY]).data ?? {};
  return {
    active,
    list: list.map(({ apiKey, ...entry }) => ({
      ...entry,
      apiKey: keys[refOf(entry).account] ?? apiKey ?? '',
    })),
  };
}

/** Replaces the whole list in one write (the keys' item only when a key changed). */
export async function writeConnections(connections: Connections): Promise<void> {
  const list = connections.list.map(({ apiKey: _key, ...entry }) => entry);
  const keys = Object.fromEntries(connections.list.map((entry) => [refOf(entry).account, entry.apiKey]));
  const before = keysSchema.safeParse(
    (await browser.storage.local.get(CONNECTION_KEYS_KEY))[CONNECTION_KEYS_KEY],
  );
  const same =
    before.success &&
    Object.keys(keys).length === Object.keys(before.data).length &&
    Object.entries(keys).every(([account, key]) => before.data[account] === key);
  await browser.storage.local.set({
    [CONNECTION_KEY]: { active: connections.active, list },
    ...(same ? {} : { [CONNECTION_KEYS_KEY]: keys }),
  });
  await writeMirror(connections);
}

/** Replaces the active entry's address and key in one write. */
export async function saveConnection({ baseUrl, apiKey }: ConnectionSettings): Promise<void> {
  const { active, list } = await readConnections();
  const old = list.find((entry) => entry.id === active);
  // A label that only named the old host follows the address; one the person chose stays.
  const label = old && old.label !== hostLabel(old.baseUrl) ? old.label : hostLabel(baseUrl);
  const sameAccount = old && old.baseUrl === baseUrl && old.apiKey === apiKey;
  const account = sameAccount ? old.account : newConnectionId();
  const entry = { id: old?.id ?? newConnectionId(), label, baseUrl, apiKey, ...(account && { account }) };
  await writeConnections({
    active: entry.id,
    list: old ? list.map((item) => (item === old ? entry : item)) : [...list, entry],
  });
}

/**
 * Least privilege after a move: removes the permission for the old address's origin unless one of
 * `stillUsed` needs the same pattern (a pattern covers every port). Returns whether the browser gave it
 * back: it refuses for an origin the manifest grants (the test builds' loopback addresses).
 */
export async function releaseUnusedOrigin(oldBaseUrl: string, stillUsed: string[]): Promise<boolean> {
  const oldPattern = patternOf(oldBaseUrl);
  if (!oldPattern || stillUsed.some((baseUrl) => patternOf(baseUrl) === oldPattern)) return false;
  return browser.permissions.remove({ origins: [oldPattern] }).catch(() => false);
}

function patternOf(baseUrl: string): string | null {
  try {
    return originPattern(baseUrl);
  } catch {
    return null;
  }
}
