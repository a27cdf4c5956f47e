// The follower of reports whose result is still null: a job of the runner whose steps are the reports it
// reads again until scored, each due at its own time, even after the page that asked has closed; it gives up
// by one rule. Pages watch its job (lib/following).
import type { ApiError, ApiErrorKind, Result } from '@/lib/api/errors';
import type { Report, ReportId, ReportSummary } from '@/lib/api/types';
import { KEEP_ENDED_MS, type FollowedStep, type FollowState } from '@/lib/following';
import { FOLLOWED_KEY } from '@/lib/storage-keys';
import { sameId, reportKey } from '@/lib/report-id';
import { GIVE_UP_AFTER_MS, scoreState } from '@/lib/report-state';
import { summaryOf } from '@/lib/api/summary';
import { createRunner, newJob, workAlarm, type Job, type Step } from './jobs/runner';
import type { Service } from './service';
import { PACED } from './service/client';
import { budgets, spaceItem } from './storage-budget';

/** Quick at first (a person looks at "Generating…"), then every 30 s until the give-up. */
export const FOLLOW_DELAYS_MS: readonly number[] = [1000, 2000, 4000, 8000, 15_000, 30_000];
const MAX_ENTRIES = 50;
/** Failures waiting cannot fix: every other report would get the same answer, so all following stops. */
const STOPS_FOLLOWING: readonly ApiErrorKind[] = [
  'unauthorized',
  'forbidden',
  'not_configured',
  'permission',
];

/** A followed report: pending while it is read again (`follow` generating), done once its following ended. */
export interface FollowStep extends Step, FollowedStep {
  /** Epoch ms: the give-up rule counts from here. */
  since: number;
  attempts: number;
}

export const followedOf = (connectionId: string) =>
  spaceItem<Job<FollowStep> | null>('session', connectionId, FOLLOWED_KEY, null, budgets.session);

export type Follower = ReturnType<typeof createFollower>;

export function createFollower(connectionId: string, service: Pick<Service, 'getReport'>, gone: AbortSignal) {
  const now = () => Date.now();
  const runner = createRunner<Job<FollowStep>>(
    {
      name: 'follower',
      keyOf: (step) => reportKey(step.id),
      send: (_job, step) => service.getReport(step.id, PACED),
      answered(job, sent, answer) {
        const current = job.items.find((entry) => sameId(entry.id, sent.id));
        // Only the following this read was for: a page may have ended or restarted it meanwhile.
        if (current?.follow !== 'generating' || current.since !== sent.since) return {};
        if (answer.ok || !STOPS_FOLLOWING.includes(answer.error.kind))
          return afterRead(current, answer as Result<Report>, now());
        const error = answer.error;
        job.items = job.items.map((entry) =>
          entry.follow === 'generating' ? ended(entry, 'stopped', now(), { error }) : entry,
        );
        return {};
      },
      // A read is safe to send again.
      settle: async () => ({ state: 'pending' }),
    },
    {
      item: followedOf(connectionId),
      alarm: workAlarm('generation', connectionId),
      gone,
    },
  );

  /** An edit that returns the same array writes nothing. */
  const change = (edit: (entries: FollowStep[]) => FollowStep[]) =>
    runner.update(
      (job) => {
        const edited = edit(job.items);
        if (edited === job.items) return false;
        job.items = pruned(edited, now());
      },
      () => newJob('followed', []),
    );

  /** The entry of report `id` becomes what `edit` makes of it (undefined: none yet); null changes nothing. */
  const changeEntry = (id: ReportId, edit: (found: FollowStep | undefined) => FollowStep | null) =>
    change((entries) => {
      const found = entries.find((entry) => sameId(entry.id, id));
      const next = edit(found);
      if (!next) return entries;
      return found ? entries.map((entry) => (entry === found ? next : entry)) : [...entries, next];
    });

  /**
   * Follows a report seen with a null result. `restart` (new results asked for) starts its wait again; one
   * whose following ended starts again only when it changed since: a report given up on stays so.
   */
  function track(seen: ReportSummary, { restart = false } = {}): Promise<void> {
    const report = summaryOf(seen);
    const fresh: FollowStep = {
      id: report.id,
      state: 'pending',
      follow: 'generating',
      report,
      since: now(),
      attempts: 0,
      dueAt: now() + delay(0),
      endedAt: null,
    };
    return changeEntry(report.id, (found) => {
      if (!found) return fresh;
      const changed = found.report?.updatedAt !== report.updatedAt;
      const again = restart || (found.follow !== 'generating' && (found.follow !== 'no_score' || changed));
      return again ? fresh : { ...found, report };
    });
  }

  /** A copy of the report that needs no following, seen anywhere: its following ends. */
  function settle(seen: ReportSummary): Promise<void> {
    const report = summaryOf(seen);
    return changeEntry(report.id, (found) =>
      found ? ended(found, report.result === null ? 'no_score' : 'scored', now(), { report }) : null,
    );
  }

  function forget(id: ReportId, error: ApiError | null = null): Promise<void> {
    return changeEntry(id, (found) =>
      found && found.follow !== 'gone' ? ended(found, 'gone', now(), error ? { error } : {}) : null,
    );
  }

  /** At start-up and on its alarm: what a stopped worker left is read when due, ended entries past their time go. */
  async function resume(): Promise<void> {
    await change((entries) => {
      const kept = pruned(entries, now());
      return kept.length === entries.length ? entries : kept;
    });
    void runner.resume();
  }

  return { track, settle, forget, resume };
}

function delay(attempts: number): number {
  return FOLLOW_DELAYS_MS[Math.min(attempts, FOLLOW_DELAYS_MS.length - 1)] ?? 30_000;
}

function afterRead(entry: FollowStep, answer: Result<Report>, now: number): FollowStep {
  const { error: _lastError, ...read } = entry;
  if (answer.ok) {
    const report = summaryOf(answer.data);
    const state = scoreState(report, now);
    if (state !== 'generating') return ended(read, state, now, { report });
    if (now - entry.since >= GIVE_UP_AFTER_MS) return ended(read, 'no_score', now, { report });
    return waitLonger({ ...read, report }, now, 0);
  }
  const error = answer.error;
  if (error.kind === 'not_found') return ended(entry, 'gone', now, { error });
  // A passing failure: try again, never sooner than the server asked.
  if (now - entry.since >= GIVE_UP_AFTER_MS) return ended(entry, 'no_score', now, { error });
  return waitLonger({ ...entry, error }, now, (error.retryAfterSeconds ?? 0) * 1000);
}

/** The next read, never later than the give-up time. */
function waitLonger(entry: FollowStep, now: number, atLeastMs: number): FollowStep {
  const attempts = entry.attempts + 1;
  const wait = Math.max(delay(attempts), atLeastMs);
  return {
    ...entry,
    state: 'pending',
    attempts,
    dueAt: Math.min(now + wait, entry.since + GIVE_UP_AFTER_MS),
  };
}

function ended(
  entry: FollowStep,
  follow: Exclude<FollowState, 'generating'>,
  now: number,
  change: Partial<Pick<FollowStep, 'report' | 'error'>>,
): FollowStep {
  return { ...entry, ...change, follow, state: 'done', endedAt: now };
}

/** Never more than MAX_ENTRIES, the oldest ended first. */
function pruned(entries: FollowStep[], now: number): FollowStep[] {
  const kept = entries.filter((entry) => entry.endedAt === null || now - entry.endedAt < KEEP_ENDED_MS);
  if (kept.length <= MAX_ENTRIES) return kept;
  const byAge = [...kept].sort((a, b) => (a.endedAt ?? Infinity) - (b.endedAt ?? Infinity));
  const drop = new Set(byAge.slice(0, kept.length - MAX_ENTRIES));
  return kept.filter((entry) => !drop.has(entry));
}
