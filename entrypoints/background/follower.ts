// The one follower of reports whose result is still null: it reads them again until the service has
// scored them, even after the page that asked has closed, and gives up by one rule. Pages never poll:
// they watch what it writes (lib/following). The list lives in storage.session (the worker may be
// stopped at any moment; a browser restart ends every following, as the popup's cache); short waits
// are timers while the worker runs, and an alarm wakes a stopped worker for whatever is due (a
// setTimeout dies with the worker).
import type { ApiError, ApiErrorKind, Result } from '@/lib/api/errors';
import type { Report, ReportId, ReportSummary } from '@/lib/api/types';
import type { Followed } from '@/lib/following';
import { FOLLOWED_KEY } from '@/lib/storage-keys';
import { sameId } from '@/lib/report-id';
import { GIVE_UP_AFTER_MS, scoreState } from '@/lib/report-state';
import { summaryOf } from '@/lib/api/summary';
import { spaceItem } from './space';
import { budgets } from './storage-budget';

/** Each connection's follower has its alarm: this prefix and the connection's id. */
export const GENERATION_ALARM = 'page-reports:generation:';
/** Chrome's shortest alarm period (30 s): the longest pause below is no longer than it. */
const ALARM_PERIOD_MINUTES = 0.5;
/**
 * Pauses before each read: quick at first (a person is looking at "Generating…" right after a create
 * or a regenerate), then every 30 s until GIVE_UP_AFTER_MS: about 24 reads in all, far below the
 * service's 60 requests a minute.
 */
export const FOLLOW_DELAYS_MS: readonly number[] = [1000, 2000, 4000, 8000, 15_000, 30_000];
/** An ended entry stays this long, so pages open at that moment see how it ended; then it goes. */
const KEEP_ENDED_MS = 60_000;
/** At most this many entries are kept: the oldest ended ones go first. */
const MAX_ENTRIES = 50;
/**
 * Failures that waiting cannot fix: the key refused, the account not allowed, no setup, no permission.
 * Every other report would get the same answer, so all following stops, not only this report's.
 */
const STOPS_FOLLOWING: readonly ApiErrorKind[] = [
  'unauthorized',
  'forbidden',
  'not_configured',
  'permission',
];

/** One connection's followed reports, written within storage.session's budget (in its queue). */
export const followedOf = (connectionId: string) =>
  spaceItem<Followed[]>('session', connectionId, FOLLOWED_KEY, [], budgets.session);

export interface FollowerDeps {
  getReport(id: ReportId): Promise<Result<Report>>;
  alarms: {
    create(name: string, info: { periodInMinutes: number }): void | Promise<void>;
    clear(name: string): Promise<boolean>;
    get(name: string): Promise<unknown>;
  };
  now(): number;
  /** The connection followed: its reports are read from its server and kept under its id. */
  connectionId: string;
  /** Timers; the global ones by default (tests use vi.useFakeTimers). */
  setTimeout?: (run: () => void, ms: number) => unknown;
  clearTimeout?: (timer: unknown) => void;
}

export type Follower = ReturnType<typeof createFollower>;

export function createFollower(deps: FollowerDeps) {
  const later = deps.setTimeout ?? ((run, ms) => setTimeout(run, ms));
  const cancel = deps.clearTimeout ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  const { serially } = budgets.session;
  let timer: unknown;
  /** Its connection is gone, or is another account now: nothing is read or written any more. */
  let dropped = false;
  /** A check runs: another one asked meanwhile waits for it, then runs once. */
  let checking: Promise<void> | null = null;
  let checkAgain = false;
  const followedItem = followedOf(deps.connectionId);
  const alarm = GENERATION_ALARM + deps.connectionId;

  /** Changes the list, one change at a time; an edit that returns the same array writes nothing. */
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

  /** Drops the ended entries whose time is up, even when nothing else changes; the caller is serial. */
  async function withoutExpired(): Promise<Followed[]> {
    const stored = await followedItem.getValue();
    const entries = pruned(stored, deps.now());
    if (entries.length !== stored.length && !dropped) await followedItem.setValue(entries);
    return entries;
  }

  /**
   * The alarm while anything is followed, and a timer for the next read due; when nothing is, a timer
   * for the moment the last ended entries go (a worker stopped before it comes drops them on start).
   */
  async function wakeUps(entries: Followed[]): Promise<void> {
    const following = entries.filter((entry) => entry.state === 'generating');
    cancel(timer);
    timer = undefined;
    if (dropped) return;
    if (following.length === 0) {
      await deps.alarms.clear(alarm);
      const ends = entries.map((entry) => (entry.endedAt ?? 0) + KEEP_ENDED_MS);
      if (ends.length > 0) {
        const tidy = () => serially(async () => wakeUps(await withoutExpired()));
        timer = later(() => void tidy(), Math.max(0, Math.min(...ends) - deps.now()));
      }
      return;
    }
    const next = Math.min(...following.map((entry) => entry.nextCheckAt));
    timer = later(() => void checkDue(), Math.max(0, next - deps.now()));
    // Created only when missing: re-creating would push the next wake-up back every time.
    if (!(await deps.alarms.get(alarm))) {
      await deps.alarms.create(alarm, { periodInMinutes: ALARM_PERIOD_MINUTES });
    }
  }

  /**
   * Starts following a report seen with a null result. One already followed goes on as it is, unless
   * `restart` (new results were asked for): then its wait starts again. One whose following ended
   * starts again only when it has changed since, or on `restart`: a report given up on stays so.
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

  /**
   * A copy of the report that needs no following (scored, or never to be scored), seen anywhere: its
   * following ends, and pages watching see it.
   */
  function settle(seen: ReportSummary): Promise<Followed[]> {
    const now = deps.now();
    const report = summaryOf(seen);
    return change((entries) => {
      const found = entries.find((entry) => sameId(entry.id, report.id));
      if (!found) return entries;
      return replace(entries, ended(found, report.result === null ? 'no_score' : 'scored', now, { report }));
    });
  }

  /** The report is gone (deleted here, or the service says not found). */
  function forget(id: ReportId, error: ApiError | null = null): Promise<Followed[]> {
    const now = deps.now();
    return change((entries) => {
      const found = entries.find((entry) => sameId(entry.id, id));
      if (!found || found.state === 'gone') return entries;
      return replace(entries, ended(found, 'gone', now, { error }));
    });
  }

  /** Another server or key: nothing followed belongs to it. */
  async function clear(): Promise<void> {
    await serially(async () => {
      cancel(timer);
      timer = undefined;
      await followedItem.removeValue();
      await deps.alarms.clear(alarm);
    });
  }

  /**
   * Reads again every report whose wait is over; the timer and the alarm call it. Bounded: a report
   * is given up GIVE_UP_AFTER_MS after its following started, whatever the answers; a failure waiting
   * cannot fix (STOPS_FOLLOWING) ends every following at once, the alarm included.
   */
  function checkDue(): Promise<void> {
    if (checking) {
      checkAgain = true;
      return checking;
    }
    checking = (async () => {
      try {
        do {
          checkAgain = false;
          await checkOnce();
        } while (checkAgain);
      } finally {
        checking = null;
      }
    })();
    return checking;
  }

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
    if (due.length === 0) await serially(async () => wakeUps(await followedItem.getValue()));
  }

  /** At start-up: the timer died with the old worker, and the alarm may be left from before a browser restart. */
  async function resume(): Promise<void> {
    const entries = await serially(async () => {
      const stored = await withoutExpired();
      await wakeUps(stored);
      return stored;
    });
    if (entries.some((entry) => entry.state === 'generating' && entry.nextCheckAt <= deps.now())) {
      await checkDue();
    }
  }

  /** Its connection is gone, or is another account now (whose list may be in the same item). */
  function drop(): void {
    dropped = true;
    cancel(timer);
    timer = undefined;
  }

  return { track, settle, forget, clear, checkDue, resume, drop };
}

/** The pause before read number `attempts` (0 is the first). */
function delay(attempts: number): number {
  return FOLLOW_DELAYS_MS[Math.min(attempts, FOLLOW_DELAYS_MS.length - 1)] ?? 30_000;
}

/** What one read tells about a report still followed. */
function afterRead(entry: Followed, answer: Result<Report>, now: number): Followed {
  if (answer.ok) {
    const report = summaryOf(answer.data);
    const state = scoreState(report, now);
    // Scored, or generated without a score: either way there is nothing more to wait for.
    if (state !== 'generating') return ended(entry, state, now, { report, error: null });
    if (now - entry.since >= GIVE_UP_AFTER_MS) return ended(entry, 'no_score', now, { report, error: null });
    return waitLonger({ ...entry, report, error: null }, now, 0);
  }
  if (answer.error.kind === 'not_found') return ended(entry, 'gone', now, { error: answer.error });
  // A passing failure (network, rate limit): try again, never sooner than the server asked; past the
  // bound, give up and keep what failed for pages to say.
  if (now - entry.since >= GIVE_UP_AFTER_MS) return ended(entry, 'no_score', now, { error: answer.error });
  return waitLonger({ ...entry, error: answer.error }, now, (answer.error.retryAfterSeconds ?? 0) * 1000);
}

/** The next read, never later than the give-up time (the last read happens then). */
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

/** Ended entries go KEEP_ENDED_MS after they ended; never more than MAX_ENTRIES, the oldest ended first. */
function pruned(entries: Followed[], now: number): Followed[] {
  const kept = entries.filter((entry) => entry.endedAt === null || now - entry.endedAt < KEEP_ENDED_MS);
  if (kept.length <= MAX_ENTRIES) return kept;
  const byAge = [...kept].sort((a, b) => (a.endedAt ?? Infinity) - (b.endedAt ?? Infinity));
  const drop = new Set(byAge.slice(0, kept.length - MAX_ENTRIES));
  return kept.filter((entry) => !drop.has(entry));
}
