// The sort a list is really in. A server may ignore the sort it was asked for without saying so in an
// error (phpRank silently replaces `sort_by=generated_at` by `id`); its page links carry what it applied.
import type { Page, SortDirection } from '@/lib/api/types';

export interface ListSort<K extends string> {
  sortBy: K;
  sort: SortDirection;
}

/** What the server leaves out, or names with a key this list does not know, is taken as asked. */
export function serverSort<K extends string>(
  asked: ListSort<K>,
  applied: Page<unknown>['appliedSort'],
  keys: readonly K[],
): ListSort<K> {
  if (!applied) return asked;
  const sortBy = keys.find((key) => key === applied.sortBy) ?? asked.sortBy;
  const sort = applied.sort === 'asc' || applied.sort === 'desc' ? applied.sort : asked.sort;
  return { sortBy, sort };
}
