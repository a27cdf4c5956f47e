// Bulk changes: a new privacy, new results ("Regenerate these pages") or Delete selected for many reports,
// one step a report, on the connection the job started on. In flight when the worker stopped, a privacy
// change or a delete is read back (a Password change is sent again); new results may have been made, so that
// step fails as "may have happened".
import { apiError } from '@/entrypoints/background/error-messages';
import type { Result } from '@/lib/api/errors';
import { PRIVACY, type Report, type ReportSummary } from '@/lib/api/types';
import { isRetryable, type BulkItem, type BulkJob } from '@/lib/bulk-job';
import { BULK_JOB_KEY, BULK_JOB_PASSWORD_KEY } from '@/lib/storage-keys';
import { t } from '@/lib/i18n';
import { MAX_BULK_REPORTS, type ReportListQuery } from '@/lib/messaging/inputs';
import type { PageInput } from '@/lib/messaging/protocol';
import { reportKey } from '@/lib/report-id';
import { budgets, spaceItem } from '../storage-budget';
import type { Service } from '../service';
import { PACED } from '../service/client';
import { createRunner, endWith, ended, newJob, workAlarm, type JobKind } from './runner';

/** Besides what pages watch: the reports to list first. */
interface StoredJob extends BulkJob {
  query?: ReportListQuery;
}

export const bulkJobItem = (connectionId: string) =>
  spaceItem<StoredJob | null>('session', connectionId, BULK_JOB_KEY, null, budgets.session);
/** A Password job's password: in memory only, outside the job pages watch, kept for "Retry failed". */
export const bulkPasswordItem = (connectionId: string) =>
  spaceItem<string | null>('session', connectionId, BULK_JOB_PASSWORD_KEY, null);

const LIST_PAGE_SIZE = 100;

export type BulkService = Pick<Service, 'updateReport' | 'deleteReport' | 'getReport' | 'listReports'>;

const ok = { ok: true, data: null } as const;
const refuse = (message: string): Result<null> => ({
  ok: false,
  error: apiError('invalid_input', { message }),
});

export function createBulkChanges(connectionId: string, service: BulkService, gone: AbortSignal) {
  const item = bulkJobItem(connectionId);
  const passwordItem = bulkPasswordItem(connectionId);

  const kind: JobKind<StoredJob, ReportSummary> = {
    name: 'bulk change',
    keyOf: (step) => reportKey(step.id),
    list: (job, page) => service.listReports({ ...job.query, perPage: LIST_PAGE_SIZE, page }, false, PACED),

    listed(stored, page) {
      const before = stored.items.length;
      const known = new Set(stored.items.map((entry) => reportKey(entry.id)));
      for (const report of page.items) {
        if (!known.has(reportKey(report.id)))
          stored.items.push({ id: report.id, label: report.url, state: 'pending', before: report.score });
      }
      if (stored.items.length > MAX_BULK_REPORTS || (page.total ?? 0) > MAX_BULK_REPORTS) {
        stored.items = [];
        endWith(stored, apiError('invalid_input', { message: t('bulkTooMany', String(MAX_BULK_REPORTS)) }));
      }
      return stored.items.length > before;
    },

    async send({ action }, step) {
      if (action.kind === 'regenerate') return service.updateReport(step.id, { regenerate: true });
      if (action.kind === 'delete') return service.deleteReport(step.id);
      if (action.privacy !== PRIVACY.password)
        return service.updateReport(step.id, { privacy: action.privacy });
      const password = await passwordItem.getValue();
      if (!password) return refuse(t('bulkPasswordLost'));
      return service.updateReport(step.id, { privacy: PRIVACY.password, password });
    },

    answered({ action }, _step, answer) {
      if (!answer.ok) return { state: 'failed', error: answer.error };
      return action.kind === 'regenerate'
        ? { state: 'done', after: (answer.data as Report).score }
        : { state: 'done' };
    },

    async settle({ action }, step) {
      if (action.kind === 'regenerate') {
        const error = apiError('unexpected', { message: t('bulkRegenerateInterrupted'), retrySafe: false });
        return { state: 'failed', error };
      }
      // A new password cannot be read back: sent again (the same change twice changes nothing more).
      if (action.kind === 'privacy' && action.privacy === PRIVACY.password) return { state: 'pending' };
      const read = await service.getReport(step.id, PACED);
      if (action.kind === 'delete' && !read.ok && read.error.kind === 'not_found') return { state: 'done' };
      if (!read.ok) return { state: 'failed', error: read.error };
      // Not changed: that request never arrived, so this one is the first to reach the service.
      return action.kind === 'privacy' && read.data.privacy === action.privacy
        ? { state: 'done' }
        : { state: 'pending' };
    },
  };

  const runner = createRunner<StoredJob>(kind, {
    item,
    alarm: workAlarm('bulk', connectionId),
    gone,
  });

  async function begin(
    action: BulkJob['action'],
    items: BulkItem[],
    password?: string,
    query?: ReportListQuery,
  ) {
    const job: StoredJob = { ...newJob(crypto.randomUUID(), items), action };
    if (query) Object.assign(job, { phase: 'collecting', query });
    const started = await runner.start(job, () => passwordItem.setValue(password ?? null));
    return started ? ok : refuse(t('bulkAlreadyRunning'));
  }

  return {
    resume: runner.resume,

    handlers: {
      'bulk.start': ({ action, target, password }: PageInput<'bulk.start'>) => {
        if ('query' in target) return begin(action, [], password, target.query);
        // Each report once, whatever the page sent.
        const byKey = new Map(
          target.reports.map(({ id, label, score }): [string, BulkItem] => [
            reportKey(id),
            { id, label, state: 'pending', ...(score !== undefined ? { before: score } : {}) },
          ]),
        );
        return begin(action, [...byKey.values()], password);
      },

      'bulk.stop': async () => {
        await runner.stop();
        return ok;
      },

      'bulk.retryFailed': async () => {
        const job = await item.getValue();
        if (!job || !ended(job)) return refuse(t('bulkAlreadyRunning'));
        // Sent again fresh: the last attempt's error and time go.
        const steps = job.items
          .filter(isRetryable)
          .map(({ error: _error, sentAt: _sentAt, ...step }): BulkItem => ({ ...step, state: 'pending' }));
        const password = (await passwordItem.getValue()) ?? undefined;
        return steps.length > 0 ? begin(job.action, steps, password) : ok;
      },

      'bulk.dismiss': async () => {
        if (!ended(await item.getValue())) return refuse(t('bulkAlreadyRunning'));
        await budgets.session.serially(() => item.removeValue());
        await passwordItem.removeValue();
        return ok;
      },
    },
  };
}
