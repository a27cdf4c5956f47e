// A site at a glance: one connection's reads of its projects' reports, kept as one row a report; pages
// watch the project's SiteView (lib/site.ts). A read is a job of the runner that lists the project newest id
// first (an order a regeneration does not change, so Stop and a later read miss nothing), at most
// SITE_READ_CAP reports. A second visit lists page 0 first: the one list read, newest generated first, that
// finds the kept rows current (isCurrent); report events keep the rows current.
import type { ApiError } from '@/lib/api/errors';
import type { Page, Report, ReportId } from '@/lib/api/types';
import type { PageInput } from '@/lib/messaging/protocol';
import { abortableSleep } from '@/lib/pace';
import { reportKey } from '@/lib/report-id';
import { SITE_READ_CAP, siteViewName, type SiteReadState, type SiteView } from '@/lib/site';
import {
  aggregateSite,
  pagesFailing,
  siteRowOf,
  type SiteReadFacts,
  type SiteRow,
} from '@/lib/site-aggregate';
import { SITE_JOB_PREFIX, SITE_KEPT_KEY, SITE_ROWS_PREFIX } from '@/lib/storage-keys';
import { apiError } from './error-messages';
import { createRunner, ended, newJob, workAlarm, type Job, type JobKind } from './jobs/runner';
import { PACED } from './service/client';
import type { Service } from './service';
import { budgets, spaceItem, StorageFull, storageFullError } from './storage-budget';

const PAGE_SIZE = 100;
/** Report answers reach the kept rows together, this long after the first of them. */
const ROWS_WRITE_AFTER_MS = 2000;

/** The rows of a project's last complete read. */
interface KeptRows extends SiteReadFacts {
  rows: SiteRow[];
}

/** A job of listing only (no steps); its page 0 is the list read that checks the kept rows. */
interface ReadJob extends Job, Omit<KeptRows, 'readAt'> {
  /** The check found the kept rows current: they stay as stored, answers noted meanwhile included. */
  current?: boolean;
}

/** A project whose rows are kept, and when a read of it last started or ended (the budget's age). */
interface KeptProject {
  name: string;
  at: number;
}

const ok = { ok: true, data: null } as const;

/**
 * Whether the kept rows are still the project's: as many reports, each of the newest page kept as generated
 * then, and that page holds all generated since (phpRank ignores the sort: a larger project is read again).
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

/** Reads reports whole, with every failed test. */
export function createSiteReads(
  connectionId: string,
  service: Pick<Service, 'listReports'>,
  gone: AbortSignal,
) {
  const { serially } = budgets.session;
  const viewItem = (project: string) =>
    spaceItem<SiteView | null>('session', connectionId, siteViewName(project), null, budgets.session);
  const rowsItem = (project: string) =>
    spaceItem<KeptRows | null>('session', connectionId, SITE_ROWS_PREFIX + project, null, budgets.session);
  const jobItem = (project: string) =>
    spaceItem<ReadJob | null>('session', connectionId, SITE_JOB_PREFIX + project, null, budgets.session);
  const keptItem = spaceItem<KeptProject[]>('session', connectionId, SITE_KEPT_KEY, [], budgets.session);
  const runners = new Map<string, ReturnType<typeof createRunner<ReadJob>>>();

  const summaryOf = (project: string, kept: KeptRows) => aggregateSite(project, kept.rows, kept);

  /** Writes where the read is; the summary stays unless a new one is given. */
  async function setRead(project: string, read: SiteReadState, summary?: SiteView['summary']) {
    const item = viewItem(project);
    const before = summary === undefined ? await item.getValue() : null;
    await item.setValue({ summary: summary === undefined ? (before?.summary ?? null) : summary, read });
  }

  /** Not even the failure fits: no view rather than one "reading" for ever. */
  const failed = (project: string, error: ApiError) =>
    setRead(project, { phase: 'failed', error }).catch(() => viewItem(project).removeValue());

  async function keep(project: string) {
    const kept = (await keptItem.getValue()).filter((entry) => entry.name !== project);
    await keptItem.setValue([...kept, { name: project, at: Date.now() }]);
  }

  async function fromTheStart(project: string) {
    await keep(project);
    await setRead(project, { phase: 'reading', read: 0, total: null });
  }

  const listed = (project: string, sortBy: 'id' | 'generated_at', page: number) =>
    service.listReports({ project, sortBy, sort: 'desc', perPage: PAGE_SIZE, page }, false, PACED);

  const readOf = (project: string): JobKind<ReadJob, Report> => ({
    name: 'site read',
    list: (_job, page) => (page === 0 ? listed(project, 'generated_at', 1) : listed(project, 'id', page)),

    async listed(job, page) {
      if (job.nextPage === 0) {
        const kept = await rowsItem(project).getValue();
        // Found current now, so read now: pages that read again once a summary is old do not ask every visit.
        if (kept && isCurrent(kept, page)) {
          job.current = true;
          return false;
        }
        await fromTheStart(project);
        // Newest generated first, a page of a larger project is no page of the listing by id.
        if (page.hasNext) return true;
      }
      const rows = new Map(job.rows.map((row) => [reportKey(row.id), row]));
      const before = rows.size;
      for (const report of page.items) {
        const key = reportKey(report.id);
        if (rows.has(key) || rows.size < SITE_READ_CAP) rows.set(key, siteRowOf(report));
      }
      const full = rows.size >= SITE_READ_CAP;
      const total = page.total ?? job.total;
      const cut = full && (page.hasNext || (total !== null && total > rows.size));
      Object.assign(job, { rows: [...rows.values()], total, cut });
      const more = rows.size > before && !full;
      if (more && page.hasNext) await setRead(project, { phase: 'reading', read: rows.size, total });
      return more;
    },

    async ended(job) {
      if (job.error) return failed(project, job.error);
      // Stopped while checking the kept rows: they stay as they were.
      if (job.nextPage === 0) return;
      if (job.nextPage !== undefined)
        return setRead(project, { phase: 'stopped', read: job.rows.length, total: job.total });
      try {
        const read = job.current ? ((await rowsItem(project).getValue()) ?? job) : job;
        const kept = { rows: read.rows, total: read.total, cut: read.cut, readAt: Date.now() };
        await rowsItem(project).setValue(kept);
        await keep(project);
        await setRead(project, { phase: 'done' }, summaryOf(project, kept));
        job.rows = [];
      } catch (cause) {
        if (!(cause instanceof StorageFull)) throw cause;
        await failed(project, storageFullError('session'));
      }
    },
  });

  function runnerOf(project: string) {
    let runner = runners.get(project);
    if (!runner) {
      runner = createRunner<ReadJob, Report>(readOf(project), {
        item: jobItem(project),
        alarm: workAlarm('site', connectionId, project),
        gone,
      });
      runners.set(project, runner);
    }
    return runner;
  }

  /** Starts reading `project`, going on with a read stopped or failed, unless one runs already. */
  async function start(project: string, fresh: boolean): Promise<void> {
    const previous = await jobItem(project).getValue();
    if (!ended(previous)) return;
    const goOn = !fresh && previous?.nextPage !== undefined ? previous : null;
    const check = !fresh && !goOn && (await rowsItem(project).getValue()) !== null;
    const job: ReadJob = {
      ...newJob(crypto.randomUUID(), []),
      phase: 'collecting',
      nextPage: goOn?.nextPage ?? (check ? 0 : 1),
      rows: goOn?.rows ?? [],
      total: goOn?.total ?? null,
      cut: false,
    };
    await runnerOf(project).start(job, goOn || check ? undefined : () => fromTheStart(project));
  }

  /** Changes `rows` of kept project `project` (`kept` null: the read so far's); whether it did. */
  type RowChange = (project: string, rows: Map<string, SiteRow>, kept: KeptRows | null) => boolean;
  let rowChanges: RowChange[] = [];
  let rowsWritten: Promise<void> | null = null;

  /** Changes are written together, one write a project: a bulk job's answers would rewrite rows each step. */
  function laterRows(change: RowChange): Promise<void> {
    rowChanges.push(change);
    rowsWritten ??= abortableSleep(ROWS_WRITE_AFTER_MS).then(() =>
      serially(async () => {
        const changes = rowChanges;
        rowChanges = [];
        rowsWritten = null;
        if (gone.aborted) return;
        for (const project of await keptNames()) {
          await editRows(project, (rows, kept) =>
            changes.reduce((changed, each) => each(project, rows, kept) || changed, false),
          );
        }
      }),
    );
    return rowsWritten;
  }

  async function editRows(
    project: string,
    change: (rows: Map<string, SiteRow>, kept: KeptRows | null) => boolean,
  ): Promise<void> {
    const [kept, job] = await Promise.all([rowsItem(project).getValue(), jobItem(project).getValue()]);
    if (job && job.rows.length > 0) {
      const rows = new Map(job.rows.map((row) => [reportKey(row.id), row]));
      if (change(rows, null)) await jobItem(project).setValue({ ...job, rows: [...rows.values()] });
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

  const keptNames = async () => new Set((await keptItem.getValue()).map((entry) => entry.name));

  return {
    /** At start-up (every kept project) and on a read's alarm: a read a stopped worker left goes on. */
    async resume(project?: string): Promise<void> {
      const projects = project === undefined ? await keptNames() : [project];
      await Promise.all([...projects].map((each) => runnerOf(each).resume()));
    },

    /** Reports answered whole: their kept projects' rows follow, within ROWS_WRITE_AFTER_MS. */
    noted: (reports: Report[]) =>
      laterRows((project, rows, kept) => {
        let changed = false;
        for (const report of reports) {
          if (report.project !== project) continue;
          const key = reportKey(report.id);
          // A read under way or cut finds a new report itself (a page with nothing new would end it).
          if (!rows.has(key) && (!kept || kept.cut || rows.size >= SITE_READ_CAP)) continue;
          rows.set(key, siteRowOf(report));
          changed = true;
        }
        return changed;
      }),

    gone: (id: ReportId) => laterRows((_project, rows) => rows.delete(reportKey(id))),

    projectGone: (project: string) =>
      serially(async () => {
        const items = [rowsItem(project), viewItem(project), jobItem(project)];
        await Promise.all(items.map((item) => item.removeValue()));
        await keptItem.setValue((await keptItem.getValue()).filter((entry) => entry.name !== project));
      }),

    handlers: {
      'site.read': async ({ name, fresh }: PageInput<'site.read'>) => {
        await start(name, fresh === true).catch((cause) => {
          console.error('Page Reports: site read', cause);
          const error = cause instanceof StorageFull ? storageFullError('session') : apiError('unexpected');
          return serially(() => failed(name, error));
        });
        return ok;
      },

      'site.stop': async ({ name }: PageInput<'site.stop'>) => {
        await runnerOf(name).stop();
        return ok;
      },

      'site.pages': async ({ name, test }: PageInput<'site.pages'>) => ({
        ok: true as const,
        data: pagesFailing((await rowsItem(name).getValue())?.rows ?? [], test),
      }),
    },
  };
}
