// Everything one connection keeps and runs: its report store, creates running, the follower, the bulk
// job and its projects' site reads. Each is built for one connection (its id and account) and stores under
// that id; its requests go through that connection's service (./service.ts). It hears of every report
// answer through the service's events, each for the connection that answered, and of a page's create
// while it runs. A switch changes nothing here; a connection removed or saved as another account gets no
// request from its old work, and its old work writes nothing more (`drop`).
import { apiError } from '@/entrypoints/background/error-messages';
import type { Result } from '@/lib/api/errors';
import type { CreateReportInput } from '@/lib/messaging/inputs';
import type { Report, ReportSummary } from '@/lib/api/types';
import { isGenerating } from '@/lib/report-state';
import { createBulkChanges } from './jobs/bulk-change';
import { createCreateRuns, createRunsItem } from './create-runs';
import { createFollower } from './follower';
import type { Events } from './events';
import { createHistory } from './history';
import { createReportStore } from './report-store';
import { createSiteReads } from './site-reads';
import type { Service } from './service';
import { refOf, type Connection, type ConnectionRef, type Connections } from './settings/storage';

type Alarms = Parameters<typeof createFollower>[0]['alarms'] &
  Parameters<typeof createBulkChanges>[0]['alarms'];

export interface WorkDeps {
  serviceOf(ref: ConnectionRef): Service;
  events: Pick<Events, 'on'>;
  readConnections(): Promise<Connections>;
  alarms: Alarms;
  now(): number;
  /** Keeps the worker alive while `work` runs (Chrome stops a worker whose fetch takes over 30 s). */
  keepAliveWhile<T>(work: Promise<T>): Promise<T>;
}

export type ConnectionWork = ReturnType<ReturnType<typeof createConnectionWorks>['workFor']>;

/** Jobs wait out a 429 with their own pacer (lib/pace.ts): the client hands it back at once. */
const PACED = { paced: true } as const;

export function createConnectionWorks(deps: WorkDeps) {
  const made = new Map<string, ReturnType<typeof build>>();

  /** The active connection (the id of an entry read before any was saved is '': nothing to reach). */
  async function activeRef(): Promise<ConnectionRef> {
    const { active, list } = await deps.readConnections();
    const entry: Partial<Connection> = list.find((item) => item.id === active) ?? {};
    return refOf(entry);
  }

  function workFor(ref: ConnectionRef) {
    const key = `${ref.id}\n${ref.account}`;
    let work = made.get(key);
    if (!work) made.set(key, (work = build(ref)));
    return work;
  }

  function build(ref: ConnectionRef) {
    const { now, alarms, keepAliveWhile } = deps;
    const service = deps.serviceOf(ref);
    const store = createReportStore(ref.id, now);
    const history = createHistory(ref.id, now);
    const creates = createCreateRuns({ now, keepAliveWhile }, createRunsItem(ref.id));
    const follower = createFollower({
      connectionId: ref.id,
      getReport: (id) => service.getReport(id),
      alarms,
      now,
    });

    /** A create noted as running for its page until answered: the next popup shows it, or how it ended. */
    async function create(input: CreateReportInput): Promise<Result<Report>> {
      const answered = creates.started(input.url);
      // A create that threw is answered too: what waits for it (a popup, the keep-alive) ends.
      let answer: Result<Report> = { ok: false, error: apiError('unexpected') };
      try {
        return (answer = await service.createReport(input));
      } finally {
        await answered(answer);
      }
    }

    /** A copy handed out: one still generating is followed from then on, one with its result settles. */
    async function follow(report: ReportSummary, restart = false): Promise<void> {
      await quietly(
        isGenerating(report, now()) ? follower.track(report, { restart }) : follower.settle(report),
      );
    }

    const bulk = createBulkChanges({
      connectionId: ref.id,
      // On this connection only; the handlers' events keep its snapshot and follower in step.
      update: ({ id, ...changes }) => service.updateReport(id, changes),
      delete: ({ id }) => service.deleteReport(id),
      get: ({ id }) => service.getReport(id, PACED),
      list: (query) => service.listReports(query, false, PACED),
      now,
      keepAliveWhile,
      alarms,
    });

    // Its requests on this connection only; its rows follow the same events as the store.
    const sites = createSiteReads({
      connectionId: ref.id,
      list: (query) => service.listReports(query, false, PACED),
      now,
      keepAliveWhile,
      alarms,
    });

    return { ref, service, store, history, creates, create, follower, follow, bulk, sites };
  }

  // What each report answer changes in the space of the connection it came from: its store, its follower.
  deps.events.on('report.created', async ({ on, pageUrl, report }) => {
    // The privacy is not remembered here: the popup sends 'popup.rememberPrivacy' as soon as it is chosen.
    const work = workFor(on);
    await work.store.created(pageUrl, report);
    await work.follow(report);
  });
  deps.events.on('report.changed', async ({ on, report, regenerated }) => {
    const work = workFor(on);
    await work.store.seen(report);
    // New results asked for: a new wait. A changed privacy does not lengthen the old one.
    await work.follow(report, regenerated);
  });
  deps.events.on('report.seen', async ({ on, report }) => {
    const work = workFor(on);
    await work.store.seen(report);
    await work.follow(report);
  });
  deps.events.on('report.gone', async ({ on, id, error }) => {
    // Deleted, or gone from the service: no kept copy brings it back.
    const work = workFor(on);
    await work.store.gone(id);
    await quietly(work.follower.forget(id, error));
  });
  deps.events.on('reports.listed', ({ on, page, view }) => workFor(on).store.listed(page, view));
  deps.events.on('project.deleted', ({ on, name }) => workFor(on).store.projectGone(name));
  // Each analysis seen is kept in the connection's history (before lists are trimmed: it needs the tests).
  deps.events.on('report.created', ({ on, report }) => workFor(on).history.note([report]));
  deps.events.on('report.changed', ({ on, report }) => workFor(on).history.note([report]));
  deps.events.on('report.seen', ({ on, report }) => workFor(on).history.note([report]));
  deps.events.on('reports.listed', ({ on, page }) => workFor(on).history.note(page.items));
  deps.events.on('report.gone', ({ on, id }) => workFor(on).history.forget(id));
  deps.events.on('project.deleted', ({ on, name }) => workFor(on).history.forgetProject(name));
  // A kept project's rows follow each report answered whole, a moment later (not awaited: they are
  // written together).
  deps.events.on('report.created', ({ on, report }) => void quietly(workFor(on).sites.noted([report])));
  deps.events.on('report.changed', ({ on, report }) => void quietly(workFor(on).sites.noted([report])));
  deps.events.on('report.seen', ({ on, report }) => void quietly(workFor(on).sites.noted([report])));
  deps.events.on('report.gone', ({ on, id }) => void quietly(workFor(on).sites.gone(id)));
  deps.events.on('project.deleted', ({ on, name }) => workFor(on).sites.projectGone(name));

  async function stillActive(ref: ConnectionRef): Promise<boolean> {
    const now = await activeRef();
    return now.id === ref.id && now.account === ref.account;
  }

  /** The work of the connection `ref` names, or null once it was removed or saved as another account. */
  async function workOn(ref: ConnectionRef) {
    const { list } = await deps.readConnections();
    return list.some((entry) => entry.id === ref.id && refOf(entry).account === ref.account)
      ? workFor(ref)
      : null;
  }

  /** The work of connection `id` as it is now (its current account), or null once it was removed. */
  async function workOfId(id: string) {
    const entry = (await deps.readConnections()).list.find((item) => item.id === id);
    return entry ? workFor(refOf(entry)) : null;
  }

  /** At start-up: every connection's followed reports, bulk job and site reads go on, whichever is active. */
  async function resumeAll(): Promise<void> {
    const { list } = await deps.readConnections();
    for (const entry of list) {
      const work = workFor(refOf(entry));
      await quietly(work.follower.resume());
      void work.bulk.resume();
      void quietly(work.sites.resume());
    }
  }

  return {
    activeRef,
    stillActive,
    workFor,
    workOn,
    workOfId,
    resumeAll,
    /**
     * A connection removed, or saved as another account: its old work is not handed out again, and what
     * it still runs stops sending and writing (a job of the new account may use the same items).
     */
    drop(id: string) {
      for (const [key, work] of made) {
        if (!key.startsWith(`${id}\n`)) continue;
        made.delete(key);
        work.bulk.drop();
        work.sites.drop();
        work.creates.drop();
        work.follower.drop();
      }
    },
  };
}

/** Bookkeeping failures are logged where they happen; here they are only kept from the caller. */
function quietly(work: Promise<unknown>): Promise<void> {
  return work.then(
    () => undefined,
    () => undefined,
  );
}
