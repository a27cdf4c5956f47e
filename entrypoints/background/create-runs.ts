// Creates in flight. phpRank analyses the page before it answers a create (seconds to tens of
// seconds), and the popup may close meanwhile: the background finishes the request, remembers that it
// is running (storage.session, so a reopened popup says "Analysing the page…" with the right start
// time) and how a create that nobody was watching ended, so the next popup shows that.
import { storage } from 'wxt/utils/storage';
import type { ApiError, Result } from '@/lib/api/errors';
import type { Report } from '@/lib/api/types';
import { createSerialUpdates } from './serial-update';

export interface CreateRun {
  startedAt: number;
  /** Set when it failed; a success becomes this page's report in the popup's cache instead. */
  error?: ApiError;
}

/** By page URL. */
type CreateRuns = Record<string, CreateRun>;

/** Longer than any create may take (the client's analysis timeout is 90 s): an older run died with its worker. */
const STALE_AFTER_MS = 3 * 60_000;

export const createRunsItem = storage.defineItem<CreateRuns>('session:createRuns', {
  fallback: {},
  version: 1,
});

export interface CreateRunsDeps {
  now(): number;
  /** Keeps the worker alive while `work` runs (Chrome stops a worker whose fetch takes over 30 s). */
  keepAliveWhile<T>(work: Promise<T>): Promise<T>;
}

export type CreateRunsTracker = ReturnType<typeof createCreateRuns>;

export function createCreateRuns(deps: CreateRunsDeps, item = createRunsItem) {
  const serially = createSerialUpdates('create runs update');
  const running = new Map<string, Promise<Result<Report>>>();

  function edit(change: (runs: CreateRuns) => void): Promise<void> {
    return serially(async () => {
      const runs = fresh(await item.getValue(), deps.now());
      change(runs);
      await item.setValue(runs);
    }).catch(() => undefined);
  }

  return {
    /** Runs the create for `url`, noted as running until it ends; a failure is kept for the next popup. */
    async run(url: string, create: () => Promise<Result<Report>>): Promise<Result<Report>> {
      await edit((runs) => void (runs[url] = { startedAt: deps.now() }));
      const work = deps.keepAliveWhile(create());
      running.set(url, work);
      try {
        const answer = await work;
        await edit((runs) => {
          if (answer.ok) delete runs[url];
          else runs[url] = { startedAt: runs[url]?.startedAt ?? deps.now(), error: answer.error };
        });
        return answer;
      } finally {
        running.delete(url);
      }
    },

    /** This page's create: running (startedAt), ended in a failure nobody saw (error), or none. */
    async state(url: string): Promise<CreateRun | null> {
      const run = fresh(await item.getValue(), deps.now())[url];
      if (!run) return null;
      // Noted as running, yet not running here: the worker that ran it was stopped. Nothing to wait for.
      if (!run.error && !running.has(url)) {
        await edit((runs) => void delete runs[url]);
        return null;
      }
      return run;
    },

    /** Waits for this page's running create; null when none runs (the popup then looks the page up). */
    async wait(url: string): Promise<Result<Report> | null> {
      const work = running.get(url);
      return work ? work : null;
    },

    /** The failure was shown: forget it. */
    dismiss(url: string): Promise<void> {
      return edit((runs) => void delete runs[url]);
    },
  };
}

/** Only well-formed, recent runs: anything else is from a stopped worker or an older version. */
function fresh(value: unknown, now: number): CreateRuns {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const runs: CreateRuns = {};
  for (const [url, run] of Object.entries(value as Record<string, Partial<CreateRun>>)) {
    if (typeof run?.startedAt === 'number' && now - run.startedAt < STALE_AFTER_MS)
      runs[url] = run as CreateRun;
  }
  return runs;
}
