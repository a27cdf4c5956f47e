// Everything one connection keeps and runs: the popup's snapshot, page aliases, creates running, the
// follower and the bulk job. Each is built for one connection (its id and account) and stores under that
// id; its requests go through `on: ref`, so the client is made from that connection's own address and key.
// A switch changes nothing here; a connection removed or saved as another account gets no request from
// its old work (handlers.ts finds no such connection, and answers "not configured").
import type { ApiError, Result } from '@/lib/api/errors';
import type { Report, ReportId } from '@/lib/api/types';
import { isGenerating } from '@/lib/report-state';
import { createBulkChanges } from './bulk-changes';
import { createCreateRuns, createRunsItem } from './create-runs';
import { createFollower } from './follower';
import { SWITCHED_MEANWHILE } from './handlers';
import { createPageAliases, pageAliasesItem } from './page-aliases';
import { createPopupCache, popupCacheItem } from './popup-cache';
import type { CoreHandlers } from './router';
import { refOf, type Connection, type ConnectionRef, type Connections } from './settings/storage';

type Alarms = Parameters<typeof createFollower>[0]['alarms'] &
  Parameters<typeof createBulkChanges>[0]['alarms'];

export interface WorkDeps {
  core: CoreHandlers;
  readConnections(): Promise<Connections>;
  alarms: Alarms;
  now(): number;
  /** Keeps the worker alive while `work` runs (Chrome stops a worker whose fetch takes over 30 s). */
  keepAliveWhile<T>(work: Promise<T>): Promise<T>;
}

export type ConnectionWork = ReturnType<ReturnType<typeof createConnectionWorks>['workFor']>;

type Tracked = Pick<CoreHandlers, 'reports.create' | 'reports.update' | 'reports.get' | 'reports.delete'>;

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
    const cache = createPopupCache(popupCacheItem(ref.id));
    const aliases = createPageAliases(pageAliasesItem(ref.id));
    const creates = createCreateRuns({ now, keepAliveWhile }, createRunsItem(ref.id));
    const follower = createFollower({
      connectionId: ref.id,
      getReport: (id) => deps.core['reports.get']({ id }, false, ref),
      onSettled: (report) => cache.replaceReport(report),
      alarms,
      now,
    });

    /** A copy handed out: one still generating is followed from then on, one with its result settles. */
    async function follow(report: Report, restart = false): Promise<void> {
      await quietly(
        isGenerating(report, now()) ? follower.track(report, { restart }) : follower.settle(report),
      );
    }

    async function forget(id: ReportId, error: ApiError | null = null): Promise<void> {
      await quietly(cache.forgetReport(id));
      await quietly(follower.forget(id, error));
    }

    /** What each report answer changes in this connection's space; it never changes the answer. */
    const noted = {
      'reports.create': async (input: { url: string }, answer: Result<Report>) => {
        if (!answer.ok) return;
        // The privacy is not remembered here: the popup sends 'popup.rememberPrivacy' as soon as it is chosen.
        await quietly(cache.addCreatedReport(input.url, answer.data, now()));
        await quietly(aliases.remember(input.url, answer.data.url));
        await follow(answer.data);
      },
      'reports.update': async (input: { id: ReportId; regenerate?: boolean }, answer: Result<Report>) => {
        if (answer.ok) {
          await quietly(cache.replaceReport(answer.data));
          // New results asked for: a new wait. A changed privacy does not lengthen the old one.
          await follow(answer.data, input.regenerate === true);
        } else if (answer.error.kind === 'not_found') {
          // Gone (phpRank's 403 on update, read as such by the client): no cached copy brings it back.
          await forget(input.id, answer.error);
        }
      },
      'reports.get': async (input: { id: ReportId }, answer: Result<Report>) => {
        if (answer.ok) {
          await quietly(cache.replaceReport(answer.data));
          await follow(answer.data);
        } else if (answer.error.kind === 'not_found') {
          await forget(input.id, answer.error);
        }
      },
      'reports.delete': async (input: { id: ReportId }, answer: Result<null>) => {
        if (answer.ok) await forget(input.id);
      },
    };

    const bulk = createBulkChanges({
      connectionId: ref.id,
      // Through the tracked handlers, on this connection: the snapshot and the follower see each change.
      update: (input) => tracked['reports.update'](input, false, ref),
      get: (input) => tracked['reports.get'](input, false, ref),
      list: (query) => deps.core['reports.list'](query, false, ref),
      now,
      keepAliveWhile,
      alarms,
    });

    return { ref, cache, aliases, creates, follower, follow, noted, bulk };
  }

  /**
   * The report handlers, each answer noted in the space of the connection it came from. A page's message
   * goes to the active connection; its answer, if another one became active meanwhile, is not shown.
   */
  const tracked: Tracked = {
    'reports.create': (input, checked, on) => trackedCall('reports.create', input, checked, on),
    'reports.update': (input, checked, on) => trackedCall('reports.update', input, checked, on),
    'reports.get': (input, checked, on) => trackedCall('reports.get', input, checked, on),
    'reports.delete': (input, checked, on) => trackedCall('reports.delete', input, checked, on),
  };

  async function trackedCall<T extends keyof Tracked>(
    type: T,
    input: Parameters<Tracked[T]>[0],
    checked: boolean | undefined,
    on: ConnectionRef | undefined,
  ): Promise<Awaited<ReturnType<Tracked[T]>>> {
    const ref = on ?? (await activeRef());
    const call = deps.core[type] as (i: unknown, c?: boolean, o?: ConnectionRef) => Promise<Result<unknown>>;
    const answer = await call(input, checked, ref);
    const note = workFor(ref).noted[type] as (i: unknown, a: Result<unknown>) => Promise<void>;
    await note(input, answer);
    return (on || (await stillActive(ref)) ? answer : SWITCHED_MEANWHILE()) as Awaited<
      ReturnType<Tracked[T]>
    >;
  }

  async function stillActive(ref: ConnectionRef): Promise<boolean> {
    const now = await activeRef();
    return now.id === ref.id && now.account === ref.account;
  }

  /** The work of connection `id` as it is now (its current account), or null once it was removed. */
  async function workOfId(id: string) {
    const entry = (await deps.readConnections()).list.find((item) => item.id === id);
    return entry ? workFor(refOf(entry)) : null;
  }

  /** At start-up: every connection's followed reports and bulk job go on, whichever is active. */
  async function resumeAll(): Promise<void> {
    const { list } = await deps.readConnections();
    for (const entry of list) {
      const work = workFor(refOf(entry));
      await quietly(work.follower.resume());
      void work.bulk.resume();
    }
  }

  return {
    activeRef,
    stillActive,
    workFor,
    active: async () => workFor(await activeRef()),
    workOfId,
    tracked,
    resumeAll,
    /** A connection removed, or saved as another account: its old work is not handed out again. */
    drop(id: string) {
      for (const key of made.keys()) if (key.startsWith(`${id}\n`)) made.delete(key);
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
