// How the extension stores its connection settings (entrypoints/background/settings/storage.ts): one item,
// version 2, holding every named connection and the active one's id. The one place tests and
// tools (npm start, npm run bench) write it, so a change of the stored shape is made here too.
export const CONNECTION_KEY = 'connection';

export interface StoredConnection {
  baseUrl: string;
  apiKey: string;
}

/** The stored item: every connection and the id of the active one. */
export interface StoredConnections {
  active: string;
  list: (StoredConnection & { id: string; label: string })[];
}

/** The storage.local items that connect the extension to `baseUrl` with `apiKey` (one connection). */
export function connectionItems(baseUrl: string, apiKey: string): Record<string, unknown> {
  const id = 'e2e-connection';
  return {
    [CONNECTION_KEY]: { active: id, list: [{ id, label: new URL(baseUrl).host, baseUrl, apiKey }] },
    [`${CONNECTION_KEY}$`]: { v: 2 },
  };
}

/**
 * The storage.local items of several named connections, the first active: the list (no key) and the keys by
 * account, as the background keeps them.
 */
export function connectionsItems(
  connections: (StoredConnection & { id: string; label: string })[],
): Record<string, unknown> {
  const list = connections.map(({ apiKey: _key, ...entry }) => ({ ...entry, account: entry.id }));
  const keys = Object.fromEntries(connections.map((entry) => [entry.id, entry.apiKey]));
  return { [CONNECTION_KEY]: { active: list[0]!.id, list }, connectionKeys: keys };
}

/** The active connection's address and key, as stored (undefined: none). */
export function activePair(
  stored: StoredConnections | undefined,
  keys: Record<string, string> = {},
): StoredConnection | undefined {
  const active = stored?.list.find((entry) => entry.id === stored.active);
  const account = (active as { account?: string } | undefined)?.account ?? active?.id ?? '';
  return active && { baseUrl: active.baseUrl, apiKey: keys[account] ?? active.apiKey };
}
