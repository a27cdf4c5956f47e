// Creates in flight. phpRank analyses the page before it answers a create (seconds to tens of
// seconds), and the popup may close meanwhile: the background finishes the request, remembers that it
// is running (storage.session, so a reopened popup says "Analysing the page…" with the right start
// time) and how a create that nobody was watching ended, so the next popup shows that. A create whose
// worker was stopped before the answer came may have been made: it ends as such a failure, never as
// "nothing happened", so the popup looks for the report instead of offering to send it again.
import { CREATE_RUNS_KEY } from '@/lib/storage-keys';
import { apiError } from '@/entrypoints/background/error-messages';
import type { ApiError, Result } from '@/lib/api/errors';
import type { Report } from '@/lib/api/types';
import { t } from '@/lib/i18n';
import type { CreateRunState } from '@/lib/messaging/protocol';
import { spaceItem } from './space';
import { budgets } from './storage-budget';

/** By page URL; a run that succeeded is not kept (the report store has the page's report). */
type CreateRuns = Record<string, CreateRunState>;

/** Longer than any create may take (the client's analysis timeout is 90 s): an older run died with its worker. */
const STALE_AFTER_MS = 3 * 60_000;

/** The request was sent and its answer lost with the worker (Chrome stops idle workers). */
export const CREATE_INTERRUPTED: ApiError = apiError('unexpected', {
  message: t('errorCreateInterrupted'),
  retrySafe: false,
});

/** One connection's runs: a create running on A is not this page's create once B is active. */
export const createRunsItem = (connectionId: string) =>
  spaceItem<CreateRuns>('session', connectionId, CREATE_RUNS_KEY, {}, budgets.session);

export interface CreateRunsDeps {
  now(): number;
  /** Keeps the worker alive while `work` runs (Chrome stops a worker whose fetch takes over 30 s). */
  keepAliveWhile<T>(work: Promise<T>): Promise<T>;
}

export function createCreateRuns(deps: CreateRunsDeps, item: ReturnType<typeof createRunsItem>) {
  const { serially } = budgets.session;
  /** By page URL. */
  const running = new Map<string, Promise<Result<Report>>>();
  /** Its connection is gone, or is another account now: an answer arriving later notes nothing. */
  let dropped = false;

  function edit(change: (runs: CreateRuns) => void): Promise<void> {
    return serially(async () => {
      if (dropped) return;
      const runs = fresh(await item.getValue(), deps.now());
      change(runs);
      await item.setValue(runs);
    }).catch(() => undefined);
  }

  /** The stored run, where one noted as running, yet not running here, becomes CREATE_INTERRUPTED. */
  async function settled(url: string): Promise<CreateRunState | null> {
    const run = fresh(await item.getValue(), deps.now())[url];
    if (!run || run.error || running.has(url)) return run ?? null;
    // The worker that sent it was stopped: its answer is lost, the report may exist all the same.
    const interrupted = { startedAt: run.startedAt, error: CREATE_INTERRUPTED };
    await edit((runs) => {
      if (runs[url] && !runs[url].error) runs[url] = interrupted;
    });
    return interrupted;
  }

  return {
    drop() {
      dropped = true;
    },

    /**
     * A create for `url` left for the service: noted as running until the returned function is given its
     * answer (it resolves once that is noted); a failure is kept for the next popup.
     */
    started(url: string): (answer: Result<Report>) => Promise<void> {
      let answered!: (answer: Result<Report>) => void;
      const answer = new Promise<Result<Report>>((resolve) => (answered = resolve));
      // Known as running here before it is noted in storage: a popup asking meanwhile must not take the
      // note for one left by a stopped worker.
      const work = (async () => {
        await edit((runs) => void (runs[url] = { startedAt: deps.now() }));
        const ended = await deps.keepAliveWhile(answer);
        await edit((runs) => {
          if (ended.ok) delete runs[url];
          else runs[url] = { startedAt: runs[url]?.startedAt ?? deps.now(), error: ended.error };
        });
        return ended;
      })();
      running.set(url, work);
      return async (ended) => {
        answered(ended);
        try {
          await work;
        } finally {
          running.delete(url);
        }
      };
    },

    /** This page's create: running (startedAt), ended in a failure nobody saw (error), or none. */
    state: (url: string) => settled(url),

    /** Waits for this page's running create; its failure if it ended unseen; null when there is none. */
    async wait(url: string): Promise<Result<Report> | null> {
      const work = running.get(url);
      if (work) return work;
      const run = await settled(url);
      return run?.error ? { ok: false, error: run.error } : null;
    },

    /** The failure was shown: forget it. */
    dismiss(url: string): Promise<void> {
      return edit((runs) => void delete runs[url]);
    },
  };
}

/** Only recent runs: an older one is from a stopped worker. */
function fresh(runs: CreateRuns, now: number): CreateRuns {
  return Object.fromEntries(Object.entries(runs).filter(([, run]) => now - run.startedAt < STALE_AFTER_MS));
}
