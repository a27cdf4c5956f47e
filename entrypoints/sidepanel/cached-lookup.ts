// The panel's lookups of this page's report and of the recent list: the report store's copy when it is
// younger than FRESH_FOR_MS, else a request as the popup makes. So switching back and forth between tabs
// asks the service once per page, not once per switch. The background keeps the store right meanwhile:
// a create, a regenerate, a result arriving and a delete made here all update it.
import type { Result } from '@/lib/api/errors';
import type { Cached, MessageInput, MessageOutput } from '@/lib/messaging/protocol';
import { send } from '@/lib/messaging/send';
import { readStore, type StoreReader } from '@/lib/report-store';

export const FRESH_FOR_MS = 5 * 60_000;

type Lookup = 'popup.pageReport' | 'popup.recentReports';

export interface CachedLookupDeps {
  send: typeof send;
  store(): Pick<StoreReader, 'pageReport' | 'recent'>;
  now(): number;
}

const browserDeps: CachedLookupDeps = { send, store: () => readStore(), now: () => Date.now() };

/** A `send` for createPopupModel's lookups (any other message goes straight through). */
export function cachedLookup(deps: CachedLookupDeps = browserDeps): typeof send {
  async function fromStore(type: Lookup, payload: MessageInput<Lookup>): Promise<Cached<unknown> | null> {
    const kept =
      type === 'popup.pageReport'
        ? await deps.store().pageReport((payload as MessageInput<'popup.pageReport'>).url)
        : await deps.store().recent((payload as MessageInput<'popup.recentReports'>).host);
    const age = kept ? deps.now() - kept.fetchedAt : Infinity;
    return age >= 0 && age < FRESH_FOR_MS ? kept : null;
  }

  return async function lookUp(type, payload) {
    if (type === 'popup.pageReport' || type === 'popup.recentReports') {
      const kept = await fromStore(type, payload as MessageInput<Lookup>);
      if (kept) return { ok: true, data: kept } as Result<MessageOutput<typeof type>>;
    }
    return deps.send(type, payload);
  } as typeof send;
}
