// The one runner of work that outlives a message: a job is a list of steps kept in storage.session, written
// before each request leaves and after its answer, so a worker stopped mid-way resumes it (at start-up, and
// by an alarm) without sending a done step again. Steps go one at a time, paced by lib/pace.ts. A step
// whose request was on its way when the worker stopped is never sent again blindly: once the client would
// have given up on it, the kind's `settle` decides (read it back, or fail it as "may have happened").
// Stop ends the job after the step on its way; Retry the failed starts a job of the retryable ones.
// What each kind of job does is a small file beside this one; pages watch the stored job (lib/bulk-job.ts).
import type { ApiError, Result } from '@/lib/api/errors';
import { isRetryable, type Job, type Step } from '@/lib/bulk-job';
import { abortableSleep, createPacer } from '@/lib/pace';
import { createSerialUpdates } from '../serial-update';

export type { Job, Step };
/** The steps of a kind of job. */
export type StepOf<J extends Job> = J['items'][number];

/** The storage item of one job (WXT's, or a fake's). */
export interface JobItem<J extends Job> {
  getValue(): Promise<J | null>;
  setValue(job: J): Promise<void>;
  removeValue(): Promise<void>;
}

/** What one kind of job does with its steps; the runner does the rest. */
export interface JobKind<J extends Job, Listed = unknown> {
  /** Names the kind in logs. */
  name: string;
  /** The key telling one step from another. */
  keyOf(step: StepOf<J>): string;
  /** One request of listing what the job runs on (phase 'collecting'): its answer (a 429 is waited out). */
  collect?(job: J): Promise<Result<Listed>>;
  /** What a listing's answer (not a 429) changes in the job (and writes besides it, in the job's queue). */
  collected?(job: J, answer: Result<Listed>): void | Promise<void>;
  /** The request of one step. */
  send(job: J, step: StepOf<J>): Promise<Result<unknown>>;
  /** What an answer (not a 429) makes of its step; by default done, or failed with its error. */
  answered?(job: J, step: StepOf<J>, answer: Result<unknown>): Partial<StepOf<J>>;
  /** The step whose request was on its way when the worker stopped: what it became. */
  settle(job: J, step: StepOf<J>): Promise<Partial<StepOf<J>>>;
  /** What the job's end writes besides it (in its queue, just before it): Stop, a failure, its last step. */
  ended?(job: J): Promise<void>;
}

export interface RunnerDeps<J extends Job> {
  item: JobItem<J>;
  /** The alarm that wakes a stopped worker to resume the job. */
  alarm: string;
  now(): number;
  /** Keeps the worker alive while the job runs (a regenerate takes tens of seconds). */
  keepAliveWhile<T>(work: Promise<T>): Promise<T>;
  alarms: { create(name: string, info: { periodInMinutes: number }): unknown; clear(name: string): unknown };
  /** The normal pause between two requests, while the service has room. */
  pauseMs?: number;
  sleep?(ms: number, signal: AbortSignal): Promise<void>;
  /** The queue the job's read-modify-writes run in (a storage budget's); one of its own by default. */
  serially?<T>(work: () => Promise<T>): Promise<T>;
}

/** The client's timeout for a change (15 s), and a second more. */
const SETTLE_AFTER_MS = 16_000;
/** Chrome's shortest alarm period. */
const ALARM_MINUTES = 0.5;

export const ended = (job: Job | null | undefined) => !job || job.phase === 'ended';

export function createRunner<J extends Job, Listed = unknown>(kind: JobKind<J, Listed>, deps: RunnerDeps<J>) {
  const { item, now, pauseMs = 250, sleep = abortableSleep } = deps;
  const serially = deps.serially ?? createSerialUpdates();
  let running: Promise<void> | null = null;
  let stopping = new AbortController();
  /** Its connection was removed or saved as another account: a job in its item is not this one's. */
  let dropped = false;

  /** Changes the stored job `id` (nothing when another job replaced it); the job as written, or null. */
  function edit(id: string, change: (job: J) => void | Promise<void>): Promise<J | null> {
    return serially(async () => {
      if (dropped) return null;
      const job = await item.getValue();
      if (job?.id !== id) return null;
      const before = job.phase;
      await change(job);
      if (before !== 'ended' && job.phase === 'ended') await kind.ended?.(job);
      await item.setValue(job);
      return job;
    });
  }

  const setStep = (job: J, key: string, changes: Partial<StepOf<J>>) => {
    const index = job.items.findIndex((entry) => kind.keyOf(entry) === key);
    if (index >= 0) job.items[index] = { ...job.items[index]!, ...changes };
  };

  function ensureRunning(): Promise<void> {
    running ??= deps.keepAliveWhile(loop()).finally(() => (running = null));
    return running;
  }

  async function loop(): Promise<void> {
    if (stopping.signal.aborted) stopping = new AbortController();
    const pacer = createPacer(pauseMs);
    void deps.alarms.create(deps.alarm, { periodInMinutes: ALARM_MINUTES });
    let broke = false;
    /** The step the last answer's write noted as sending (its job's id and key): it goes without a write of its own. */
    let claimed: string | null = null;
    const claim = (job: J, step: StepOf<J>) => `${job.id}\n${kind.keyOf(step)}`;
    try {
      for (;;) {
        if (dropped) return;
        const job = await item.getValue();
        if (!job || job.phase === 'ended') return;
        const next = job.items.find((entry) => entry.state === 'sending' || entry.state === 'pending');
        const mine = next !== undefined && claimed === claim(job, next);
        claimed = null;
        if (mine && job.stopRequested) {
          await edit(job.id, (stored) => setStep(stored, kind.keyOf(next), { state: 'pending' }));
          continue;
        }
        const interrupted = next?.state === 'sending' && !mine;
        // A step whose answer was lost is settled first, even after Stop (without waiting then).
        if ((job.stopRequested && !interrupted) || (job.phase === 'running' && !next)) {
          return void (await finish(job.id));
        }
        // Its request may still be at the service: settle it only once the client would have given up.
        const due = interrupted
          ? Math.max(job.notBefore, (next.sentAt ?? 0) + SETTLE_AFTER_MS)
          : job.notBefore;
        const wait = job.stopRequested ? 0 : due - now();
        if (wait > 0) {
          await sleep(wait, stopping.signal);
          continue; // read again: Stop may have come meanwhile
        }
        const sentAt = now();
        /** Ends a step: the next request waits for the pace, counted from this one's start. */
        const paced = (stored: J) => {
          stored.notBefore = Math.max(now(), sentAt + pacer.next());
          stored.waitingUntil = null;
        };
        if (job.phase === 'collecting') {
          const answer = await kind.collect!(job);
          const waitMs = pacer.after(answer);
          if (waitMs !== null) {
            await waitOut(job.id, waitMs);
            continue;
          }
          await edit(job.id, (stored) => {
            paced(stored);
            return kind.collected!(stored, answer);
          });
        } else if (interrupted) {
          const outcome = await kind.settle(job, next);
          await edit(job.id, (stored) => {
            setStep(stored, kind.keyOf(next), outcome);
            paced(stored);
          });
        } else {
          const key = kind.keyOf(next!);
          if (!mine && !(await edit(job.id, (stored) => setStep(stored, key, { state: 'sending', sentAt }))))
            continue;
          const answer = await kind.send(job, next!);
          const waitMs = pacer.after(answer);
          if (waitMs !== null) {
            await waitOut(job.id, waitMs, key);
            continue;
          }
          await edit(job.id, (stored) => {
            setStep(stored, key, outcome(job, next!, answer));
            paced(stored);
            // No pause due: the next step is noted as sending in this same write (one write a step).
            const following = stored.items.find((entry) => entry.state === 'pending');
            if (following && !stored.stopRequested && stored.notBefore <= now()) {
              setStep(stored, kind.keyOf(following), { state: 'sending', sentAt: now() });
              claimed = claim(stored, following);
            }
          });
        }
      }
    } catch (cause) {
      // Storage failed us mid-step: the alarm stays, and picks the job up again (in-flight rule included).
      broke = true;
      console.error(`Page Reports: ${kind.name}`, cause);
    } finally {
      // The alarm goes with the last unfinished job under its name: a dropped job's may be the new account's.
      if (!broke)
        await serially(clearAlarmIfIdle).catch((cause) => console.error(`Page Reports: ${kind.name}`, cause));
    }
  }

  async function clearAlarmIfIdle() {
    if (ended(await item.getValue())) await deps.alarms.clear(deps.alarm);
  }

  /** A 429: nothing was done, so the same request goes again once the service's wait is over. */
  function waitOut(id: string, waitMs: number, key?: string) {
    return edit(id, (stored) => {
      if (key !== undefined) setStep(stored, key, { state: 'pending' });
      stored.notBefore = stored.waitingUntil = now() + waitMs;
    });
  }

  const outcome = (job: J, step: StepOf<J>, answer: Result<unknown>): Partial<StepOf<J>> =>
    kind.answered?.(job, step, answer) ??
    (answer.ok ? { state: 'done' } : { state: 'failed', error: answer.error });

  function finish(id: string) {
    return edit(id, (job) => {
      job.phase = 'ended';
      job.waitingUntil = null;
      for (const entry of job.items) if (entry.state === 'pending') entry.state = 'skipped';
    });
  }

  return {
    edit,
    /** Sends and writes nothing more: its connection is gone, or is another account now. */
    drop() {
      dropped = true;
      stopping.abort();
    },
    /** At start-up and on the alarm: a job a stopped worker left goes on; with none, its alarm goes. */
    async resume(): Promise<void> {
      const job = await item.getValue().catch(() => null);
      if (!ended(job)) await ensureRunning();
      else if (!dropped) await serially(clearAlarmIfIdle);
    },
    /** Replaces an ended job (or none) with `job` and runs it, `before` first; false while another runs. */
    async start(job: J, before?: () => Promise<unknown>): Promise<boolean> {
      if (!ended(await item.getValue())) return false;
      if (stopping.signal.aborted) stopping = new AbortController();
      await before?.();
      await serially(() => item.setValue(job));
      void ensureRunning();
      return true;
    },
    async stop(): Promise<void> {
      const job = await item.getValue();
      if (ended(job)) return;
      await edit(job!.id, (stored) => void (stored.stopRequested = true));
      stopping.abort();
      void ensureRunning(); // a job left by a stopped worker ends here and now
    },
    /** The steps "Retry failed" sends again, fresh; null while the job runs. */
    async failedSteps(): Promise<{ job: J; steps: StepOf<J>[] } | null> {
      const job = await item.getValue();
      if (!job || !ended(job)) return null;
      const steps = job.items.filter(isRetryable).map((failed) => {
        const step = { ...failed, state: 'pending' as const };
        delete step.error;
        delete step.sentAt;
        return step;
      });
      return { job, steps };
    },
    /** Forgets an ended job; false while it runs. */
    async dismiss(): Promise<boolean> {
      if (!ended(await item.getValue())) return false;
      await serially(() => item.removeValue());
      return true;
    },
  };
}

/** A new job's fields before its steps run. */
export function newJob<S extends Step>(id: string, steps: S[]): Job<S> {
  return {
    id,
    phase: 'running',
    stopRequested: false,
    items: steps,
    notBefore: 0,
    waitingUntil: null,
    error: null,
  };
}

export function endWith(job: Job, error: ApiError) {
  job.phase = 'ended';
  job.error = error;
}
