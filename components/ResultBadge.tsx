import type { Report } from '@/lib/api/types';
import { roundScore } from '@/lib/api/score';
import { RESULT_LABELS } from '@/lib/format';
import { scoreState, type ShownState } from '@/lib/report-state';
import { t } from '@/lib/i18n';

type Scored = Pick<Report, 'result' | 'score' | 'generatedAt' | 'createdAt' | 'updatedAt'>;

/** A report's result as text and colour, never colour alone ("Good · 86"); `state` as shownState says. */
export function ResultBadge({
  report,
  state: shown,
  title = (score) => t('uiScoreOutOf100', score),
}: {
  report: Scored;
  state?: ShownState;
  title?: (score: number) => string;
}) {
  const state = shown ?? scoreState(report, Date.now());
  if (state === 'unfinished') {
    return (
      <span class="result result--pending" title={t('fieldsNotFinished')}>
        {t('fieldsNoResultYet')}
      </span>
    );
  }
  if (state === 'generating') return <span class="result result--pending">{t('uiGenerating')}</span>;
  if (state === 'no_score' || report.result === null) {
    return (
      <span class="result result--pending" title={t('uiNoScoreTitle')}>
        {t('uiNoScore')}
      </span>
    );
  }
  const label = RESULT_LABELS[report.result];
  if (report.score === null) return <span class={`result result--${report.result}`}>{label}</span>;
  const score = roundScore(report.score);
  return (
    <span class={`result result--${report.result}`} title={title(score)}>
      {`${label} · ${score}`}
    </span>
  );
}
