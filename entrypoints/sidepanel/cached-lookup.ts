// The panel's lookups answer from the report store while its copy is younger than FRESH_FOR_MS, so
// switching between tabs asks the service once per page (the background keeps the store right).
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
