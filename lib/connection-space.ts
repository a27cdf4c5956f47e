// What belongs to one connection is stored under its id: `<id>:<name>`. The background writes the active
// id and account where pages read them.
import { browser } from './page-browser';
import { ACTIVE_ACCOUNT_KEY, ACTIVE_CONNECTION_KEY } from './storage-keys';

export const spaceKey = (connectionId: string, name: string) => `${connectionId}:${name}`;

/** A connection as messages name it: its id and the account it was saved with ('' for none). */
export interface ConnectionHandle {
  id: string;
  account: string;
}

/** The active connection ('' for none, or when storage cannot be read). */
async function readActive(): Promise<ConnectionHandle> {
  try {
    const stored = await browser.storage.session.get([ACTIVE_CONNECTION_KEY, ACTIVE_ACCOUNT_KEY]);
    const [id, account] = [stored[ACTIVE_CONNECTION_KEY], stored[ACTIVE_ACCOUNT_KEY]];
    return { id: typeof id === 'string' ? id : '', account: typeof account === 'string' ? account : '' };
  } catch {
    return { id: '', account: '' };
  }
}

/** The keys of connection `connectionId`'s items; by default the active one's, read once. */
export function keysOf(connectionId?: string) {
  let owner: Promise<string> | undefined;
  return async (name: string) =>
    spaceKey(
      await (owner ??=
        connectionId === undefined ? readActive().then(({ id }) => id) : Promise.resolve(connectionId)),
      name,
    );
}

let shown: Promise<ConnectionHandle> | undefined;

/** The connection this page shows: the one active when it first asked. Its messages name it. */
export function shownConnection(): Promise<ConnectionHandle> {
  return (shown ??= readActive());
}

/** Calls `switched` once another connection is active than this page shows (or it was re-saved). */
export function followSwitch(switched: (shown: ConnectionHandle, now: ConnectionHandle) => void): void {
  const before = shownConnection();
  browser.storage.session.onChanged.addListener((changes) => {
    if (!(ACTIVE_CONNECTION_KEY in changes || ACTIVE_ACCOUNT_KEY in changes)) return;
    void Promise.all([before, readActive()]).then(([before, now]) => {
      if (before.id !== now.id || before.account !== now.account) switched(before, now);
    });
  });
}

/**
 * Calls `listener` with the active connection's item `name` in storage `areaName` now, after every change,
 * and when another connection becomes active. Returns the function that stops watching.
 */
export function watchActiveItem(
  name: string,
  listener: (value: unknown) => void,
  areaName: 'session' | 'local' = 'session',
): () => void {
  let key: string | null = null;
  let stopped = false;
  // Bumped by each change: a read that started before it is older and is dropped.
  let version = 0;
  async function load() {
    const mine = ++version;
    key = spaceKey((await readActive()).id, name);
    const items = await browser.storage[areaName].get(key);
    if (!stopped && mine === version) listener(items[key]);
  }
  const onChanged = (changes: Record<string, { newValue?: unknown }>, area: string) => {
    if (area === 'session' && ACTIVE_CONNECTION_KEY in changes) return void load().catch(() => undefined);
    if (area !== areaName || key === null || !(key in changes) || stopped) return;
    version++;
    listener(changes[key]?.newValue);
  };
  browser.storage.onChanged.addListener(onChanged);
  void load().catch(() => undefined);
  return () => {
    stopped = true;
    browser.storage.onChanged.removeListener(onChanged);
  };
}
