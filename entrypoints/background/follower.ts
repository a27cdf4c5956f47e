// The follower of reports whose result is still null: it reads them again until scored, even after the page
// that asked has closed, and gives up by one rule; pages watch its list (lib/following). Short waits are
// timers while the worker runs; an alarm wakes a stopped worker. It is no job of the runner: its entries
// are read again and again, each at its own time, and pages watch them as a list.
import type { ApiError, ApiErrorKind, Result } from '@/lib/api/errors';
import type { Report, ReportId, ReportSummary } from '@/lib/api/types';
import type { Followed } from '@/lib/following';
import { FOLLOWED_KEY } from '@/lib/storage-keys';
import { sameId } from '@/lib/report-id';
import { GIVE_UP_AFTER_MS, scoreState } from '@/lib/report-state';
import { summaryOf } from '@/lib/api/summary';
import { workAlarm, type Alarms, ALARM_MINUTES } from './jobs/runner';
import { budgets, createSerialUpdates, spaceItem } from './storage-budget';

/** Quick at first (a person looks at "Generating…"), then every 30 s (the alarm's period) until the give-up. */
export const FOLLOW_DELAYS_MS: readonly number[] = [1000, 2000, 4000, 8000, 15_000, 30_000];
/** An ended entry stays this long, so pages open at that moment see how it ended. */
const KEEP_ENDED_MS = 60_000;
const MAX_ENTRIES = 50;
/** Failures waiting cannot fix: every other report would get the same answer, so all following stops. */
const STOPS_FOLLOWING: readonly ApiErrorKind[] = [
  'unauthorized',
  'forbidden',
  'not_configured',
  'permission',
];

export const followedOf = (connectionId: string) =>
  spaceItem<Followed[]>('session', connectionId, FOLLOWED_KEY, [], budgets.session);

export interface FollowerDeps {
  getReport(id: ReportId): Promise<Result<Report>>;
  alarms: Alarms;
  now(): number;
  connectionId: string;
}

export type Follower = ReturnType<typeof createFollower>;

export function createFollower(deps: FollowerDeps) {
  const { serially } = budgets.session;
  /** Checks run one after another: a read is never made twice at once. */
  const checks = createSerialUpdates();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let dropped = false;
  const followedItem = followedOf(deps.connectionId);
  const alarm = workAlarm('generation', deps.connectionId);

  /** An edit that returns the same array writes nothing. */
  function change(edit: (entries: Followed[]) => Followed[]): Promise<Followed[]> {
    return serially(async () => {
      const before = await followedItem.getValue();
      const edited = edit(before);
      if (edited === before || dropped) return before;
      const entries = pruned(edited, deps.now());
      await followedItem.setValue(entries);
      await wakeUps(entries);
      return entries;
    });
  }

  /** Drops the ended entries whose time is up; the caller is serial. */
  async function withoutExpired(): Promise<Followed[]> {
    const stored = await followedItem.getValue();
    const entries = pruned(stored, deps.now());
    if (entries.length !== stored.length && !dropped) await followedItem.setValue(entries);
    return entries;
  }

  /** The alarm and a timer for the next read; with nothing followed, a timer for the ended entries to go. */
  async function wakeUps(entries: Followed[]): Promise<void> {
    const following = entries.filter((entry) => entry.state === 'generating');
    clearTimeout(timer);
    if (dropped) return;
    if (following.length === 0) {
      await deps.alarms.clear(alarm);
      const ends = entries.map((entry) => (entry.endedAt ?? 0) + KEEP_ENDED_MS);
      if (ends.length > 0) {
        const tidy = () => serially(async () => wakeUps(await withoutExpired()));
        timer = setTimeout(() => void tidy(), Math.max(0, Math.min(...ends) - deps.now()));
      }
      return;
    }
    const next = Math.min(...following.map((entry) => entry.nextCheckAt));
    timer = setTimeout(() => void checkDue(), Math.max(0, next - deps.now()));
    // Created only when missing: re-creating would push the next wake-up back every time.
    if (!(await deps.alarms.get(alarm))) {
      await deps.alarms.create(alarm, { periodInMinutes: ALARM_MINUTES });
    }
  }

  /**
   * Follows a report seen with a null result. `restart` (new results asked for) starts its wait again; one
   * whose following ended starts again only when it changed since: a report given up on stays so.
   */
  function track(seen: ReportSummary, { restart = false } = {}): Promise<Followed[]> {
    const now = deps.now();
    const report = summaryOf(seen);
    const fresh: Followed = {
      id: report.id,
      state: 'generating',
      report,
      error: null,
      since: now,
      attempts: 0,
      nextCheckAt: now + delay(0),
      endedAt: null,
    };
    return change((entries) => {
      const found = entries.find((entry) => sameId(entry.id, report.id));
      if (!found) return [...entries, fresh];
      const changed = found.report?.updatedAt !== report.updatedAt;
      const again = restart || (found.state !== 'generating' && (found.state !== 'no_score' || changed));
      const next = again ? fresh : { ...found, report };
      return replace(entries, next);
    });
  }

  /** A copy of the report that needs no following, seen anywhere: its following ends. */
  function settle(seen: ReportSummary): Promise<Followed[]> {
    const now = deps.now();
    const report = summaryOf(seen);
    return change((entries) => {
      const found = entries.find((entry) => sameId(entry.id, report.id));
      if (!found) return entries;
      return replace(entries, ended(found, report.result === null ? 'no_score' : 'scored', now, { report }));
    });
  }

  function forget(id: ReportId, error: ApiError | null = null): Promise<Followed[]> {
    const now = deps.now();
    return change((entries) => {
      const found = entries.find((entry) => sameId(entry.id, id));
      if (!found || found.state === 'gone') return entries;
      return replace(entries, ended(found, 'gone', now, { error }));
    });
  }

  /** Reads again every report whose wait is over; the timer and the alarm call it. */
  const checkDue = () => checks(checkOnce);

  async function checkOnce(): Promise<void> {
    const due = (await followedItem.getValue()).filter(
      (entry) => entry.state === 'generating' && entry.nextCheckAt <= deps.now(),
    );
    for (const entry of due) {
      if (dropped) return;
      const answer = await deps.getReport(entry.id);
      const now = deps.now();
      if (!answer.ok && STOPS_FOLLOWING.includes(answer.error.kind)) {
        const error = answer.error;
        await change((entries) =>
          entries.some((item) => item.state === 'generating')
            ? entries.map((item) =>
                item.state === 'generating' ? ended(item, 'stopped', now, { error }) : item,
              )
            : entries,
        );
        return;
      }
      // Only the following this read was for: a page may have ended or restarted it meanwhile.
      await change((entries) => {
        const current = entries.find((item) => sameId(item.id, entry.id));
        if (!current || current.state !== 'generating' || current.since !== entry.since) return entries;
        return replace(entries, afterRead(current, answer, now));
      });
    }
    // Timers die with a stopped worker: whatever woke this one, the next wake-up is set again.
    await serially(async () => wakeUps(await followedItem.getValue()));
  }

  /** At start-up: the timer died with the old worker. */
  async function resume(): Promise<void> {
    await serially(withoutExpired);
    await checkDue();
  }

  function drop(): void {
    dropped = true;
    clearTimeout(timer);
  }

  return { track, settle, forget, checkDue, resume, drop };
}

function delay(attempts: number): number {
  return FOLLOW_DELAYS_MS[Math.min(attempts, FOLLOW_DELAYS_MS.length - 1)] ?? 30_000;
}

function afterRead(entry: Followed, answer: Result<Report>, now: number): Followed {
  if (answer.ok) {
    const report = summaryOf(answer.data);
    const state = scoreState(report, now);
    if (state !== 'generating') return ended(entry, state, now, { report, error: null });
    if (now - entry.since >= GIVE_UP_AFTER_MS) return ended(entry, 'no_score', now, { report, error: null });
    return waitLonger({ ...entry, report, error: null }, now, 0);
  }
  if (answer.error.kind === 'not_found') return ended(entry, 'gone', now, { error: answer.error });
  // A passing failure: try again, never sooner than the server asked.
  if (now - entry.since >= GIVE_UP_AFTER_MS) return ended(entry, 'no_score', now, { error: answer.error });
  return waitLonger({ ...entry, error: answer.error }, now, (answer.error.retryAfterSeconds ?? 0) * 1000);
}

/** The next read, never later than the give-up time. */
function waitLonger(entry: Followed, now: number, atLeastMs: number): Followed {
  const attempts = entry.attempts + 1;
  const wait = Math.max(delay(attempts), atLeastMs);
  return { ...entry, attempts, nextCheckAt: Math.min(now + wait, entry.since + GIVE_UP_AFTER_MS) };
}

function ended(
  entry: Followed,
  state: Exclude<Followed['state'], 'generating'>,
  now: number,
  change: Partial<Pick<Followed, 'report' | 'error'>>,
): Followed {
  return { ...entry, ...change, state, endedAt: now };
}

function replace(entries: Followed[], next: Followed): Followed[] {
  return entries.map((entry) => (sameId(entry.id, next.id) ? next : entry));
}

/** Never more than MAX_ENTRIES, the oldest ended first. */
function pruned(entries: Followed[], now: number): Followed[] {
  const kept = entries.filter((entry) => entry.endedAt === null || now - entry.endedAt < KEEP_ENDED_MS);
  if (kept.length <= MAX_ENTRIES) return kept;
  const byAge = [...kept].sort((a, b) => (a.endedAt ?? Infinity) - (b.endedAt ?? Infinity));
  const drop = new Set(byAge.slice(0, kept.length - MAX_ENTRIES));
  return kept.filter((entry) => !drop.has(entry));
}
