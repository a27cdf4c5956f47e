// A site at a glance: one connection's reads of its projects' reports, with their tests. Each report is
// kept as one row (storage.session, background only); pages watch the project's SiteView (lib/site.ts):
// the aggregate of the last complete read and where the read is. Reads go 100 reports a page, newest id
// first (an order a regeneration does not change, so Stop and a later read miss nothing), paced to the
// service's throttle (lib/pace.ts), at most SITE_READ_CAP reports. A second visit costs one list read: the
// newest page by generated_at tells whether anything changed since (see isCurrent). Stop keeps the rows
// read and the page reached, and the next read goes on from there. The handlers' report events keep a
// kept project's rows current without any read.
import type { ApiError, Result } from '@/lib/api/errors';
import type { Page, Report, ReportId } from '@/lib/api/types';
import type { ReportListQuery } from '@/lib/messaging/inputs';
import type { PageInput } from '@/lib/messaging/protocol';
import { abortableSleep, createPacer } from '@/lib/pace';
import { reportKey } from '@/lib/report-id';
import { SITE_READ_CAP, siteViewName, type SiteReadState, type SiteView } from '@/lib/site';
import {
  aggregateSite,
  pagesFailing,
  siteRowOf,
  type SiteReadFacts,
  type SiteRow,
} from '@/lib/site-aggregate';
import { SITE_KEPT_KEY, SITE_READ_PREFIX, SITE_ROWS_PREFIX } from '@/lib/storage-keys';
import { apiError } from './error-messages';
import { spaceItem } from './space';
import { budgets, StorageFull, storageFullError } from './storage-budget';

const PAGE_SIZE = 100;
/** Report answers reach the kept rows together, this long after the first of them. */
const ROWS_WRITE_AFTER_MS = 2000;

/** The rows of a project's last complete read. */
interface KeptRows extends SiteReadFacts {
  rows: SiteRow[];
}

/** A read under way, stopped or failed: the rows so far and the page to read next. */
interface ReadSoFar {
  rows: SiteRow[];
  nextPage: number;
  total: number | null;
}

/** A project whose rows are kept, and when a read of it last started or ended (storage-budget.ts). */
interface KeptProject {
  name: string;
  at: number;
}

/** One read running in this worker. */
interface Run {
  stop: AbortController;
  /** The project was deleted: nothing of this read is written any more. */
  dropped: boolean;
}

export interface SiteDeps {
  /** The connection the reads run on: their requests go to its server alone (`list`). */
  connectionId: string;
  /** A list of reports, whole (with every failed test). */
  list(query: ReportListQuery): Promise<Result<Page<Report>>>;
  now(): number;
  /** Keeps the worker alive while a read runs. */
  keepAliveWhile<T>(work: Promise<T>): Promise<T>;
}

const ok = { ok: true, data: null } as const;

/**
 * Whether the kept rows are still the project's: the service counts as many reports as were kept, each
 * report of its newest page is kept as generated then, and that page holds every report generated since
 * the read (the server sorted by generated_at, newest first) or the whole project. phpRank ignores that
 * sort (it sorts by id): a larger project is then read again in full.
 */
function isCurrent(kept: KeptRows, newest: Page<Report>): boolean {
  const total = newest.total ?? (newest.hasNext ? null : newest.items.length);
  if (total === null || total !== (kept.cut ? kept.total : kept.rows.length)) return false;
  const generated = new Map(kept.rows.map((row) => [reportKey(row.id), row.generatedAt]));
  const unchanged = newest.items.every(
    (report) => generated.get(reportKey(report.id)) === report.generatedAt,
  );
  const sorted = newest.appliedSort?.sortBy === 'generated_at' && newest.appliedSort.sort === 'desc';
  return unchanged && (sorted || !newest.hasNext);
}

export function createSiteReads(deps: SiteDeps) {
  const { connectionId, now } = deps;
  // Rows and views are kept within storage.session's budget, written in its queue.
  const { serially } = budgets.session;
  const viewItem = (project: string) =>
    spaceItem<SiteView | null>('session', connectionId, siteViewName(project), null, budgets.session);
  const rowsItem = (project: string) =>
    spaceItem<KeptRows | null>('session', connectionId, SITE_ROWS_PREFIX + project, null, budgets.session);
  const soFarItem = (project: string) =>
    spaceItem<ReadSoFar | null>('session', connectionId, SITE_READ_PREFIX + project, null, budgets.session);
  const keptItem = spaceItem<KeptProject[]>('session', connectionId, SITE_KEPT_KEY, [], budgets.session);
  const runs = new Map<string, Run>();
  let connectionDropped = false;

  const summaryOf = (project: string, kept: KeptRows) => aggregateSite(project, kept.rows, kept);

  /** Writes where the read is; the summary stays unless a new one is given. */
  async function setRead(project: string, read: SiteReadState, summary?: SiteView['summary']) {
    const item = viewItem(project);
    const before = summary === undefined ? await item.getValue() : null;
    await item.setValue({ summary: summary === undefined ? (before?.summary ?? null) : summary, read });
  }

  /** Notes `project` as kept, used now. */
  async function keep(project: string) {
    const kept = (await keptItem.getValue()).filter((entry) => entry.name !== project);
    await keptItem.setValue([...kept, { name: project, at: now() }]);
  }

  async function forget(project: string) {
    await Promise.all(
      [rowsItem(project), soFarItem(project), viewItem(project)].map((item) => item.removeValue()),
    );
  }

  /** Reads `project` (or goes on with its read so far); ends having written the view's last state. */
  async function readProject(project: string, fresh: boolean, run: Run): Promise<void> {
    const pacer = createPacer();
    let notBefore = 0;

    /** One page, paced; after a 429 the same page once the service's wait is over. null: stopped first. */
    async function fetchPage(
      page: number,
      sortBy: 'id' | 'generated_at' = 'id',
    ): Promise<Result<Page<Report>> | null> {
      for (;;) {
        const wait = notBefore - now();
        if (wait > 0) await abortableSleep(wait, run.stop.signal);
        if (run.stop.signal.aborted) return null;
        const sentAt = now();
        const query = { project, sortBy, sort: 'desc', perPage: PAGE_SIZE, page } as const;
        const answer = await deps.list(query);
        const waitMs = pacer.after(answer);
        if (waitMs !== null) {
          notBefore = now() + waitMs;
          continue;
        }
        notBefore = Math.max(now(), sentAt + pacer.next());
        return answer;
      }
    }

    const failed = (error: ApiError) =>
      serially(async () => {
        if (!run.dropped) await setRead(project, { phase: 'failed', error });
      });

    let nextPage = fresh ? null : ((await soFarItem(project).getValue())?.nextPage ?? null);
    if (nextPage === null) {
      const kept = fresh ? null : await rowsItem(project).getValue();
      if (kept) {
        const answer = await fetchPage(1, 'generated_at');
        if (answer === null) return;
        if (!answer.ok) return failed(answer.error);
        if (isCurrent(kept, answer.data)) {
          return serially(async () => {
            // As kept now: report answers may have changed the rows meanwhile. Found current now, so read now:
            // pages that read again once a summary is old do not ask on every visit.
            const current = await rowsItem(project).getValue();
            if (run.dropped || !current) return;
            const confirmed = { ...current, readAt: now() };
            await rowsItem(project).setValue(confirmed);
            await keep(project);
            await setRead(project, { phase: 'done' }, summaryOf(project, confirmed));
          });
        }
      }
      nextPage = 1;
      await serially(async () => {
        if (run.dropped) return;
        await soFarItem(project).setValue({ rows: [], nextPage: 1, total: null });
        await keep(project);
        await setRead(project, { phase: 'reading', read: 0, total: null });
      });
    }
    while (nextPage !== null) {
      const answer = await fetchPage(nextPage);
      if (answer === null) return stopped(project, run);
      if (!answer.ok) return failed(answer.error);
      nextPage = await takePage(project, run, answer.data);
    }
  }

  /** Adds a page's reports to the read so far; the page to read next, or null once the read ended. */
  function takePage(project: string, run: Run, page: Page<Report>): Promise<number | null> {
    return serially(async () => {
      if (run.dropped) return null;
      const soFar = (await soFarItem(project).getValue()) ?? { rows: [], nextPage: 1, total: null };
      const rows = new Map(soFar.rows.map((row) => [reportKey(row.id), row]));
      const before = rows.size;
      for (const report of page.items) {
        const key = reportKey(report.id);
        if (rows.has(key) || rows.size < SITE_READ_CAP) rows.set(key, siteRowOf(report));
      }
      const total = page.total ?? soFar.total;
      const full = rows.size >= SITE_READ_CAP;
      // A page with nothing new ends the read too: a server repeating a page is not paged on.
      if (page.hasNext && rows.size > before && !full) {
        const next = { rows: [...rows.values()], nextPage: soFar.nextPage + 1, total };
        await soFarItem(project).setValue(next);
        await setRead(project, { phase: 'reading', read: rows.size, total });
        return next.nextPage;
      }
      const cut = full && (page.hasNext || (total !== null && total > rows.size));
      const kept: KeptRows = { rows: [...rows.values()], total, cut, readAt: now() };
      await rowsItem(project).setValue(kept);
      await soFarItem(project).removeValue();
      await keep(project);
      await setRead(project, { phase: 'done' }, summaryOf(project, kept));
      return null;
    });
  }

  function stopped(project: string, run: Run) {
    return serially(async () => {
      const soFar = await soFarItem(project).getValue();
      // Stopped while checking kept rows: they stay as they were.
      if (run.dropped || !soFar) return;
      await setRead(project, { phase: 'stopped', read: soFar.rows.length, total: soFar.total });
    });
  }

  /** Changes `rows` of kept project `project` (`kept` null: the read so far's); whether it did. */
  type RowChange = (project: string, rows: Map<string, SiteRow>, kept: KeptRows | null) => boolean;
  let rowChanges: RowChange[] = [];
  let rowsWritten: Promise<void> | null = null;

  /**
   * Applies `change` to every kept project's rows with those due meanwhile, in one write a project (a
   * project's rows are about 1 KB a report: a bulk job's answers would otherwise rewrite them each step).
   */
  function laterRows(change: RowChange): Promise<void> {
    rowChanges.push(change);
    rowsWritten ??= abortableSleep(ROWS_WRITE_AFTER_MS).then(() =>
      serially(async () => {
        const changes = rowChanges;
        rowChanges = [];
        rowsWritten = null;
        if (connectionDropped) return;
        for (const project of await keptNames()) {
          await editRows(project, (rows, kept) =>
            changes.reduce((changed, each) => each(project, rows, kept) || changed, false),
          );
        }
      }),
    );
    return rowsWritten;
  }

  /** Changes the rows of kept project `project`, the read so far's and the kept ones, as `change` does. */
  async function editRows(
    project: string,
    change: (rows: Map<string, SiteRow>, kept: KeptRows | null) => boolean,
  ): Promise<void> {
    const [kept, soFar] = await Promise.all([rowsItem(project).getValue(), soFarItem(project).getValue()]);
    if (soFar) {
      const rows = new Map(soFar.rows.map((row) => [reportKey(row.id), row]));
      if (change(rows, null)) await soFarItem(project).setValue({ ...soFar, rows: [...rows.values()] });
    }
    if (!kept) return;
    const rows = new Map(kept.rows.map((row) => [reportKey(row.id), row]));
    const before = rows.size;
    if (!change(rows, kept)) return;
    // Not cut: the service's count moves with the rows.
    const total = kept.total === null || kept.cut ? kept.total : kept.total + rows.size - before;
    const changed: KeptRows = { ...kept, rows: [...rows.values()], total };
    await rowsItem(project).setValue(changed);
    const view = await viewItem(project).getValue();
    await setRead(project, view?.read ?? { phase: 'done' }, summaryOf(project, changed));
  }

  /** Starts reading `project`, unless a read of it runs already. */
  function start(project: string, fresh: boolean): void {
    if (runs.has(project)) return;
    const run: Run = { stop: new AbortController(), dropped: false };
    runs.set(project, run);
    void deps
      .keepAliveWhile(readProject(project, fresh, run))
      .catch(async (cause) => {
        // Storage failed us: the read ends failed, saying why; what was read so far stays for the next read.
        console.error('Page Reports: site read', cause);
        const error = cause instanceof StorageFull ? storageFullError('session') : apiError('unexpected');
        await serially(() => setRead(project, { phase: 'failed', error })).catch(() =>
          // Not even that fits: no view rather than one "reading" that each worker start resumes.
          viewItem(project).removeValue(),
        );
      })
      .finally(() => {
        if (runs.get(project) === run) runs.delete(project);
      });
  }

  const keptNames = async () => new Set((await keptItem.getValue()).map((entry) => entry.name));

  return {
    /** Its connection is gone, or is another account now: every read stops and writes nothing more. */
    drop() {
      connectionDropped = true;
      for (const run of runs.values()) {
        run.dropped = true;
        run.stop.abort();
      }
    },

    /** At start-up: a read a stopped worker left under way goes on (its page may still show it). */
    async resume(): Promise<void> {
      for (const project of await keptNames()) {
        if ((await viewItem(project).getValue())?.read.phase === 'reading') start(project, false);
      }
    },

    /**
     * Reports answered whole (created, changed, read again): the rows of their kept projects follow, within
     * ROWS_WRITE_AFTER_MS (resolves then).
     */
    noted: (reports: Report[]) =>
      laterRows((project, rows, kept) => {
        let changed = false;
        for (const report of reports) {
          if (report.project !== project) continue;
          const key = reportKey(report.id);
          // A read under way finds a new report on its page (and a page with nothing new would end it);
          // a cut read keeps the reports it read, and one added since is read next time.
          if (!rows.has(key) && (!kept || kept.cut || rows.size >= SITE_READ_CAP)) continue;
          rows.set(key, siteRowOf(report));
          changed = true;
        }
        return changed;
      }),

    /** A report deleted, or gone from the service: no project keeps it (within ROWS_WRITE_AFTER_MS). */
    gone: (id: ReportId) => laterRows((_project, rows) => rows.delete(reportKey(id))),

    /** A project deleted: its read stops, its rows and view go. */
    projectGone: (project: string) =>
      serially(async () => {
        const run = runs.get(project);
        if (run) {
          run.dropped = true;
          run.stop.abort();
        }
        await forget(project);
        await keptItem.setValue((await keptItem.getValue()).filter((entry) => entry.name !== project));
      }),

    handlers: {
      'site.read': async ({ name, fresh }: PageInput<'site.read'>) => {
        start(name, fresh === true);
        return ok;
      },

      'site.stop': async ({ name }: PageInput<'site.stop'>) => {
        runs.get(name)?.stop.abort();
        return ok;
      },

      'site.pages': async ({ name, test }: PageInput<'site.pages'>) => ({
        ok: true as const,
        data: pagesFailing((await rowsItem(name).getValue())?.rows ?? [], test),
      }),
    },
  };
}
