// Everything one connection keeps and runs: its report store, history, creates running, the follower, the
// bulk job and its projects' site reads, each built for one connection (its id and account) and storing
// under that id. It hears of every report answer through the service's events, each for the connection that
// answered. A connection removed or saved as another account gets no request from its old work (`drop`).
import type { CreateReportInput } from '@/lib/messaging/inputs';
import type { ReportSummary } from '@/lib/api/types';
import { createHistory } from '@/lib/history';
import { isGenerating } from '@/lib/report-state';
import { createReportStore } from '@/lib/report-store';
import { historyOnItem } from '@/lib/settings/items';
import { createBulkChanges } from './jobs/bulk-change';
import { createCreateRuns } from './create-runs';
import { createFollower } from './follower';
import type { Events } from './events';
import { createSiteReads } from './site-reads';
import type { Service } from './service';
import { budgets } from './storage-budget';
import { refOf, type Connection, type ConnectionRef, type Connections } from './settings/storage';

export interface WorkDeps {
  serviceOf(ref: ConnectionRef): Service;
  events: Pick<Events, 'on'>;
  readConnections(): Promise<Connections>;
}

export type ConnectionWork = ReturnType<ReturnType<typeof createConnectionWorks>['workFor']>;

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
    const now = () => Date.now();
    const service = deps.serviceOf(ref);
    const creates = createCreateRuns(ref.id);
    const follower = createFollower(ref.id, service);
    const bulk = createBulkChanges(ref.id, service);
    const sites = createSiteReads(ref.id, service);

    return {
      ref,
      service,
      store: createReportStore(ref.id, budgets.session, now),
      history: createHistory(ref.id, budgets.local, now, () => historyOnItem.getValue()),
      creates,
      follower,
      bulk,
      sites,
      /** A create noted as running for its page until answered: the next popup shows it, or how it ended. */
      create: (input: CreateReportInput) => creates.run(input.url, () => service.createReport(input)),
      /** A copy handed out: one still generating is followed from then on, one with its result settles. */
      follow: (report: ReportSummary, restart = false) =>
        quietly(isGenerating(report, now()) ? follower.track(report, { restart }) : follower.settle(report)),
      /** At start-up, and on an alarm of its work (`job` names which). */
      async resume(job?: string, detail?: string) {
        if (job === undefined || job === 'generation') await quietly(follower.resume());
        if (job === undefined || job === 'bulk') void bulk.resume();
        if (job === undefined || job === 'site') void quietly(sites.resume(detail));
      },
      drop() {
        for (const part of [bulk, sites, creates, follower]) part.drop();
      },
    };
  }

  // What each report answer changes in the space of the connection it came from.
  deps.events.on('report.created', async ({ on, pageUrl, report }) => {
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
    const work = workFor(on);
    await work.store.gone(id);
    await quietly(work.follower.forget(id, error));
  });
  deps.events.on('reports.listed', ({ on, page, view }) => workFor(on).store.listed(page, view));
  deps.events.on('project.deleted', ({ on, name }) => workFor(on).store.projectGone(name));
  for (const type of ['report.created', 'report.changed', 'report.seen'] as const) {
    // Each analysis seen is kept in the history (before lists are trimmed: it needs the tests).
    deps.events.on(type, ({ on, report }) => workFor(on).history.note([report]));
    // A kept project's rows follow a moment later (not awaited: they are written together).
    deps.events.on(type, ({ on, report }) => void quietly(workFor(on).sites.noted([report])));
  }
  deps.events.on('reports.listed', ({ on, page }) => workFor(on).history.note(page.items));
  deps.events.on('report.gone', ({ on, id }) => workFor(on).history.forget(id));
  deps.events.on('project.deleted', ({ on, name }) => workFor(on).history.forgetProject(name));
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

  return {
    activeRef,
    stillActive,
    workFor,
    workOn,
    workOfId,
    /** At start-up: every connection's work goes on, whichever is active. */
    async resumeAll(): Promise<void> {
      for (const entry of (await deps.readConnections()).list) await workFor(refOf(entry)).resume();
    },
    /** A connection removed, or saved as another account: its old work stops sending and writing. */
    drop(id: string) {
      for (const [key, work] of made) {
        if (!key.startsWith(`${id}\n`)) continue;
        made.delete(key);
        work.drop();
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
