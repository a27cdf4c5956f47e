// While the popup is open, re-reads a report whose result is null until it has one. Backoff: 1 s, 2 s,
// 4 s, 8 s, then every 15 s. The background keeps checking with alarms once the popup is closed.
import type { Result } from '@/lib/api/errors';
import type { Report, ReportId } from '@/lib/api/types';
import { reportKey } from '@/lib/report-id';
import { isGenerating } from '@/lib/report-state';

export const WATCH_DELAYS_MS = [1000, 2000, 4000, 8000, 15_000];

export interface GenerationWatchDeps {
  read(id: ReportId): Promise<Result<Report>>;
  /** Every fresh copy of the report, generating or done. */
  onReport(report: Report): void;
  /** The report no longer exists. */
  onGone(id: ReportId): void;
}

export function createGenerationWatch(deps: GenerationWatchDeps) {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();

  function schedule(id: ReportId, attempt: number, atLeastMs = 0) {
    const delay = Math.max(WATCH_DELAYS_MS[Math.min(attempt, WATCH_DELAYS_MS.length - 1)] ?? 0, atLeastMs);
    timers.set(
      reportKey(id),
      setTimeout(() => void check(id, attempt), delay),
    );
  }

  async function check(id: ReportId, attempt: number) {
    const answer = await deps.read(id);
    if (!timers.has(reportKey(id))) return; // stopped meanwhile
    if (answer.ok) {
      deps.onReport(answer.data);
      // Bounded: a report the service generated without a score, or too long ago, is not asked about again.
      if (!isGenerating(answer.data, Date.now())) timers.delete(reportKey(id));
      else schedule(id, attempt + 1);
    } else if (answer.error.kind === 'not_found') {
      timers.delete(reportKey(id));
      deps.onGone(id);
    } else {
      // A passing problem (network, rate limit): keep going, never faster than the server asks.
      schedule(id, attempt + 1, (answer.error.retryAfterSeconds ?? 0) * 1000);
    }
  }

  return {
    /** Starts watching; watching the same report twice is one watch. */
    watch(id: ReportId) {
      if (!timers.has(reportKey(id))) schedule(id, 0);
    },
    stopAll() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
