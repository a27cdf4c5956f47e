// How a report made away from the popup ended, in words: the same sentences for a notification and for the
// toolbar badge's tooltip. Pure (t() aside), so both say the same thing.
import type { ApiError, Result } from '@/lib/api/errors';
import type { Report, ReportId, ReportResult } from '@/lib/api/types';
import { roundScore } from '@/lib/api/score';
import { t } from '@/lib/i18n';
import { RESULT_LABELS } from '@/lib/format';
import { serviceAddress } from '@/lib/page-address';

export type Work = 'create' | 'regenerate';

export interface Outcome {
  ok: boolean;
  title: string;
  message: string;
  /** The report to open on a click; none for a failure. */
  reportId: ReportId | null;
  /** The rounded 0–100 score and its band, when the service gave one. */
  score: number | null;
  band: ReportResult | null;
}

/** "Good · 86", "Good" (a word without a number), or "No score yet": the band named as everywhere else. */
function resultText(report: Report): string {
  if (report.result === null) return t('notifyNoScore');
  return report.score === null
    ? RESULT_LABELS[report.result]
    : `${RESULT_LABELS[report.result]} · ${roundScore(report.score)}`;
}

/** The outcome of a create or a regeneration; `address` is the page asked for (shown when it failed). */
export function describeOutcome(work: Work, address: string | null, answer: Result<Report>): Outcome {
  if (!answer.ok) return failure(work, address, answer.error);
  const report = answer.data;
  return {
    ok: true,
    title: work === 'create' ? t('notifyCreatedTitle') : t('notifyRegeneratedTitle'),
    message: t('notifyResult', report.url, resultText(report)),
    reportId: report.id,
    score: report.result !== null && report.score !== null ? roundScore(report.score) : null,
    band: report.result,
  };
}

/** A failure, with the background's own sentence for why (an ApiError's message, or a page check's reason). */
export function failure(work: Work, address: string | null, error: Pick<ApiError, 'message'>): Outcome {
  const shown = address ? (serviceAddress(address) ?? address) : null;
  return {
    ok: false,
    title: work === 'create' ? t('notifyCreateFailedTitle') : t('notifyRegenerateFailedTitle'),
    message: shown ? t('notifyFailedFor', shown, error.message) : error.message,
    reportId: null,
    score: null,
    band: null,
  };
}
