// While the popup is open, re-reads a report whose result is null until it has one. Backoff: 1 s, 2 s,
// 4 s, 8 s, then every 15 s. The background keeps checking with alarms once the popup is closed.
// Bounded: a refused key or a missing setup stops every watch at once (asking again cannot help), and
// a watch ends after GIVE_UP_AFTER_MS whatever the answers were, failures included.
import type { ApiError, Result } from '@/lib/api/errors';
import type { Report, ReportId } from '@/lib/api/types';
import { reportKey } from '@/lib/report-id';
import { GIVE_UP_AFTER_MS, isGenerating } from '@/lib/report-state';
import { stopsFollowing } from '@/lib/stops-following';

export const WATCH_DELAYS_MS = [1000, 2000, 4000, 8000, 15_000];

export interface GenerationWatchDeps {
  read(id: ReportId): Promise<Result<Report>>;
  /** Every fresh copy of the report, generating or done. */
  onReport(report: Report): void;
  /** The report no longer exists. */
  onGone(id: ReportId): void;
  /** Every watch stopped on this error (lib/stops-following). */
  onStopped(error: ApiError): void;
  /** The clock; Date.now by default. */
  now?: () => number;
}

export function createGenerationWatch(deps: GenerationWatchDeps) {
  const now = deps.now ?? (() => Date.now());
  const timers = new Map<string, ReturnType<typeof setTimeout>>();

  function stopAll() {
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
  }

  /** The next read, unless the watch that started at `since` has run out of time. */
  function schedule(id: ReportId, since: number, attempt: number, atLeastMs = 0) {
    if (now() - since >= GIVE_UP_AFTER_MS) return void timers.delete(reportKey(id));
    const delay = Math.max(WATCH_DELAYS_MS[Math.min(attempt, WATCH_DELAYS_MS.length - 1)] ?? 0, atLeastMs);
    timers.set(
      reportKey(id),
      setTimeout(() => void check(id, since, attempt), delay),
    );
  }

  async function check(id: ReportId, since: number, attempt: number) {
    const answer = await deps.read(id);
    if (!timers.has(reportKey(id))) return; // stopped meanwhile
    if (answer.ok) {
      deps.onReport(answer.data);
      // A report the service generated without a score, or too long ago, is not asked about again.
      if (!isGenerating(answer.data, now())) timers.delete(reportKey(id));
      else schedule(id, since, attempt + 1);
    } else if (answer.error.kind === 'not_found') {
      timers.delete(reportKey(id));
      deps.onGone(id);
    } else if (stopsFollowing(answer.error)) {
      // The same answer awaits every other report: stop them all, and say why once.
      stopAll();
      deps.onStopped(answer.error);
    } else {
      // A passing problem (network, rate limit): keep going, never faster than the server asks.
      schedule(id, since, attempt + 1, (answer.error.retryAfterSeconds ?? 0) * 1000);
    }
  }

  return {
    /** Starts watching; watching the same report twice is one watch. */
    watch(id: ReportId) {
      if (!timers.has(reportKey(id))) schedule(id, now(), 0);
    },
    stopAll,
  };
}
