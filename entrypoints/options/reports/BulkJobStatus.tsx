// The background's bulk job as a page watches it (the page never sends the changes itself), and its one
// status: progress and Stop while it runs; what was done, each failure and Retry failed once it ended.
import { signal, type ReadonlySignal } from '@preact/signals';
import { ErrorBanner } from '@/components/ErrorBanner';
import type { ApiError } from '@/lib/api/errors';
import type { ReportId } from '@/lib/api/types';
import { bulkCounts, watchBulkJob, type BulkItem, type BulkJob } from '@/lib/bulk-job';
import { t } from '@/lib/i18n';
import type { MessageType, PageInput } from '@/lib/messaging/protocol';
import { send } from '@/lib/messaging/send';
import { readableUrl } from '@/lib/readable-url';
import { reportKey } from '@/lib/report-id';
import { formatCount } from '../format-number';
import { JobStatus } from '../JobStatus';

/** `onEnded`: a job this page watched running has ended, so the page can show what it changed. */
export function createBulkJobControls(onEnded: (job: BulkJob) => void) {
  const job = signal<BulkJob | null>(null);
  const error = signal<ApiError | null>(null);

  const stopWatching = watchBulkJob((next) => {
    const before = job.peek();
    job.value = next;
    if (next?.phase === 'ended' && before?.id === next.id && before.phase !== 'ended') onEnded(next);
  });

  async function ask<T extends MessageType>(type: T, payload: PageInput<T>): Promise<boolean> {
    error.value = null;
    const answer = await send(type, payload);
    if (!answer.ok) error.value = answer.error;
    return answer.ok;
  }

  return {
    /** The background's job (running or ended); null when there is none. */
    job: job as ReadonlySignal<BulkJob | null>,
    /** The background refused to start, stop, retry or dismiss. */
    error: error as ReadonlySignal<ApiError | null>,
    /** Whether the background took the job. */
    start: (input: PageInput<'bulk.start'>) => ask('bulk.start', input),
    stop: async () => void (await ask('bulk.stop', {})),
    retryFailed: async () => void (await ask('bulk.retryFailed', {})),
    dismiss: async () => void (await ask('bulk.dismiss', {})),
    dispose: stopWatching,
  };
}

export type BulkJobControls = ReturnType<typeof createBulkJobControls>;

type JobButtons = Pick<BulkJobControls, 'stop' | 'retryFailed' | 'dismiss'>;
/** Where a page named in the summary links to: its report's details. */
type DetailsHref = (id: ReportId) => string;

function progressSentence(job: BulkJob): string {
  const { total, done, failed } = bulkCounts(job);
  const [doneText, totalText] = [formatCount(done + failed), formatCount(total)];
  const waitSeconds = job.waitingUntil ? Math.max(1, Math.ceil((job.waitingUntil - Date.now()) / 1000)) : 0;
  if (job.stopRequested) return t('bulkStopping');
  if (job.phase === 'collecting') return t('bulkCollecting', totalText);
  if (waitSeconds > 0) return t('bulkWaiting', formatCount(waitSeconds));
  if (job.action.kind === 'regenerate') return t('bulkProgressRegenerate', doneText, totalText);
  if (job.action.kind === 'delete') return t('reportsDeleteProgress', doneText, totalText);
  return t('bulkProgressPrivacy', doneText, totalText);
}

/**
 * "Deleted 4 reports. 1 could not be deleted: https://… (The service had a problem). 2 reports were not
 * deleted because you pressed Stop."
 */
export function deleteSummary(job: BulkJob): string {
  const { done, skipped } = bulkCounts(job);
  const failures = job.items.filter((item) => item.state === 'failed');
  const parts = [done === 1 ? t('optionsDeletedOneReport') : t('optionsDeletedReports', formatCount(done))];
  if (failures.length > 0) {
    // The sentence's own full stop closes it: a message's last one would double it.
    const reasons = failures
      .map((item) => `${item.label} (${(item.error?.message ?? '').replace(/\.$/, '')})`)
      .join('; ');
    parts.push(t('optionsDeleteFailed', formatCount(failures.length), reasons));
  }
  if (skipped > 0) {
    parts.push(
      skipped === 1 ? t('optionsDeleteSkippedOne') : t('optionsDeleteSkipped', formatCount(skipped)),
    );
  }
  return parts.join(' ');
}

/** Progress and Stop while the job runs; what was done, each failure and Retry failed once it ended. */
export function BulkJobStatus(props: { job: BulkJob | null; model: JobButtons; detailsHref?: DetailsHref }) {
  const { job, model, detailsHref } = props;
  if (!job) return <JobStatus hidden status="" />;
  const { total, done, failed, skipped, retryable } = bulkCounts(job);
  if (job.phase !== 'ended') {
    const running = {
      label: t('bulkProgressLabel'),
      done: done + failed,
      total: job.phase === 'collecting' ? null : Math.max(1, total),
      onStop: () => void model.stop(),
      stopping: job.stopRequested,
    };
    return <JobStatus running={running} status={progressSentence(job)} />;
  }
  const failures = job.items.filter((item) => item.state === 'failed');
  // A delete's sentence names its failures itself.
  const deleting = job.action.kind === 'delete';
  const said = job.error ? (
    <ErrorBanner error={job.error} context={t('bulkListFailed')} />
  ) : (
    <>
      <p>
        {deleting
          ? deleteSummary(job)
          : job.action.kind === 'regenerate'
            ? t('bulkSummaryRegenerate', formatCount(done), formatCount(total))
            : t('bulkSummaryPrivacy', formatCount(done), formatCount(total))}
        {skipped > 0 && !deleting ? ` ${t('bulkSummarySkipped', formatCount(skipped))}` : ''}
      </p>
      {job.action.kind === 'regenerate' ? <ScoreMoves job={job} detailsHref={detailsHref} /> : null}
      {failed > 0 && !deleting ? (
        <>
          <p>{t('bulkSummaryFailed', formatCount(failed))}</p>
          <ul class="dialog-list">
            {failures.map((item) => (
              <li key={reportKey(item.id)} class="break-anywhere">
                {readableUrl(item.label)}: {item.error?.message}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
  return (
    <JobStatus
      failed={failed > 0 || job.error !== null}
      status={said}
      actions={
        retryable > 0 ? (
          <button type="button" onClick={() => void model.retryFailed()}>
            {t('bulkRetryFailed')}
          </button>
        ) : null
      }
      onDismiss={() => void model.dismiss()}
    />
  );
}

const MOVES_LISTED = 10;

interface ScoreMove {
  item: BulkItem;
  before: number;
  after: number;
}

/** Scores as shown (whole numbers): a change below one point is no change. The biggest moves first. */
export function regenerateOutcome(items: readonly BulkItem[]) {
  const moves: ScoreMove[] = [];
  let compared = 0;
  for (const item of items) {
    if (item.state !== 'done' || typeof item.before !== 'number' || typeof item.after !== 'number') continue;
    compared++;
    const before = Math.round(item.before);
    const after = Math.round(item.after);
    if (before !== after) moves.push({ item, before, after });
  }
  const bySize = (a: ScoreMove, b: ScoreMove) => Math.abs(b.after - b.before) - Math.abs(a.after - a.before);
  return {
    compared,
    better: moves.filter((move) => move.after > move.before).sort(bySize),
    worse: moves.filter((move) => move.after < move.before).sort(bySize),
  };
}

/** New results: the pages whose score rose, and those whose score fell, each with both scores. */
function ScoreMoves({ job, detailsHref }: { job: BulkJob; detailsHref?: DetailsHref }) {
  const { compared, better, worse } = regenerateOutcome(job.items);
  if (compared === 0) return null;
  if (better.length === 0 && worse.length === 0) return <p>{t('bulkRegenerateNoChange')}</p>;
  return (
    <>
      <MoveList
        one={t('bulkRegenerateBetterOne')}
        many={t('bulkRegenerateBetter', formatCount(better.length))}
        moves={better}
        detailsHref={detailsHref}
      />
      <MoveList
        one={t('bulkRegenerateWorseOne')}
        many={t('bulkRegenerateWorse', formatCount(worse.length))}
        moves={worse}
        detailsHref={detailsHref}
      />
    </>
  );
}

/** One side of the moves, under its heading for one page or for many. */
function MoveList({
  one,
  many,
  moves,
  detailsHref,
}: {
  one: string;
  many: string;
  moves: ScoreMove[];
  detailsHref?: DetailsHref;
}) {
  if (moves.length === 0) return null;
  return (
    <>
      <p>{moves.length === 1 ? one : many}</p>
      <ul class="dialog-list">
        {moves.slice(0, MOVES_LISTED).map(({ item, before, after }) => {
          // The whole line links: the page's address alone names the page itself elsewhere.
          const text = `${readableUrl(item.label)}: ${t('bulkScoreMove', formatCount(before), formatCount(after))}`;
          return (
            <li key={reportKey(item.id)} class="break-anywhere">
              {detailsHref ? <a href={detailsHref(item.id)}>{text}</a> : text}
            </li>
          );
        })}
        {moves.length > MOVES_LISTED ? (
          <li class="muted">{t('reportsDeleteManyMore', formatCount(moves.length - MOVES_LISTED))}</li>
        ) : null}
      </ul>
    </>
  );
}
