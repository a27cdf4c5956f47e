// The reports the background has seen, per connection, in storage.session: a catalog (a page's report, a
// list's reports, when) and one trimmed copy per report. Only the background writes it.
import * as z from 'zod/mini';
import { PRIVACY_VALUES, REPORT_RESULTS, type Page } from './api/types';
import { keysOf } from './connection-space';
import type { Cached } from './messaging/protocol';
import { browser } from './page-browser';
import { serviceAddress } from './page-address';
import { STORE_KEY } from './storage-keys';

export const storedReportName = (id: string) => `report:${id}`;

const count = z.number();
export const checkImportance = z.enum(['high', 'medium', 'low']);
export const checkCategory = z.enum(['seo', 'performance', 'security', 'miscellaneous', 'other']);
const failedCheck = z.object({
  key: z.string(),
  /** "Meta description missing"; an unknown test: its key. */
  name: z.string(),
  category: checkCategory,
  importance: checkImportance,
  /** The value where it helps ("2.8 s (limit 2 s)", "3 images"), at most 120 characters. */
  detail: z.nullable(z.string()),
});
export type FailedCheck = z.infer<typeof failedCheck>;
export type CheckImportance = FailedCheck['importance'];
export type CheckCategory = FailedCheck['category'];

/** A report as lists and kept copies carry it: never a password, never the raw results (summaryOf). */
export const reportCopySchema = z.object({
  id: z.union([z.string(), z.number()]),
  /** As the service stored it, without scheme and `www.` ("example.com/pricing"). */
  url: z.string(),
  /** For links: the address the service reached, else https:// + url. */
  pageUrl: z.nullable(z.string()),
  serviceUrl: z.nullable(z.string()),
  project: z.nullable(z.string()),
  result: z.nullable(z.enum(REPORT_RESULTS)),
  /** 0–100 as sent (maybe unrounded); null when the service sent only a word, or nothing. */
  score: z.nullable(z.number()),
  privacy: z.nullable(z.literal(PRIVACY_VALUES)),
  hasPassword: z.nullable(z.boolean()),
  generatedAt: z.nullable(z.string()),
  createdAt: z.nullable(z.string()),
  updatedAt: z.nullable(z.string()),
  checks: z.nullable(
    z.object({
      counts: z.object({ high: count, medium: count, low: count, passed: count }),
      top: z.array(failedCheck),
    }),
  ),
});
export type ReportSummary = z.infer<typeof reportCopySchema>;

/** One page of a list as the server applied it (not as it was asked), without its items. */
const pageDataSchema = z.object({
  page: count,
  perPage: z.nullable(count),
  total: z.nullable(count),
  lastPage: z.nullable(count),
  hasNext: z.boolean(),
  hasPrevious: z.boolean(),
  from: z.nullable(count),
  to: z.nullable(count),
  /** As the server's page links say. */
  appliedSort: z.nullable(z.object({ sortBy: z.nullable(z.string()), sort: z.nullable(z.string()) })),
});
export type PageData = z.infer<typeof pageDataSchema>;

const pageEntrySchema = z.object({ id: z.nullable(z.string()), at: z.number() });
const listEntrySchema = z.object({
  ids: z.array(z.string()),
  page: z.optional(pageDataSchema),
  at: z.number(),
});

const catalogSchema = z.object({
  /** By serviceAddress: its newest report. */
  pages: z.record(z.string(), pageEntrySchema),
  /** By view: `recent:<host>` ('' for all sites), or `list:<query>`. */
  lists: z.record(z.string(), listEntrySchema),
  /** When each kept copy was last seen: the oldest go first. */
  seen: z.record(z.string(), z.number()),
});
export type Catalog = z.infer<typeof catalogSchema>;

export const recentView = (host?: string | null) => `recent:${host ?? ''}`;

/** A stored catalog that does not fit (an older version's, a damaged one) is an empty one. */
export const catalogFrom = (value: unknown): Catalog =>
  catalogSchema.safeParse(value).data ?? { pages: {}, lists: {}, seen: {} };

/** Asked address → the address the service stored it under (after a redirect). */
export const aliasesFrom = (value: unknown): Record<string, string> =>
  z.record(z.string(), z.string()).safeParse(value).data ?? {};

export type StoreReader = ReturnType<typeof readStore>;

/** Connection `connectionId`'s store (by default the active one's). What is not kept or cannot be read is null. */
export function readStore(connectionId?: string) {
  const key = keysOf(connectionId);
  let catalogRead: Promise<unknown> | undefined;
  const session = browser.storage.session;

  async function read<T extends { at: number }>(
    part: 'pages' | 'lists',
    name: string,
    schema: z.ZodMiniType<T>,
    ids: (entry: T) => string[],
  ) {
    const catalogKey = await key(STORE_KEY);
    catalogRead ??= session.get(catalogKey).then((items) => items[catalogKey]);
    const catalog = (await catalogRead) as Partial<Record<string, Record<string, unknown>>> | undefined;
    // Only the entry read is checked: a catalog of thousands of addresses is not walked to paint one.
    const entries = catalog?.[part];
    const entry = schema.safeParse(entries && Object.hasOwn(entries, name) ? entries[name] : null).data;
    if (!entry) return null;
    const keys = await Promise.all(ids(entry).map((id) => key(storedReportName(id))));
    const stored = keys.length > 0 ? await session.get(keys) : {};
    const copies = z.array(reportCopySchema).safeParse(keys.map((copyKey) => stored[copyKey])).data;
    // A copy dropped meanwhile: the view is not shown rather than shown with a hole.
    return copies ? { entry, copies } : null;
  }

  const readList = (view: string) =>
    read('lists', view, listEntrySchema, (entry) => entry.ids).catch(() => null);

  return {
    /** data null: the page has no report; null: never looked up. */
    async pageReport(url: string): Promise<Cached<ReportSummary | null> | null> {
      const address = serviceAddress(url);
      const found =
        address &&
        (await read('pages', address, pageEntrySchema, (entry) => (entry.id ? [entry.id] : [])).catch(
          () => null,
        ));
      return found ? { data: found.copies[0] ?? null, fetchedAt: found.entry.at } : null;
    },
    async recent(host?: string | null): Promise<Cached<ReportSummary[]> | null> {
      const found = await readList(recentView(host));
      return found && { data: found.copies, fetchedAt: found.entry.at };
    },
    async list(view: string): Promise<(Page<ReportSummary> & { fetchedAt: number }) | null> {
      const found = await readList(view);
      return found?.entry.page
        ? { ...found.entry.page, items: found.copies, fetchedAt: found.entry.at }
        : null;
    },
  };
}
