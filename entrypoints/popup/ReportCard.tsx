import { useEffect, useRef } from 'preact/hooks';
import { DateTime } from '@/components/DateTime';
import { ResultBadge } from '@/components/ResultBadge';
import type { FailedCheck, ReportSummary } from '@/lib/api/types';
import { importanceName, PRIVACY_NAMES } from '@/lib/format';
import { parseWebUrl } from '@/lib/page-url';
import type { PopupModel } from './popup-model';
import { t } from '@/lib/i18n';
import { WriteFailure } from './WriteFailure';
import { ReportChange } from './ReportChange';

export function ReportCard({ model, report }: { model: PopupModel; report: ReportSummary }) {
  const state = model.pageReportState(report);
  const generating = state === 'generating';
  const regenerateButton = useRef<HTMLButtonElement>(null);
  useEffect(() => model.startFocus.place(regenerateButton.current), []);
  const facts = [
    [t('popupResult'), <ResultBadge report={report} state={state} />],
    [t('popupPrivacy'), report.privacy === null ? '—' : PRIVACY_NAMES[report.privacy]],
    [t('popupCreated'), <DateTime iso={report.createdAt} />],
    [
      t('popupGenerated'),
      generating || state === 'unfinished' ? t('popupNotYet') : <DateTime iso={report.generatedAt} />,
    ],
  ] as const;
  return (
    <article class="report-card" aria-labelledby="report-heading">
      <h2 id="report-heading">{t('popupReportHeading')}</h2>
      <ReportChange report={report} announcement={model.announcement} />
      <dl class="report-facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {generating ? <p class="hint">{t('popupResultWhenReady')}</p> : null}
      {state === 'no_score' ? <p class="hint">{t('popupNoScoreGiven')}</p> : null}
      {state === 'unfinished' ? <p class="hint">{t('fieldsNotFinished')}</p> : null}
      {report.checks ? <TopIssues checks={report.checks} /> : null}
      <div class="report-actions">
        <button
          ref={regenerateButton}
          type="button"
          class="primary"
          onClick={() => void model.regenerate()}
          disabled={model.write.value?.step === 'pending' || generating}
        >
          {t('popupRegenerate')}
        </button>
        <button type="button" onClick={() => void model.openDetails(report.id)}>
          {t('popupDetails')}
        </button>
        {report.serviceUrl && parseWebUrl(report.serviceUrl) ? (
          <a class="service-link" href={report.serviceUrl} target="_blank" rel="noopener noreferrer">
            {t('popupOpenOnService')}
          </a>
        ) : null}
      </div>
      <WriteFailure model={model} kind="regenerate" />
    </article>
  );
}

function TopIssues({ checks }: { checks: NonNullable<ReportSummary['checks']> }) {
  const { high, medium, low, passed } = checks.counts;
  const { top } = checks;
  return (
    <div class="issues">
      <p class="issue-counts">
        {high + medium + low === 0
          ? t('popupNoIssues', passed)
          : t('popupIssueCounts', high, medium, low, passed)}
      </p>
      {top.length > 0 ? (
        <ul class="top-issues" aria-label={t('popupTopIssues')}>
          {top.map((failure) => (
            <TopIssue key={failure.key} failure={failure} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

// The popup has room for one line of detail; the details page shows it whole.
function shortDetail(detail: string): string {
  return detail.length > 48 ? `${detail.slice(0, 47)}…` : detail;
}

function TopIssue({ failure }: { failure: FailedCheck }) {
  return (
    <li title={failure.detail ? `${failure.name} — ${failure.detail}` : failure.name}>
      <span class={`importance importance--${failure.importance}`}>{importanceName(failure.importance)}</span>{' '}
      {failure.name}
      {failure.detail ? <span class="issue-detail"> — {shortDetail(failure.detail)}</span> : null}
    </li>
  );
}
