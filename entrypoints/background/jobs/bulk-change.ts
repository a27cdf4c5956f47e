// Bulk changes: a new privacy, new results ("Regenerate these pages") or Delete selected for many reports,
// a job of the runner (./runner.ts) with one step a report. Named reports are the job's steps; "every
// report matching" is listed first, a page at a time. The in-flight rule: a privacy change or a delete is
// read back (done when already changed or gone); new results may have been made (a synchronous analysis
// that ran on), so that one fails as "may have happened" and "Retry failed" leaves it out.
// A job belongs to the connection it started on: kept under its id, its requests go through that
// connection's service alone, so a switch meanwhile changes nothing for it.
import { apiError } from '@/entrypoints/background/error-messages';
import type { Result } from '@/lib/api/errors';
import { PRIVACY, type Page, type Report, type ReportId, type ReportSummary } from '@/lib/api/types';
import type { BulkItem, BulkJob } from '@/lib/bulk-job';
import { BULK_JOB_KEY, BULK_JOB_PASSWORD_KEY } from '@/lib/storage-keys';
import { t } from '@/lib/i18n';
import { MAX_BULK_REPORTS, type ReportListQuery } from '@/lib/messaging/inputs';
import type { PageInput } from '@/lib/messaging/protocol';
import { reportKey } from '@/lib/report-id';
import { spaceItem } from '../space';
import { budgets } from '../storage-budget';
import { createRunner, endWith, newJob, type JobKind, type RunnerDeps } from './runner';

/** What the background keeps besides what pages watch: where listing the matching reports got to. */
interface StoredJob extends BulkJob {
  query?: ReportListQuery;
  nextPage?: number;
}

/** One connection's job, written within storage.session's budget (in its queue). */
export const bulkJobItem = (connectionId: string) =>
  spaceItem<StoredJob | null>('session', connectionId, BULK_JOB_KEY, null, budgets.session);
/**
 * The password of a Password job: storage.session only (memory, never on disk), outside the job pages
 * watch, never logged; kept for "Retry failed" until the job is dismissed or replaced.
 */
export const bulkPasswordItem = (connectionId: string) =>
  spaceItem<string | null>('session', connectionId, BULK_JOB_PASSWORD_KEY, null);

/** Wakes a stopped worker to resume: this prefix and the connection's id. */
export const BULK_ALARM = 'bulk-changes:';
const LIST_PAGE_SIZE = 100;

export interface BulkDeps extends Pick<
  RunnerDeps<StoredJob>,
  'now' | 'keepAliveWhile' | 'alarms' | 'pauseMs' | 'sleep'
> {
  connectionId: string;
  update(input: PageInput<'reports.update'>): Promise<Result<Report>>;
  delete(input: { id: ReportId }): Promise<Result<unknown>>;
  get(input: { id: ReportId }): Promise<Result<Report>>;
  list(query: ReportListQuery): Promise<Result<Page<ReportSummary>>>;
}

const ok = { ok: true, data: null } as const;
const refuse = (message: string): Result<null> => ({
  ok: false,
  error: apiError('invalid_input', { message }),
});

export function createBulkChanges(deps: BulkDeps) {
  const passwordItem = bulkPasswordItem(deps.connectionId);

  const kind: JobKind<StoredJob, Page<ReportSummary>> = {
    name: 'bulk change',
    keyOf: (step) => reportKey(step.id),

    /** One page of the reports matching the filters; the last one starts the changes. */
    collect: (job) => deps.list({ ...job.query, perPage: LIST_PAGE_SIZE, page: job.nextPage ?? 1 }),

    collected(stored, answer) {
      if (!answer.ok) return void endWith(stored, answer.error);
      const before = stored.items.length;
      const known = new Set(stored.items.map((entry) => reportKey(entry.id)));
      for (const report of answer.data.items) {
        if (!known.has(reportKey(report.id)))
          stored.items.push({ id: report.id, label: report.url, state: 'pending', before: report.score });
      }
      if (stored.items.length > MAX_BULK_REPORTS || (answer.data.total ?? 0) > MAX_BULK_REPORTS) {
        stored.items = [];
        const message = t('bulkTooMany', String(MAX_BULK_REPORTS));
        return void endWith(stored, apiError('invalid_input', { message }));
      }
      stored.nextPage = (stored.nextPage ?? 1) + 1;
      // A page with nothing new ends the list, whatever it says: a server repeating a page is not paged on.
      if (!answer.data.hasNext || stored.items.length === before) {
        stored.phase = 'running';
        delete stored.query;
      }
    },

    async send({ action }, step) {
      if (action.kind === 'regenerate') return deps.update({ id: step.id, regenerate: true });
      if (action.kind === 'delete') return deps.delete({ id: step.id });
      if (action.privacy !== PRIVACY.password) return deps.update({ id: step.id, privacy: action.privacy });
      const password = await passwordItem.getValue();
      if (!password)
        return { ok: false, error: apiError('invalid_input', { message: t('bulkPasswordLost') }) };
      return deps.update({ id: step.id, privacy: PRIVACY.password, password });
    },

    answered({ action }, _step, answer) {
      if (!answer.ok) return { state: 'failed', error: answer.error };
      // New results: the score they gave, for the summary of what the job changed.
      return action.kind === 'regenerate'
        ? { state: 'done', after: (answer.data as Report).score }
        : { state: 'done' };
    },

    async settle({ action }, step) {
      if (action.kind === 'regenerate') {
        const error = apiError('unexpected', { message: t('bulkRegenerateInterrupted'), retrySafe: false });
        return { state: 'failed', error };
      }
      const read = await deps.get({ id: step.id });
      if (action.kind === 'delete' && !read.ok && read.error.kind === 'not_found') return { state: 'done' };
      if (!read.ok) return { state: 'failed', error: read.error };
      // Not changed: that request never arrived, so this one is the first to reach the service.
      return action.kind === 'privacy' && read.data.privacy === action.privacy
        ? { state: 'done' }
        : { state: 'pending' };
    },
  };

  const runner = createRunner<StoredJob>(kind, {
    ...deps,
    item: bulkJobItem(deps.connectionId),
    serially: budgets.session.serially,
    alarm: BULK_ALARM + deps.connectionId,
  });

  async function begin(job: StoredJob, password: string | undefined): Promise<Result<null>> {
    if (!(await runner.start(job, () => passwordItem.setValue(password ?? null)))) {
      return refuse(t('bulkAlreadyRunning'));
    }
    return ok;
  }

  // One job at a time: its start time tells it from the last one.
  const jobOf = (action: BulkJob['action'], items: BulkItem[]): StoredJob => ({
    ...newJob(String(deps.now()), items),
    action,
  });

  return {
    resume: runner.resume,
    drop: runner.drop,

    handlers: {
      'bulk.start': ({ action, target, password }: PageInput<'bulk.start'>) => {
        if ('query' in target) {
          return begin(
            { ...jobOf(action, []), phase: 'collecting', query: target.query, nextPage: 1 },
            password,
          );
        }
        // Each report once, whatever the page sent.
        const byKey = new Map(
          target.reports.map(({ id, label, score }) => [
            reportKey(id),
            { id, label, ...(score !== undefined ? { before: score } : {}) },
          ]),
        );
        const items = [...byKey.values()].map((report): BulkItem => ({ ...report, state: 'pending' }));
        return begin(jobOf(action, items), password);
      },

      'bulk.stop': async () => {
        await runner.stop();
        return ok;
      },

      'bulk.retryFailed': async () => {
        const failed = await runner.failedSteps();
        if (!failed) return refuse(t('bulkAlreadyRunning'));
        // A Password job's password stays (or, after a browser restart, each report fails saying it is gone).
        return failed.steps.length > 0
          ? begin(jobOf(failed.job.action, failed.steps), (await passwordItem.getValue()) ?? undefined)
          : ok;
      },

      'bulk.dismiss': async () => {
        if (!(await runner.dismiss())) return refuse(t('bulkAlreadyRunning'));
        await passwordItem.removeValue();
        return ok;
      },
    },
  };
}
