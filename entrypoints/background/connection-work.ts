// Everything one connection keeps and runs: its report store, history, creates running, the follower, the
// bulk job and its projects' site reads, each built for one connection (its id and account) and storing
// under that id. The background hands it every report answer (`heard`), each for the connection that
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
import type { BackgroundEvent } from './events';
import { createSiteReads } from './site-reads';
import type { Service } from './service';
import { budgets } from './storage-budget';
import {
  readConnection,
  readConnectionOf,
  readConnections,
  refOf,
  type ConnectionRef,
} from './settings/storage';

export type ConnectionWork = ReturnType<ReturnType<typeof createConnectionWorks>['workFor']>;

export function createConnectionWorks(serviceOf: (ref: ConnectionRef) => Service) {
  const made = new Map<string, ReturnType<typeof build>>();

  /** The active connection ('' when none is saved: nothing to reach). */
  const activeRef = async () => refOf(await readConnection());

  function workFor(ref: ConnectionRef) {
    const key = `${ref.id}\n${ref.account}`;
    let work = made.get(key);
    if (!work) made.set(key, (work = build(ref)));
    return work;
  }

  function build(ref: ConnectionRef) {
    const now = () => Date.now();
    const service = serviceOf(ref);
    // Aborted once the connection is removed or saved as another account: its parts send and write nothing.
    const gone = new AbortController();
    const creates = createCreateRuns(ref.id, gone.signal);
    const follower = createFollower(ref.id, service, gone.signal);
    const bulk = createBulkChanges(ref.id, service, gone.signal);
    const sites = createSiteReads(ref.id, service, gone.signal);

    return {
      ref,
      service,
      store: createReportStore(ref.id, budgets.session, now, gone.signal),
      history: createHistory(ref.id, budgets.local, now, () => historyOnItem.getValue(), gone.signal),
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
      drop: () => gone.abort(),
    };
  }

  /** What an answer changes in the space of the connection it came from, each part on its own. */
  function heard(event: BackgroundEvent): Array<() => unknown> {
    if (event.type === 'connection.removed') return [];
    const work = workFor(event.on);
    switch (event.type) {
      case 'report.created':
      case 'report.changed':
      case 'report.seen':
        return [
          async () => {
            if (event.type === 'report.created') await work.store.created(event.pageUrl, event.report);
            else await work.store.seen(event.report);
            // New results asked for: a new wait. A changed privacy does not lengthen the old one.
            await work.follow(event.report, event.type === 'report.changed' && event.regenerated);
          },
          // Kept in the history before lists are trimmed (it needs the tests); a kept project's rows
          // follow a moment later (not awaited: they are written together).
          () => work.history.note([event.report]),
          () => void quietly(work.sites.noted([event.report])),
        ];
      case 'reports.listed':
        return [() => work.store.listed(event.page, event.view), () => work.history.note(event.page.items)];
      case 'report.gone':
        return [
          async () => {
            await work.store.gone(event.id);
            await quietly(work.follower.forget(event.id, event.error));
          },
          () => work.history.forget(event.id),
          () => void quietly(work.sites.gone(event.id)),
        ];
      case 'project.deleted':
        return [
          () => work.store.projectGone(event.name),
          () => work.history.forgetProject(event.name),
          () => work.sites.projectGone(event.name),
        ];
    }
  }

  async function stillActive(ref: ConnectionRef): Promise<boolean> {
    const now = await activeRef();
    return now.id === ref.id && now.account === ref.account;
  }

  /** The work of the connection `ref` names, or null once it was removed or saved as another account. */
  async function workOn(ref: ConnectionRef) {
    return (await readConnectionOf(ref)) ? workFor(ref) : null;
  }

  /** The work of connection `id` as it is now (its current account), or null once it was removed. */
  async function workOfId(id: string) {
    const entry = (await readConnections()).list.find((item) => item.id === id);
    return entry ? workFor(refOf(entry)) : null;
  }

  return {
    activeRef,
    stillActive,
    heard,
    workFor,
    workOn,
    workOfId,
    /** At start-up: every connection's work goes on, whichever is active. */
    async resumeAll(): Promise<void> {
      for (const entry of (await readConnections()).list) await workFor(refOf(entry)).resume();
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
