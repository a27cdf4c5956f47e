// How the extension stores its connection settings (entrypoints/background/settings/storage.ts): one item holding the address
// and the key. The one place tests and tools (npm start, npm run bench) write it, so a change of the stored
// shape (issue 11: several connections) is made here too.
export const CONNECTION_KEY = 'connection';

export interface StoredConnection {
  baseUrl: string;
  apiKey: string;
}

/** The storage.local items that connect the extension to `baseUrl` with `apiKey`. */
export function connectionItems(baseUrl: string, apiKey: string): Record<string, StoredConnection> {
  return { [CONNECTION_KEY]: { baseUrl, apiKey } };
}
