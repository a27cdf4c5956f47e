// What belongs to one connection is stored under its id: `<id>:<name>` in storage.session or .local. The
// background writes the active id where pages can read it, so a page reads its connection's items
// directly; a switch copies nothing, and removing a connection removes every key under its id.
import { browser } from './page-browser';
import { ACTIVE_CONNECTION_KEY } from './popup-storage-keys';

export const spaceKey = (connectionId: string, name: string) => `${connectionId}:${name}`;

/** The active connection's id ('' for none, or when storage cannot be read). */
export async function activeConnectionId(): Promise<string> {
  try {
    const stored = (await browser.storage.session.get(ACTIVE_CONNECTION_KEY))[ACTIVE_CONNECTION_KEY];
    return typeof stored === 'string' ? stored : '';
  } catch {
    return '';
  }
}

/** The key of the active connection's item `name`. */
export const activeSpaceKey = async (name: string) => spaceKey(await activeConnectionId(), name);
