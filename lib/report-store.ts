// The reports the background has seen, per connection, in storage.session: a catalog (a page's report, a
// list's reports, when) and one trimmed copy per report (summaryOf), within storage.session's budget. Only
// the background writes it (createReportStore); pages and the toolbar score read it (readStore).
import * as z from 'zod/mini';
import type { Budget } from '@/entrypoints/background/storage-budget';
import { summaryOf } from './api/summary';
import { PRIVACY_VALUES, REPORT_RESULTS, type Page, type ReportId } from './api/types';
import { keysOf, spaceKey } from './connection-space';
import { RECENT_COUNT, type Cached } from './messaging/protocol';
import { browser } from './page-browser';
import { serviceAddress, serviceHost } from './page-address';
import { MAX_PAGE_URL_LENGTH } from './page-url';
import { reportKey } from './report-id';
import { PAGE_ALIASES_KEY, STORE_KEY } from './storage-keys';

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
type Catalog = z.infer<typeof catalogSchema>;

export const recentView = (host?: string | null) => `recent:${host ?? ''}`;

/** A stored catalog that does not fit (an older version's, a damaged one) is an empty one. */
export const catalogFrom = (value: unknown): Catalog =>
  catalogSchema.safeParse(value).data ?? { pages: {}, lists: {}, seen: {} };

/** Takes dropped copies out of every page, list and `seen` entry of `catalog`. */
export function dropCopies(catalog: Catalog, ids: Iterable<string>): void {
  const dropped = new Set(ids);
  if (dropped.size === 0) return;
  for (const id of dropped) delete catalog.seen[id];
  for (const [address, entry] of Object.entries(catalog.pages))
    if (entry.id !== null && dropped.has(entry.id)) delete catalog.pages[address];
  for (const list of Object.values(catalog.lists)) list.ids = list.ids.filter((id) => !dropped.has(id));
}

/** Asked address → the address the service stored it under (after a redirect). */
const aliasesFrom = (value: unknown): Record<string, string> =>
  z.record(z.string(), z.string()).safeParse(value).data ?? {};

/**
 * Connection `connectionId`'s store (by default the active one's); `catalog`: its catalog, when already read.
 * What is not kept or cannot be read is null.
 */
export function readStore(connectionId?: string, catalog?: unknown) {
  const key = keysOf(connectionId);
  let catalogRead: Promise<unknown> | undefined =
    catalog === undefined ? undefined : Promise.resolve(catalog);
  const session = browser.storage.session;

  async function read<T extends { at: number }>(
    part: 'pages' | 'lists',
    name: string,
    schema: z.ZodMiniType<T>,
    ids: (entry: T) => string[],
  ) {
    try {
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
    } catch {
      return null;
    }
  }

  const readList = (view: string) => read('lists', view, listEntrySchema, (entry) => entry.ids);

  return {
    /** data null: the page has no report; null: never looked up. */
    async pageReport(url: string): Promise<Cached<ReportSummary | null> | null> {
      const address = serviceAddress(url);
      const found =
        address && (await read('pages', address, pageEntrySchema, (entry) => (entry.id ? [entry.id] : [])));
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

// Bounds of the catalog itself (the copies are the budget's).
const MAX_LISTS = 16;
const MAX_PAGES = 2_500;
const MAX_ALIASES = 200;
const MAX_ADDRESS_CHARACTERS = 500_000;

export const summaryPage = (page: Page<ReportSummary>): Page<ReportSummary> => ({
  ...page,
  items: page.items.map(summaryOf),
});

export type ReportStore = ReturnType<typeof createReportStore>;

interface Draft {
  catalog: Catalog;
  /** Keeps a trimmed copy of `report`, seen now; returns its id. */
  put(report: ReportSummary): string;
  drop(id: string): void;
}

/** Connection `connectionId`'s store, written within `budget`; nothing once `gone` (removed, another account). */
export function createReportStore(
  connectionId: string,
  { serially, set }: Budget,
  now: () => number,
  gone?: AbortSignal,
) {
  const session = browser.storage.session;
  const catalogKey = spaceKey(connectionId, STORE_KEY);
  const aliasesKey = spaceKey(connectionId, PAGE_ALIASES_KEY);
  const copyKey = (id: string) => spaceKey(connectionId, storedReportName(id));

  /** One change of the catalog (in place), written with the copies `put`; the copies dropped go. */
  function update(change: (draft: Draft) => void | Promise<void>): Promise<void> {
    return serially(async () => {
      // Checked in the queue, as clearSpace runs there: a change begun before the connection went is cleared.
      if (gone?.aborted) return;
      const catalog = catalogFrom((await session.get(catalogKey))[catalogKey]);
      const written: Record<string, ReportSummary> = {};
      const dropped = new Set<string>();
      await change({
        catalog,
        put(report) {
          const id = reportKey(report.id);
          catalog.seen[id] = now();
          written[copyKey(id)] = summaryOf(report);
          dropped.delete(id);
          return id;
        },
        drop(id) {
          delete written[copyKey(id)];
          dropped.add(id);
        },
      });
      dropCopies(catalog, dropped);
      await set({ [catalogKey]: bounded(catalog), ...written });
      if (dropped.size > 0) await session.remove([...dropped].map(copyKey));
    });
  }

  const readAliases = async () => aliasesFrom((await browser.storage.local.get(aliasesKey))[aliasesKey]);

  /** The addresses `report` is the newest report of, with those a create was redirected from to one of them. */
  function addressesOf(report: ReportSummary, aliases: Record<string, string>, pageUrl?: string): string[] {
    const cleaned = [report.url, report.pageUrl, pageUrl].map(
      (address) => address && serviceAddress(address),
    );
    const own = new Set(cleaned.filter((key) => !!key && key.length <= MAX_PAGE_URL_LENGTH) as string[]);
    const redirected = Object.entries(aliases).filter(([from, to]) => own.has(to) && !own.has(from));
    return [...own, ...redirected.map(([from]) => from)];
  }

  /** Keeps the reports, and for a `view` which they were. */
  function list(view: string | null, reports: readonly ReportSummary[], page?: PageData) {
    return update(({ catalog, put }) => {
      const ids = reports.map(put);
      if (view === null) return;
      delete catalog.lists[view];
      catalog.lists[view] = page ? { ids, page, at: now() } : { ids, at: now() };
    });
  }

  function isNewestOf(catalog: Catalog, id: string, addresses: readonly string[]) {
    for (const address of addresses) {
      delete catalog.pages[address];
      catalog.pages[address] = { id, at: now() };
    }
  }

  return {
    seen: (report: ReportSummary) => update(({ put }) => void put(report)),

    /** A list's answer; `view`: the view a page shows it in. */
    listed: ({ items, ...page }: Page<ReportSummary>, view: string | null) => list(view, items, page),

    recentFound: (view: string, reports: readonly ReportSummary[]) => list(view, reports),

    /** The address a create of `pageUrl` was redirected to, if any. */
    async aliasOf(pageUrl: string): Promise<string | null> {
      const asked = serviceAddress(pageUrl);
      return asked === null ? null : ((await readAliases())[asked] ?? null);
    },

    pageFound: (url: string, report: ReportSummary | null) =>
      update(async ({ catalog, put }) => {
        const address = serviceAddress(url);
        if (report) isNewestOf(catalog, put(report), addressesOf(report, await readAliases(), url));
        else if (address) catalog.pages[address] = { id: null, at: now() };
      }),

    /** The page's report, heading the recent lists of its site. */
    created: (pageUrl: string, report: ReportSummary) =>
      update(async ({ catalog, put }) => {
        await rememberAlias(pageUrl, report.url);
        const id = put(report);
        isNewestOf(catalog, id, addressesOf(report, await readAliases(), pageUrl));
        const site = serviceHost(report.url);
        for (const [view, list] of Object.entries(catalog.lists)) {
          const host = view.startsWith('recent:') ? view.slice('recent:'.length) : null;
          if (host === null || (host !== '' && serviceHost(host) !== site)) continue;
          list.ids = [id, ...list.ids.filter((other) => other !== id)].slice(0, RECENT_COUNT);
        }
      }),

    gone: (id: ReportId) => update(({ drop }) => drop(reportKey(id))),

    projectGone: (name: string) =>
      update(async ({ catalog, drop }) => {
        const ids = Object.keys(catalog.seen);
        const stored = await session.get(ids.map(copyKey));
        for (const id of ids)
          if ((stored[copyKey(id)] as ReportSummary | undefined)?.project === name) drop(id);
      }),

    /**
     * The account's newest reports, newest first: each becomes the report of its addresses. A read of every
     * report started at `completeSince` drops the copies seen before it and not in it (gone from the service).
     */
    indexed: (reports: readonly ReportSummary[], completeSince: number | null) =>
      update(async ({ catalog, put, drop }) => {
        if (completeSince !== null) {
          const read = new Set(reports.map((report) => reportKey(report.id)));
          for (const [id, seen] of Object.entries(catalog.seen))
            if (seen < completeSince && !read.has(id)) drop(id);
        }
        const aliases = await readAliases();
        const claimed = new Set<string>();
        for (const report of reports) {
          // Its list answer already wrote the copy: only one evicted since is written again.
          const kept = reportKey(report.id);
          const id = kept in catalog.seen ? kept : put(report);
          const addresses = addressesOf(report, aliases).filter((address) => !claimed.has(address));
          addresses.forEach((address) => claimed.add(address));
          isNewestOf(catalog, id, addresses);
        }
      }),
  };

  async function rememberAlias(askedUrl: string, storedUrl: string): Promise<void> {
    const asked = serviceAddress(askedUrl);
    const stored = serviceAddress(storedUrl);
    if (asked === null || stored === null || asked === stored) return;
    const aliases = await readAliases();
    delete aliases[asked];
    aliases[asked] = stored;
    await browser.storage.local.set({ [aliasesKey]: newest(aliases, MAX_ALIASES) });
  }
}

function bounded(catalog: Catalog): Catalog {
  let pages = newest(catalog.pages, MAX_PAGES);
  // However long each address, all together stay small (about 1 MB at most).
  let characters = Object.keys(pages).reduce((sum, address) => sum + address.length, 0);
  if (characters > MAX_ADDRESS_CHARACTERS) {
    const entries = Object.entries(pages);
    while (characters > MAX_ADDRESS_CHARACTERS) characters -= entries.shift()![0].length;
    pages = Object.fromEntries(entries);
  }
  return { ...catalog, pages, lists: newest(catalog.lists, MAX_LISTS) };
}

/** Keeps the last `max` entries by insertion order (setters re-insert what they touch). */
function newest<T>(map: Record<string, T>, max: number): Record<string, T> {
  const entries = Object.entries(map);
  return entries.length <= max ? map : Object.fromEntries(entries.slice(entries.length - max));
}
