// The one runner of work that outlives a message: a job's steps are kept in storage.session, written before
// each request leaves and after its answer, so a stopped worker resumes it (at start-up and by its alarm)
// without sending a done step again. A step in flight when the worker stopped is settled by its kind; a step
// may be due later (the follower's reads), and the runner waits for the earliest.
import { browser } from 'wxt/browser';
import type { ApiError, Result } from '@/lib/api/errors';
import type { Page } from '@/lib/api/types';
import type { Job, Step } from '@/lib/bulk-job';
import { abortableSleep, createPacer } from '@/lib/pace';
import { budgets, StorageFull, storageFullError, type spaceItem } from '../storage-budget';

export type { Job, Step };
type StepOf<J extends Job> = J['items'][number];

/** What one kind of job does with its steps (a job that only lists has none); the runner does the rest. */
export interface JobKind<J extends Job, Listed = unknown> {
  name: string;
  keyOf?(step: StepOf<J>): string;
  /** Page `page` of what the job runs on, listed while its phase is 'collecting' (a 429 is waited out). */
  list?(job: J, page: number): Promise<Result<Page<Listed>>>;
  /**
   * Takes a listed page into the stored job: whether it held anything new. The listing ends after the last
   * page or one with nothing new (a server repeating a page is not paged on), and the steps run.
   */
  listed?(job: J, page: Page<Listed>): boolean | Promise<boolean>;
  send?(job: J, step: StepOf<J>): Promise<Result<unknown>>;
  /** By default done, or failed with its error; `job` is the stored one, which it may change too. */
  answered?(
    job: J,
    step: StepOf<J>,
    answer: Result<unknown>,
  ): Partial<StepOf<J>> | Promise<Partial<StepOf<J>>>;
  /** The step whose request was on its way when the worker stopped: what it became. */
  settle?(job: J, step: StepOf<J>): Promise<Partial<StepOf<J>>>;
  /** What the job's end writes besides it, in its queue. */
  ended?(job: J): Promise<void>;
}

interface RunnerDeps<J extends Job> {
  item: ReturnType<typeof spaceItem<J | null>>;
  /** Wakes a stopped worker to resume the job (workAlarm). */
  alarm: string;
  /** Its connection was removed or saved as another account: a job in its item is not this one's. */
  gone: AbortSignal;
}

/** The client's timeout for a change (15 s), and a second more. */
const SETTLE_AFTER_MS = 16_000;
/** Chrome's shortest alarm period. */
const ALARM_MINUTES = 0.5;

/** The alarm of a connection's job `job` (`detail` tells one of its kind from another). */
export const workAlarm = (job: string, connectionId: string, detail?: string) =>
  `page-reports:${job}:${connectionId}${detail === undefined ? '' : `:${detail}`}`;

/** What a work alarm names (a connection's id has no ':'). */
export function workAlarmOf(name: string): { job: string; connectionId: string; detail?: string } | null {
  const [prefix, job, connectionId, ...detail] = name.split(':');
  if (prefix !== 'page-reports' || !job || !connectionId) return null;
  return detail.length > 0 ? { job, connectionId, detail: detail.join(':') } : { job, connectionId };
}

/** Wakes a stopped worker every `minutes` for the work `name` names (the one place alarms are made). */
export async function keepWaking(name: string, minutes = ALARM_MINUTES): Promise<void> {
  // Created only when missing: re-creating would push the next wake-up back every time.
  if (!(await browser.alarms.get(name))) await browser.alarms.create(name, { periodInMinutes: minutes });
}

/** Chrome stops a worker whose fetch takes over 30 s without other activity: an API call every 20 s is activity. */
export async function keepAliveWhile<T>(work: Promise<T>): Promise<T> {
  const timer = setInterval(() => void browser.runtime.getPlatformInfo(), 20_000);
  try {
    return await work;
  } finally {
    clearInterval(timer);
  }
}

export const ended = (job: Job | null | undefined) => !job || job.phase === 'ended';

const isOpen = (step: Step) => step.state === 'sending' || step.state === 'pending';
/** A step in flight first (its answer was lost), then the pending ones by when they are due. */
const dueOrder = (step: Step) => (step.state === 'sending' ? -Infinity : (step.dueAt ?? 0));

export function createRunner<J extends Job, Listed = unknown>(kind: JobKind<J, Listed>, deps: RunnerDeps<J>) {
  const { item, gone } = deps;
  // The queue of the session budget: an eviction never races the job's read-modify-writes.
  const { serially } = budgets.session;
  const now = () => Date.now();
  let running: Promise<void> | null = null;
  /** Asked to run while the loop was ending: it runs once more. */
  let again = false;
  let stopping = new AbortController();
  gone.addEventListener('abort', () => stopping.abort());

  /** Changes the stored job `id` (nothing when another job replaced it); the job as written, or null. */
  function edit(id: string, change: (job: J) => void | Promise<void>): Promise<J | null> {
    return serially(async () => {
      const job = await item.getValue();
      if (gone.aborted || job?.id !== id) return null;
      const before = job.phase;
      try {
        await change(job);
        if (before !== 'ended' && job.phase === 'ended') await kind.ended?.(job);
        await item.setValue(job);
        return job;
      } catch (cause) {
        if (!(cause instanceof StorageFull) || before === 'ended') throw cause;
        // Tried again, it would fail for ever: the job as stored ends saying why (or goes, if even that fails).
        const stored = await item.getValue();
        if (stored?.id !== id) return null;
        finish(stored, storageFullError(cause.area));
        await kind.ended?.(stored);
        await item.setValue(stored).catch(() => item.removeValue());
        return null;
      }
    });
  }

  const setStep = (job: J, key: string, changes: Partial<StepOf<J>>) => {
    const index = job.items.findIndex((entry) => kind.keyOf!(entry) === key);
    if (index >= 0) job.items[index] = { ...job.items[index]!, ...changes };
  };

  function ensureRunning(): Promise<void> {
    // A wait under way ends: the stored job is read again, and may be due sooner or be another one.
    stopping.abort();
    stopping = new AbortController();
    if (running) {
      again = true;
      return running;
    }
    again = false;
    running = loop().finally(() => {
      running = null;
      if (again) void ensureRunning();
    });
    return running;
  }

  async function loop(): Promise<void> {
    let pacer = createPacer();
    let pacedId: string | null = null;
    void keepWaking(deps.alarm);
    try {
      for (;;) {
        // Taken before the read: a wake asked for while the job is read ends the wait worked out from it.
        const woken = stopping.signal;
        const job = await item.getValue();
        if (gone.aborted || ended(job)) break;
        // A job that replaced another is paced afresh: the other's 429 waits were not its own.
        if (job!.id !== pacedId) {
          pacer = createPacer(job!.limited);
          pacedId = job!.id;
        }
        const [next] = job!.items.filter(isOpen).sort((a, b) => dueOrder(a) - dueOrder(b));
        const interrupted = next?.state === 'sending';
        // A step whose answer was lost is settled first, even after Stop (without waiting then).
        if ((job!.stopRequested && !interrupted) || (job!.phase === 'running' && !next)) {
          await edit(job!.id, (stored) => finish(stored));
          continue;
        }
        // Its request may still be at the service: settle it only once the client would have given up.
        const due = Math.max(
          job!.notBefore,
          interrupted ? next.sentAt! + SETTLE_AFTER_MS : (next?.dueAt ?? 0),
        );
        const wait = job!.stopRequested ? 0 : due - now();
        if (wait > 0) {
          // Not kept alive meanwhile: a worker stopped while it waits is woken by the alarm.
          await abortableSleep(wait, woken);
          continue;
        }
        await keepAliveWhile(step(job!, next, pacer));
      }
    } catch (cause) {
      // Storage failed us mid-step: the alarm stays, and picks the job up again.
      return console.error(`Page Reports: ${kind.name}`, cause);
    }
    // The alarm goes with the last unfinished job under its name: a dropped job's may be the new account's.
    await serially(clearAlarmIfIdle).catch((cause) => console.error(`Page Reports: ${kind.name}`, cause));
  }

  /** One request of `job`: a page of its listing, the settling of `next` in flight, or `next` itself. */
  async function step(job: J, next: StepOf<J> | undefined, pacer: ReturnType<typeof createPacer>) {
    const sentAt = now();
    /** The next request waits for the pace, counted from this one's start. */
    const paced = (stored: J) => {
      stored.notBefore = Math.max(now(), sentAt + pacer.next());
      stored.waitingUntil = null;
      delete stored.limited;
    };
    if (job.phase === 'collecting') {
      const page = job.nextPage ?? 1;
      const answer = await kind.list!(job, page);
      const waitMs = pacer.after(answer);
      if (waitMs !== null) return waitOut(job.id, waitMs, pacer.limited());
      await edit(job.id, async (stored) => {
        paced(stored);
        if (!answer.ok) return endWith(stored, answer.error);
        const more = (await kind.listed!(stored, answer.data)) && answer.data.hasNext;
        if (stored.phase !== 'collecting') return;
        if (more) stored.nextPage = page + 1;
        else {
          stored.phase = 'running';
          delete stored.nextPage;
        }
      });
    } else if (next!.state === 'sending') {
      const outcome = await kind.settle!(job, next!);
      await edit(job.id, (stored) => {
        setStep(stored, kind.keyOf!(next!), outcome);
        paced(stored);
      });
    } else {
      const key = kind.keyOf!(next!);
      if (!(await edit(job.id, (stored) => setStep(stored, key, { state: 'sending', sentAt })))) return;
      const answer = await kind.send!(job, next!);
      const waitMs = pacer.after(answer);
      if (waitMs !== null) return waitOut(job.id, waitMs, pacer.limited(), key);
      await edit(job.id, async (stored) => {
        const outcome =
          (await kind.answered?.(stored, next!, answer)) ??
          (answer.ok ? { state: 'done' } : { state: 'failed', error: answer.error });
        setStep(stored, key, outcome as Partial<StepOf<J>>);
        paced(stored);
      });
    }
  }

  async function clearAlarmIfIdle() {
    if (ended(await item.getValue())) await browser.alarms.clear(deps.alarm);
  }

  /** A 429: nothing was done, so the same request goes again once the service's wait is over. */
  async function waitOut(id: string, waitMs: number, limited: number, key?: string) {
    await edit(id, (stored) => {
      if (key !== undefined) setStep(stored, key, { state: 'pending' } as Partial<StepOf<J>>);
      stored.notBefore = stored.waitingUntil = now() + waitMs;
      stored.limited = limited;
    });
  }

  return {
    /** At start-up and on the alarm: a job a stopped worker left goes on; with none, its alarm goes. */
    async resume(): Promise<void> {
      const job = await item.getValue().catch(() => null);
      if (!ended(job)) await ensureRunning();
      else if (!gone.aborted) await serially(clearAlarmIfIdle);
    },
    /**
     * A job steps are added to over time (the follower's): `change` edits the stored job, or `fresh()` when
     * there is none, and returns false when it changed nothing; the job runs again while a step is open.
     */
    async update(change: (job: J) => boolean | void, fresh: () => J): Promise<void> {
      const job = await serially(async () => {
        const stored = (await item.getValue()) ?? fresh();
        if (gone.aborted || change(stored) === false) return null;
        if (stored.items.some(isOpen)) stored.phase = 'running';
        await item.setValue(stored);
        return stored;
      });
      if (ended(job)) return;
      await keepWaking(deps.alarm);
      void ensureRunning();
    },
    /**
     * Replaces an ended job (or none) with `job` and runs it, `before` first (in the queue, as the check is:
     * of two starts at once, one runs); false while another runs.
     */
    async start(job: J, before?: () => Promise<unknown>): Promise<boolean> {
      const started = await serially(async () => {
        if (!ended(await item.getValue())) return false;
        await before?.();
        await item.setValue(job);
        return true;
      });
      if (started) void ensureRunning();
      return started;
    },
    async stop(): Promise<void> {
      const job = await item.getValue();
      if (ended(job)) return;
      await edit(job!.id, (stored) => void (stored.stopRequested = true));
      void ensureRunning(); // a job left by a stopped worker ends here and now
    },
  };
}

export const newJob = <S extends Step>(id: string, steps: S[]): Job<S> => ({
  id,
  phase: 'running',
  stopRequested: false,
  items: steps,
  notBefore: 0,
  waitingUntil: null,
  error: null,
});

export function endWith(job: Job, error: ApiError | null) {
  job.phase = 'ended';
  job.error = error;
}

/** Ends `job` (with `error` when it failed): the steps not sent are skipped. */
function finish(job: Job, error: ApiError | null = job.error) {
  endWith(job, error);
  job.waitingUntil = null;
  for (const entry of job.items) if (entry.state === 'pending') entry.state = 'skipped';
}
