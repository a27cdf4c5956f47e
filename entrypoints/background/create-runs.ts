// Creates in flight: phpRank analyses the page before it answers (up to tens of seconds) and the popup may
// close meanwhile. A running create is noted in storage.session, so a reopened popup says "Analysing the
// page…"; a failure nobody saw is kept for the next popup. A create whose worker stopped before its answer
// may have happened: it ends as such a failure, so the popup looks for the report rather than send again.
import { CREATE_RUNS_KEY } from '@/lib/storage-keys';
import { apiError } from '@/entrypoints/background/error-messages';
import type { ApiError, Result } from '@/lib/api/errors';
import type { Report } from '@/lib/api/types';
import { t } from '@/lib/i18n';
import type { CreateRunState } from '@/lib/messaging/protocol';
import { keepAliveWhile } from './jobs/runner';
import { budgets, spaceItem } from './storage-budget';

/** By page URL; a run that succeeded is not kept (the report store has the page's report). */
type CreateRuns = Record<string, CreateRunState>;

/** Longer than any create may take (the client's analysis timeout is 90 s). */
const STALE_AFTER_MS = 3 * 60_000;

export const CREATE_INTERRUPTED: ApiError = apiError('unexpected', {
  message: t('errorCreateInterrupted'),
  retrySafe: false,
});

export function createCreateRuns(connectionId: string, gone: AbortSignal) {
  const item = spaceItem<CreateRuns>('session', connectionId, CREATE_RUNS_KEY, {}, budgets.session);
  const { serially } = budgets.session;
  /** By page URL. */
  const running = new Map<string, Promise<Result<Report>>>();

  /** A note that cannot be written is logged: the create goes on and answers its popup all the same. */
  function edit(change: (runs: CreateRuns) => void): Promise<void> {
    return serially(async () => {
      if (gone.aborted) return;
      const runs = fresh(await item.getValue(), Date.now());
      change(runs);
      await item.setValue(runs);
    }).catch((cause) => console.error('Page Reports: noting a create', cause));
  }

  /**
   * This page's create: running (startedAt), ended in a failure nobody saw (error), or none. One noted as
   * running, yet not running here, becomes CREATE_INTERRUPTED.
   */
  async function state(url: string): Promise<CreateRunState | null> {
    const run = fresh(await item.getValue(), Date.now())[url];
    if (!run || run.error || running.has(url)) return run ?? null;
    const interrupted = { startedAt: run.startedAt, error: CREATE_INTERRUPTED };
    await edit((runs) => {
      if (runs[url] && !runs[url].error) runs[url] = interrupted;
    });
    return interrupted;
  }

  return {
    /** Whether a write for `url` is on its way here. */
    busy: (url: string) => running.has(url),

    /**
     * Sends `send`, the create for `url` (for the menu, its lookup too), noted as running until its answer
     * is noted; its answer then. A create for a page with one on its way gets that one's answer, unsent.
     */
    run(url: string, send: () => Promise<Result<Report>>): Promise<Result<Report>> {
      const joined = running.get(url);
      if (joined) return joined;
      const sent = send();
      // Known as running here before the note is written: a popup asking meanwhile must not take the
      // note for one left by a stopped worker.
      const work = (async () => {
        await edit((runs) => void (runs[url] = { startedAt: Date.now() }));
        const answer = await keepAliveWhile(sent).catch((): Result<Report> => ({
          ok: false,
          error: apiError('unexpected'),
        }));
        await edit((runs) => {
          if (answer.ok) delete runs[url];
          else runs[url] = { startedAt: runs[url]?.startedAt ?? Date.now(), error: answer.error };
        });
        running.delete(url);
        return answer;
      })();
      running.set(url, work);
      return work.then(() => sent);
    },

    state,

    /** Waits for this page's running create; its failure if it ended unseen; null when there is none. */
    async wait(url: string): Promise<Result<Report> | null> {
      const work = running.get(url);
      if (work) return work;
      const run = await state(url);
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
