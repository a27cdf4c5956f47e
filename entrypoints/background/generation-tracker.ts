// Reports whose result is still null are re-read until the service has generated them, even after the
// popup has closed. The list lives in storage (the worker may be stopped at any moment) and the waits in
// browser.alarms (a setTimeout dies with the worker).
import { storage } from 'wxt/utils/storage';
import type { Result } from '@/lib/api/errors';
import type { Report, ReportId } from '@/lib/api/types';
import { sameId } from '@/lib/report-id';
import { GIVE_UP_AFTER_MS, isGenerating } from '@/lib/report-state';
import { stopsFollowing } from '@/lib/stops-following';
import { createSerialUpdates } from './serial-update';

export const GENERATION_ALARM = 'page-reports:generation';
/** Chrome's shortest alarm period (30 s). Each report then waits its own backoff between reads. */
const ALARM_PERIOD_MINUTES = 0.5;
const FIRST_WAIT_MS = 30_000;
const LONGEST_WAIT_MS = 5 * 60_000;

export interface PendingGeneration {
  id: ReportId;
  since: number;
  attempts: number;
  nextCheckAt: number;
}

export const pendingGenerationsItem = storage.defineItem<PendingGeneration[]>('local:pendingGenerations', {
  fallback: [],
  version: 1,
});

export interface GenerationTrackerDeps {
  getReport(id: ReportId): Promise<Result<Report>>;
  /** Called with the report once its result is known. */
  onGenerated(report: Report): Promise<void>;
  alarms: {
    create(name: string, info: { periodInMinutes: number }): void | Promise<void>;
    clear(name: string): Promise<boolean>;
    get(name: string): Promise<unknown>;
  };
  now(): number;
}

export type GenerationTracker = ReturnType<typeof createGenerationTracker>;

export function createGenerationTracker(deps: GenerationTrackerDeps) {
  const serially = createSerialUpdates('generation tracking');
  /**
   * Changes the pending list, one change at a time. An edit that returns the same array changed nothing:
   * nothing is written and the alarm is left as it is.
   */
  function change(edit: (pending: PendingGeneration[]) => PendingGeneration[]): Promise<PendingGeneration[]> {
    return serially(async () => {
      const before = checked(await pendingGenerationsItem.getValue());
      const pending = edit(before);
      if (pending === before) return pending;
      await pendingGenerationsItem.setValue(pending);
      await syncAlarm(pending);
      return pending;
    });
  }

  async function syncAlarm(pending: PendingGeneration[]): Promise<void> {
    if (pending.length === 0) {
      await deps.alarms.clear(GENERATION_ALARM);
    } else if (!(await deps.alarms.get(GENERATION_ALARM))) {
      // Created only when missing: re-creating would push the next check back every time.
      await deps.alarms.create(GENERATION_ALARM, { periodInMinutes: ALARM_PERIOD_MINUTES });
    }
  }

  /** Starts watching a report whose result is null. */
  function track(id: ReportId): Promise<PendingGeneration[]> {
    const now = deps.now();
    return change((pending) =>
      pending.some((entry) => sameId(entry.id, id))
        ? pending
        : [...pending, { id, since: now, attempts: 0, nextCheckAt: now + FIRST_WAIT_MS }],
    );
  }

  /** Stops watching (the result is known, or the report is gone). */
  function settle(id: ReportId): Promise<PendingGeneration[]> {
    return change((pending) =>
      pending.some((entry) => sameId(entry.id, id))
        ? pending.filter((entry) => !sameId(entry.id, id))
        : pending,
    );
  }

  /**
   * Re-reads every report whose wait is over; the alarm calls it. Bounded: a report is given up
   * GIVE_UP_AFTER_MS after it was first tracked, whatever the answers; a refused key or a missing
   * setup (lib/stops-following) stops everything at once, the alarm included.
   */
  async function checkDue(): Promise<void> {
    const now = deps.now();
    const due = checked(await pendingGenerationsItem.getValue()).filter((entry) => entry.nextCheckAt <= now);
    for (const entry of due) {
      const answer = await deps.getReport(entry.id);
      if (!answer.ok && stopsFollowing(answer.error)) {
        await change((pending) => (pending.length === 0 ? pending : []));
        return;
      }
      if (answer.ok && !isGenerating(answer.data, deps.now())) {
        // Scored, or generated without a score: either way there is nothing more to wait for.
        await deps.onGenerated(answer.data);
        await settle(entry.id);
      } else if (
        (!answer.ok && answer.error.kind === 'not_found') ||
        deps.now() - entry.since > GIVE_UP_AFTER_MS
      ) {
        await settle(entry.id);
      } else {
        await change((pending) =>
          pending.map((item) => (sameId(item.id, entry.id) ? waitLonger(item, deps.now()) : item)),
        );
      }
    }
  }

  /** At start-up: the alarm may be gone (browser restart) while reports are still pending. */
  function resume(): Promise<PendingGeneration[]> {
    return serially(async () => {
      const pending = checked(await pendingGenerationsItem.getValue());
      await syncAlarm(pending);
      return pending;
    });
  }

  return { track, settle, checkDue, resume };
}

/** Backoff: 30 s, 1 min, 2 min, 4 min, then every 5 min. */
function waitLonger(entry: PendingGeneration, now: number): PendingGeneration {
  const attempts = entry.attempts + 1;
  const wait = Math.min(FIRST_WAIT_MS * 2 ** attempts, LONGEST_WAIT_MS);
  return { ...entry, attempts, nextCheckAt: now + wait };
}

function checked(value: unknown): PendingGeneration[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (entry): entry is PendingGeneration =>
      typeof entry === 'object' &&
      entry !== null &&
      (typeof entry.id === 'string' || typeof entry.id === 'number') &&
      typeof entry.since === 'number' &&
      typeof entry.attempts === 'number' &&
      typeof entry.nextCheckAt === 'number',
  );
}
