// The panel's lookups of this page's report and of the recent list: the popup cache's copy when it is
// younger than FRESH_FOR_MS, else a request as the popup makes. So switching back and forth between tabs
// asks the service once per page, not once per switch. The background keeps the cache right meanwhile:
// a create, a regenerate, a result arriving and a delete made here all update it.
import type { Result } from '@/lib/api/errors';
import type { Cached, MessageInput, MessageOutput } from '@/lib/messaging/protocol';
import { send } from '@/lib/messaging/send';
import { readCachedViews, type CachedViews } from '../popup/cached';

export const FRESH_FOR_MS = 5 * 60_000;

type Lookup = 'popup.pageReport' | 'popup.recentReports';

export interface CachedLookupDeps {
  send: typeof send;
  readCachedViews(): Promise<CachedViews | null>;
  now(): number;
}

const browserDeps: CachedLookupDeps = { send, readCachedViews, now: () => Date.now() };

/** A `send` for createPopupModel's lookups (any other message goes straight through). */
export function cachedLookup(deps: CachedLookupDeps = browserDeps): typeof send {
  async function fromCache(type: Lookup, payload: MessageInput<Lookup>): Promise<Cached<unknown> | null> {
    const views = await deps.readCachedViews();
    const cached =
      type === 'popup.pageReport'
        ? views?.pages[(payload as MessageInput<'popup.pageReport'>).url]
        : views?.recent[(payload as MessageInput<'popup.recentReports'>).host ?? ''];
    const age = cached ? deps.now() - cached.fetchedAt : Infinity;
    return age >= 0 && age < FRESH_FOR_MS ? cached! : null;
  }

  return async function lookUp(type, payload) {
    if (type === 'popup.pageReport' || type === 'popup.recentReports') {
      const cached = await fromCache(type, payload as MessageInput<Lookup>);
      if (cached) return { ok: true, data: cached } as Result<MessageOutput<typeof type>>;
    }
    return deps.send(type, payload);
  } as typeof send;
}
