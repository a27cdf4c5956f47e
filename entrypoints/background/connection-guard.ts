// What a request's answer writes (caches, followed reports, create runs) belongs to the connection that
// asked (issue 11). A switch puts those items aside in the settings queue: the write runs in that queue
// too, and only while the asking connection is still the active one, so no switch lands between the
// check and the write. Skipped, it loses a cache entry, never another connection's view.
import type { ConnectionSettings } from './settings/storage';

export interface ConnectionGuard {
  /** The active connection (its id, address and key: a save of another address is another account). */
  current(): Promise<string>;
  /** Runs `write` in the settings queue if `asked` is still the active connection; never rejects. */
  whileActive(asked: string, write: () => Promise<unknown>): Promise<void>;
}

export function connectionGuard(
  oneAtATime: <T>(work: () => Promise<T>) => Promise<T>,
  read: () => Promise<ConnectionSettings>,
): ConnectionGuard {
  const current = async () => {
    const { id, baseUrl, apiKey } = await read();
    return `${id}\n${baseUrl}\n${apiKey}`;
  };
  return {
    current,
    whileActive: (asked, write) =>
      oneAtATime(async () => {
        if ((await current()) === asked) await write();
      }).catch(() => undefined),
  };
}

/** Without several connections (tests): every write happens. */
export const NO_GUARD: ConnectionGuard = {
  current: async () => '',
  whileActive: (_asked, write) =>
    write().then(
      () => undefined,
      () => undefined,
    ),
};

/** Runs `request`, then `write` with its answer under the guard; the answer is returned either way. */
export async function afterAnswer<T>(
  guard: ConnectionGuard,
  request: () => Promise<T>,
  write: (answer: T) => Promise<unknown>,
): Promise<T> {
  const asked = await guard.current();
  const answer = await request();
  await guard.whileActive(asked, () => write(answer));
  return answer;
}
