// One connection's report store, written: every report answer the background gets, trimmed (summaryOf),
// within storage.session's budget; pages read it (lib/report-store.ts).
import { browser } from 'wxt/browser';
import type { Page, ReportId, ReportSummary } from '@/lib/api/types';
import { spaceKey } from '@/lib/connection-space';
import { RECENT_COUNT } from '@/lib/messaging/protocol';
import { serviceAddress, serviceHost } from '@/lib/page-address';
import { MAX_PAGE_URL_LENGTH } from '@/lib/page-url';
import { reportKey } from '@/lib/report-id';
import { summaryOf } from '@/lib/api/summary';
import { aliasesFrom, catalogFrom, storedReportName, type Catalog, type PageData } from '@/lib/report-store';
import { PAGE_ALIASES_KEY, STORE_KEY } from '@/lib/storage-keys';
import { budgets, dropCopies } from './storage-budget';

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

export function createReportStore(connectionId: string, now: () => number) {
  const { serially, set } = budgets.session;
  const session = browser.storage.session;
  const catalogKey = spaceKey(connectionId, STORE_KEY);
  const aliasesKey = spaceKey(connectionId, PAGE_ALIASES_KEY);
  const copyKey = (id: string) => spaceKey(connectionId, storedReportName(id));

  /** One update: the catalog changed in place, and the copies to write or drop. */
  function draftOf(catalog: Catalog) {
    const written = new Map<string, ReportSummary>();
    const dropped = new Set<string>();
    return {
      catalog,
      written,
      dropped,
      put(report: ReportSummary) {
        const id = reportKey(report.id);
        catalog.seen[id] = now();
        written.set(id, summaryOf(report));
        dropped.delete(id);
        return id;
      },
      drop(id: string) {
        delete catalog.seen[id];
        written.delete(id);
        dropped.add(id);
      },
      async copies() {
        const ids = Object.keys(catalog.seen);
        const stored = await session.get(ids.map(copyKey));
        return ids.flatMap((id) => {
          const copy = written.get(id) ?? (stored[copyKey(id)] as ReportSummary | undefined);
          return copy ? [copy] : [];
        });
      },
    };
  }

  function update(change: (draft: ReturnType<typeof draftOf>) => void | Promise<void>): Promise<void> {
    return serially(async () => {
      const draft = draftOf(catalogFrom((await session.get(catalogKey))[catalogKey]));
      await change(draft);
      const { catalog, written, dropped } = draft;
      dropCopies(catalog, dropped);
      await set({
        [catalogKey]: bounded(catalog),
        ...Object.fromEntries([...written].map(([id, copy]) => [copyKey(id), copy])),
      });
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
    seen: (...reports: ReportSummary[]) =>
      update((draft) => void reports.forEach((report) => draft.put(report))),

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
      update(async (draft) => {
        for (const copy of await draft.copies()) if (copy.project === name) draft.drop(reportKey(copy.id));
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
