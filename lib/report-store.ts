// The reports the background has seen, per connection, in storage.session under its id: a catalog (which
// report is a page's, which reports a list showed, and when) and one copy per report, a summary without a
// password or the raw results. The background alone writes it (entrypoints/background/report-store.ts).
import * as z from 'zod/mini';
import { PRIVACY_VALUES, REPORT_RESULTS, type Page } from './api/types';
import { activeConnectionId, spaceKey } from './connection-space';
import type { Cached } from './messaging/protocol';
import { browser } from './page-browser';
import { pageKey } from './page-address';
import { STORE_KEY } from './storage-keys';

/** storage.session, per connection: one report's copy (the catalog is under STORE_KEY). */
export const storedReportName = (id: string) => `report:${id}`;

const count = z.number();
/** A failed test as every stored item that names tests keeps it. */
export const checkImportance = z.enum(['high', 'medium', 'low']);
export const checkCategory = z.enum(['seo', 'performance', 'security', 'miscellaneous', 'other']);
const failedCheck = z.object({
  /** The test's key as the service sent it, e.g. "meta_description". */
  key: z.string(),
  /** What is wrong, plainly: "Meta description missing". Unknown tests: their key. */
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
  /** As the service stored it: phpRank keeps it without scheme and `www.` ("example.com/pricing"). */
  url: z.string(),
  /** The page's full http(s) address, for links: the address the service reached, else https:// + url. */
  pageUrl: z.nullable(z.string()),
  serviceUrl: z.nullable(z.string()),
  project: z.nullable(z.string()),
  /** The band of the score (the service's words); null while generating or when the service gave none. */
  result: z.nullable(z.enum(REPORT_RESULTS)),
  /** The 0–100 score as sent (maybe unrounded); null when the service sent only a word, or nothing. */
  score: z.nullable(z.number()),
  privacy: z.nullable(z.literal(PRIVACY_VALUES)),
  /** Whether the report page has a password, when the server says so. */
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
  /** null with a simple paginator or a bare array. */
  total: z.nullable(count),
  lastPage: z.nullable(count),
  hasNext: z.boolean(),
  hasPrevious: z.boolean(),
  from: z.nullable(count),
  to: z.nullable(count),
  /** The sort the server says it applied (read from its page links), where it says. */
  appliedSort: z.nullable(z.object({ sortBy: z.nullable(z.string()), sort: z.nullable(z.string()) })),
});
export type PageData = z.infer<typeof pageDataSchema>;

const pageEntrySchema = z.object({ id: z.nullable(z.string()), at: z.number() });
const listEntrySchema = z.object({
  ids: z.array(z.string()),
  /** The list's page data (not for the popup's lists). */
  page: z.optional(pageDataSchema),
  at: z.number(),
});

const catalogSchema = z.object({
  /** By page address, cleaned the service's way (lib/page-address.ts serviceAddress): its newest report. */
  pages: z.record(z.string(), pageEntrySchema),
  /** By view: `recent:` and a host ('' for all sites), or `list:` and the list query (listView). */
  lists: z.record(z.string(), listEntrySchema),
  /** Each kept copy's id, and when it was last seen: the oldest go first. */
  seen: z.record(z.string(), z.number()),
});
export type Catalog = z.infer<typeof catalogSchema>;

/** The view of the popup's recent list: every site (no host), or one. */
export const recentView = (host?: string | null) => `recent:${host ?? ''}`;

/** A stored catalog that does not fit (an older version's, a damaged one) is an empty one. */
export const catalogFrom = (value: unknown): Catalog =>
  catalogSchema.safeParse(value).data ?? { pages: {}, lists: {}, seen: {} };

/** Cleaned asked address → cleaned address the service stored it under (after a redirect). */
export const aliasesFrom = (value: unknown): Record<string, string> =>
  z.record(z.string(), z.string()).safeParse(value).data ?? {};

export type StoreReader = ReturnType<typeof readStore>;

/**
 * The store of connection `connectionId` (by default the active one), its catalog read once per reader.
 * Every read fails soft: what is not kept, or cannot be read, is null, and the page asks the service.
 */
export function readStore(connectionId?: string) {
  let owner: Promise<string> | undefined;
  const key = async (name: string) =>
    spaceKey(
      await (owner ??= connectionId === undefined ? activeConnectionId() : Promise.resolve(connectionId)),
      name,
    );
  let catalogRead: Promise<unknown> | undefined;
  const session = browser.storage.session;

  /** One entry of the catalog, if it fits `schema`, and the copies of its reports. */
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
    /** This page's report as last seen (data null: it has none), or null when never looked up. */
    async pageReport(url: string): Promise<Cached<ReportSummary | null> | null> {
      const address = pageKey(url);
      const found =
        address &&
        (await read('pages', address, pageEntrySchema, (entry) => (entry.id ? [entry.id] : [])).catch(
          () => null,
        ));
      return found ? { data: found.copies[0] ?? null, fetchedAt: found.entry.at } : null;
    },
    /** The popup's recent list for a host (or every site) as last seen. */
    async recent(host?: string | null): Promise<Cached<ReportSummary[]> | null> {
      const found = await readList(recentView(host));
      return found && { data: found.copies, fetchedAt: found.entry.at };
    },
    /** The last answer to a list query (its listView), or null. */
    async list(view: string): Promise<(Page<ReportSummary> & { fetchedAt: number }) | null> {
      const found = await readList(view);
      return found?.entry.page
        ? { ...found.entry.page, items: found.copies, fetchedAt: found.entry.at }
        : null;
    },
  };
}
