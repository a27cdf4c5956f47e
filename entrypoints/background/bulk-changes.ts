// Bulk changes: a new privacy, or new results, for many reports, one request at a time, paced to the
// service's throttle (lib/pace.ts, as "Delete selected"). The job lives in storage.session, written
// before each request leaves and after its answer, so a worker stopped mid-way resumes it (at start-up,
// and by an alarm) without sending a done report again. A report whose request was on its way when the
// worker stopped is never sent again blindly: a privacy change is read back, once the client would have
// given up on that request (16 s after it left), and counts as done when already changed; new
// results may have been made (a synchronous analysis that ran on), so that one fails as "may have
// happened" and "Retry failed" leaves it out, as the popup does after a lost create.
// Pages start, stop and retry by message, and watch the job (lib/bulk-job.ts); they never send the requests.
// A job belongs to the connection it started on: kept under its id, its requests go through that
// connection's client alone (ConnectionWork), so a switch meanwhile changes nothing for it.
import { apiError } from '@/entrypoints/background/error-messages';
import type { ApiError, Result } from '@/lib/api/errors';
import { PRIVACY, type Page, type Report, type ReportId, type ReportSummary } from '@/lib/api/types';
import { isRetryable, type BulkItem, type BulkJob } from '@/lib/bulk-job';
import { BULK_JOB_KEY, BULK_JOB_PASSWORD_KEY } from '@/lib/storage-keys';
import { t } from '@/lib/i18n';
import type { ReportListQuery } from '@/lib/messaging/inputs';
import type { PageInput } from '@/lib/messaging/protocol';
import { abortableSleep, createPacer, isRateLimited } from '@/lib/pace';
import { reportKey } from '@/lib/report-id';
import { createSerialUpdates } from './serial-update';
import { spaceItem } from './space';

/** What the background keeps besides what pages watch: where listing the matching reports got to. */
interface StoredJob extends BulkJob {
  query?: ReportListQuery;
  nextPage?: number;
}

/** One connection's job. */
export const bulkJobItem = (connectionId: string) =>
  spaceItem<StoredJob | null>('session', connectionId, BULK_JOB_KEY, null);
/**
 * The password of a Password job: storage.session only (memory, never on disk), outside the job pages
 * watch, never logged; kept for "Retry failed" until the job is dismissed or replaced.
 */
export const bulkPasswordItem = (connectionId: string) =>
  spaceItem<string | null>('session', connectionId, BULK_JOB_PASSWORD_KEY, null);

/** Wakes a stopped worker to resume (Chrome's shortest period: 30 s): this prefix and the connection's id. */
export const BULK_ALARM = 'bulk-changes:';
const LIST_PAGE_SIZE = 100;
/** More would make each progress write (the whole job) slow: narrower filters then. */
const MAX_JOB_REPORTS = 2000;
const MAX_WAIT_MS = 60_000;
const MAX_RATE_LIMIT_RETRIES = 3;
/** The client's timeout for a change (15 s), and a second more. */
const SETTLE_AFTER_MS = 16_000;

export interface BulkDeps {
  /** The connection the jobs run on: their requests go to its server alone (`update`, `get`, `list`). */
  connectionId: string;
  update(input: PageInput<'reports.update'>): Promise<Result<Report>>;
  get(input: { id: ReportId }): Promise<Result<Report>>;
  list(query: ReportListQuery): Promise<Result<Page<ReportSummary>>>;
  now(): number;
  /** Keeps the worker alive while the job runs (a regenerate takes tens of seconds). */
  keepAliveWhile<T>(work: Promise<T>): Promise<T>;
  alarms: { create(name: string, info: { periodInMinutes: number }): unknown; clear(name: string): unknown };
  /** The normal pause between two requests, while the service has room. */
  pauseMs?: number;
  sleep?(ms: number, signal: AbortSignal): Promise<void>;
}

const ok = { ok: true, data: null } as const;
const refuse = (message: string): Result<null> => ({
  ok: false,
  error: apiError('invalid_input', { message }),
});

export function createBulkChanges(deps: BulkDeps) {
  const { now, pauseMs = 250, sleep = abortableSleep } = deps;
  const item = bulkJobItem(deps.connectionId);
  const passwordItem = bulkPasswordItem(deps.connectionId);
  const alarm = BULK_ALARM + deps.connectionId;
  const serially = createSerialUpdates('bulk change update');
  let running: Promise<void> | null = null;
  let stopping = new AbortController();
  /** Its connection was removed or saved as another account: a job in these items is not this one's. */
  let dropped = false;

  /** Changes the stored job `id` (nothing when another job replaced it); the job as written, or null. */
  function edit(id: string, change: (job: StoredJob) => void): Promise<StoredJob | null> {
    return serially(async () => {
      if (dropped) return null;
      const job = await item.getValue();
      if (job?.id !== id) return null;
      change(job);
      await item.setValue(job);
      return job;
    });
  }

  const setItem = (job: StoredJob, key: string, changes: Partial<BulkItem>) => {
    const index = job.items.findIndex((entry) => reportKey(entry.id) === key);
    if (index >= 0) job.items[index] = { ...job.items[index]!, ...changes };
  };

  function ensureRunning(): Promise<void> {
    running ??= deps.keepAliveWhile(loop()).finally(() => (running = null));
    return running;
  }

  async function loop(): Promise<void> {
    if (stopping.signal.aborted) stopping = new AbortController();
    const pacer = createPacer(pauseMs, MAX_WAIT_MS);
    const rateLimited = new Map<string, number>();
    void deps.alarms.create(alarm, { periodInMinutes: 0.5 });
    let broke = false;
    try {
      for (;;) {
        if (dropped) return;
        const job = await item.getValue();
        if (!job || job.phase === 'ended') return;
        const next = job.items.find((entry) => entry.state === 'sending' || entry.state === 'pending');
        const interrupted = next?.state === 'sending';
        // A report whose answer was lost is settled first, even after Stop (without waiting then).
        if ((job.stopRequested && !interrupted) || (job.phase === 'running' && !next)) {
          return void (await finish(job.id));
        }
        // Its request may still be at the service: read it back only once the client would have given up.
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
        const paced = (job: StoredJob) => {
          job.notBefore = Math.max(now(), sentAt + pacer.next());
          job.waitingUntil = null;
        };
        if (job.phase === 'collecting') {
          await collect(job, paced);
        } else if (interrupted) {
          // Sent by a worker that stopped before the answer came.
          const outcome = await settleInterrupted(job, next!);
          await edit(job.id, (stored) => {
            setItem(stored, reportKey(next!.id), outcome);
            paced(stored);
          });
        } else {
          const key = reportKey(next!.id);
          if (!(await edit(job.id, (stored) => setItem(stored, key, { state: 'sending', sentAt })))) continue;
          const answer = await send(job, next!);
          const tries = (rateLimited.get(key) ?? 0) + 1;
          if (isRateLimited(answer) && tries <= MAX_RATE_LIMIT_RETRIES) {
            // Nothing was written: the same report again, once the service's wait is over.
            rateLimited.set(key, tries);
            const waitMs = Math.min(
              MAX_WAIT_MS,
              Math.max(1, answer.error.retryAfterSeconds ?? 2 ** tries) * 1000,
            );
            pacer.rateLimited(waitMs);
            await edit(job.id, (stored) => {
              setItem(stored, key, { state: 'pending' });
              stored.notBefore = stored.waitingUntil = now() + waitMs;
            });
            continue;
          }
          if (answer.ok) pacer.answered(answer.rateLimit);
          await edit(job.id, (stored) => {
            setItem(stored, key, answer.ok ? { state: 'done' } : { state: 'failed', error: answer.error });
            paced(stored);
          });
        }
      }
    } catch (cause) {
      // Storage failed us mid-step: the alarm stays, and picks the job up again (in-flight rule included).
      broke = true;
      console.error('Page Reports: bulk change', cause);
    } finally {
      if (!broke) void deps.alarms.clear(alarm);
    }
  }

  /** One page of the reports matching the filters, taken into the job; the last one starts the changes. */
  async function collect(job: StoredJob, paced: (job: StoredJob) => void): Promise<void> {
    const page = job.nextPage ?? 1;
    const answer = await deps.list({ ...job.query, perPage: LIST_PAGE_SIZE, page });
    await edit(job.id, (stored) => {
      paced(stored);
      if (!answer.ok) return void endWith(stored, answer.error);
      const before = stored.items.length;
      const known = new Set(stored.items.map((entry) => reportKey(entry.id)));
      for (const report of answer.data.items) {
        if (!known.has(reportKey(report.id)))
          stored.items.push({ id: report.id, label: report.url, state: 'pending' });
      }
      if (stored.items.length > MAX_JOB_REPORTS || (answer.data.total ?? 0) > MAX_JOB_REPORTS) {
        stored.items = [];
        return void endWith(
          stored,
          apiError('invalid_input', { message: t('bulkTooMany', String(MAX_JOB_REPORTS)) }),
        );
      }
      stored.nextPage = page + 1;
      // A page with nothing new ends the list, whatever it says: a server repeating a page is not paged on.
      if (!answer.data.hasNext || stored.items.length === before) {
        stored.phase = 'running';
        delete stored.query;
      }
    });
  }

  function endWith(job: StoredJob, error: ApiError) {
    job.phase = 'ended';
    job.error = error;
  }

  async function send(job: StoredJob, target: BulkItem): Promise<Result<Report>> {
    const { action } = job;
    if (action.kind === 'regenerate') return deps.update({ id: target.id, regenerate: true });
    if (action.privacy !== PRIVACY.password) return deps.update({ id: target.id, privacy: action.privacy });
    const password = await passwordItem.getValue();
    if (!password) return { ok: false, error: apiError('invalid_input', { message: t('bulkPasswordLost') }) };
    return deps.update({ id: target.id, privacy: PRIVACY.password, password });
  }

  /** The in-flight rule (see the top of this file). */
  async function settleInterrupted(job: StoredJob, target: BulkItem): Promise<Partial<BulkItem>> {
    if (job.action.kind === 'regenerate') {
      const error = apiError('unexpected', { message: t('bulkRegenerateInterrupted'), retrySafe: false });
      return { state: 'failed', error };
    }
    const read = await deps.get({ id: target.id });
    if (!read.ok) return { state: 'failed', error: read.error };
    // Not changed: that request never arrived, so this one is the first to reach the service.
    return read.data.privacy === job.action.privacy ? { state: 'done' } : { state: 'pending' };
  }

  function finish(id: string) {
    return edit(id, (job) => {
      job.phase = 'ended';
      job.waitingUntil = null;
      for (const entry of job.items) if (entry.state === 'pending') entry.state = 'skipped';
    });
  }

  async function begin(job: StoredJob, password: string | undefined): Promise<Result<null>> {
    const current = await item.getValue();
    if (current && current.phase !== 'ended') return refuse(t('bulkAlreadyRunning'));
    if (stopping.signal.aborted) stopping = new AbortController();
    await passwordItem.setValue(password ?? null);
    await serially(() => item.setValue(job));
    void ensureRunning();
    return ok;
  }

  const newJob = (action: BulkJob['action'], items: BulkItem[]): StoredJob => ({
    id: String(now()), // one job at a time: its start time tells it from the last one
    action,
    phase: 'running',
    stopRequested: false,
    items,
    notBefore: 0,
    waitingUntil: null,
    error: null,
  });

  return {
    /** Sends and writes nothing more: its connection is gone, or is another account now. */
    drop() {
      dropped = true;
      stopping.abort();
    },

    /** At start-up and on the alarm: a job a stopped worker left goes on. */
    async resume(): Promise<void> {
      const job = await item.getValue().catch(() => null);
      if (job && job.phase !== 'ended') await ensureRunning();
    },

    handlers: {
      'bulk.start': ({ action, target, password }: PageInput<'bulk.start'>) => {
        if ('query' in target) {
          return begin(
            { ...newJob(action, []), phase: 'collecting', query: target.query, nextPage: 1 },
            password,
          );
        }
        // Each report once, whatever the page sent.
        const byKey = new Map(target.reports.map(({ id, label }) => [reportKey(id), { id, label }]));
        const items = [...byKey.values()].map((report): BulkItem => ({ ...report, state: 'pending' }));
        return begin(newJob(action, items), password);
      },

      'bulk.stop': async () => {
        const job = await item.getValue();
        if (job && job.phase !== 'ended') {
          await edit(job.id, (stored) => void (stored.stopRequested = true));
          stopping.abort();
          void ensureRunning(); // a job left by a stopped worker ends here and now
        }
        return ok;
      },

      'bulk.retryFailed': async () => {
        const job = await item.getValue();
        if (!job || job.phase !== 'ended') return refuse(t('bulkAlreadyRunning'));
        const items = job.items
          .filter(isRetryable)
          .map(({ id, label }): BulkItem => ({ id, label, state: 'pending' }));
        // A Password job's password stays (or, after a browser restart, each report fails saying it is gone).
        return items.length > 0
          ? begin(newJob(job.action, items), (await passwordItem.getValue()) ?? undefined)
          : ok;
      },

      'bulk.dismiss': async () => {
        const job = await item.getValue();
        if (job && job.phase !== 'ended') return refuse(t('bulkAlreadyRunning'));
        await serially(() => item.removeValue());
        await passwordItem.removeValue();
        return ok;
      },
    },
  };
}
