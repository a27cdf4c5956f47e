// Where the service ended up for an address it was asked about. phpRank stores a report under the
// address it reached after redirects (http://shop.example/ → shop.example/en/), so "the report for this
// page" is found again only by remembering where a create for this page landed.
import { PAGE_ALIASES_KEY } from '@/lib/storage-keys';
import { serviceAddress } from '@/entrypoints/background/page-address';
import { isRecord } from '@/lib/is-record';
import { createSerialUpdates } from './serial-update';
import { spaceItem } from './space';

/** Cleaned asked address → cleaned stored address; the newest last. */
type Aliases = Record<string, string>;

const MAX_ALIASES = 200;

/** One connection's aliases: kept on disk, across browser restarts. */
export const pageAliasesItem = (connectionId: string) =>
  spaceItem<Aliases>('local', connectionId, PAGE_ALIASES_KEY, {});

export type PageAliases = ReturnType<typeof createPageAliases>;

export function createPageAliases(item: ReturnType<typeof pageAliasesItem>) {
  const serially = createSerialUpdates('page aliases update');

  async function read(): Promise<Aliases> {
    const value: unknown = await item.getValue();
    if (!isRecord(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  }

  return {
    /** Remembers that asking for `askedUrl` made a report stored as `storedUrl` (only when they differ). */
    remember(askedUrl: string, storedUrl: string): Promise<void> {
      const asked = serviceAddress(askedUrl);
      const stored = serviceAddress(storedUrl);
      if (asked === null || stored === null || asked === stored) return Promise.resolve();
      return serially(async () => {
        const aliases = await read();
        delete aliases[asked];
        aliases[asked] = stored;
        const entries = Object.entries(aliases);
        await item.setValue(Object.fromEntries(entries.slice(Math.max(0, entries.length - MAX_ALIASES))));
      }).catch(() => undefined);
    },

    /** The address the service stored for `pageUrl` last time, when it was another one. */
    async lookup(pageUrl: string): Promise<string | null> {
      const asked = serviceAddress(pageUrl);
      return asked === null ? null : ((await read())[asked] ?? null);
    },
  };
}
