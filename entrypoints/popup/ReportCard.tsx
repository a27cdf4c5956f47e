import { DateTime } from '@/components/DateTime';
import { ResultBadge } from '@/components/ResultBadge';
import type { ApiError } from '@/lib/api/errors';
import type { Recheck } from './create-form';
import type { FailedCheck, ReportSummary } from '@/lib/api/types';
import { PRIVACY_NAMES } from '@/lib/format';
import { parseWebUrl } from '@/lib/web-url';
import type { ShownState } from '@/lib/report-state';
import { PopupError } from './PopupError';
import { t } from '@/lib/i18n';
import type { Signal } from '@preact/signals';
import { RecheckNote } from './RecheckNote';
import { ReportChange } from './ReportChange';

// After a regenerate that may have happened, instead of a Retry. `found`: changed, or being generated
// again ("Generating…" above says which).
const readAgain = () => ({
  looking: t('popupReadingAgain'),
  found: t('popupReadAgainFound'),
  none: t('popupReadAgainNone'),
});

export interface ReportCardProps {
  report: ReportSummary;
  /** Its state as shown (popup-model pageReportState): "Generating…" ends when the follower gives up. */
  state: ShownState;
  regenerating: boolean;
  regenerateError: ApiError | null;
  regenerateRecheck: Recheck | null;
  onRegenerate: () => void;
  onReadAgain: () => void;
  onDetails: () => void;
  onOpenSettings: () => void;
  /** The popup's live region: a new analysis seen while it is open is said there. */
  announcement: Signal<string>;
}

/** This page's newest report: result, privacy, dates, and what can be done with it. */
export function ReportCard(props: ReportCardProps) {
  const { report, state, regenerateRecheck: recheck } = props;
  const generating = state === 'generating';
  return (
    <article class="report-card" aria-labelledby="report-heading">
      <h2 id="report-heading">{t('popupReportHeading')}</h2>
      <ReportChange report={report} announcement={props.announcement} />
      <dl class="report-facts">
        <div>
          <dt>{t('popupResult')}</dt>
          <dd>
            <ResultBadge report={report} state={state} />
          </dd>
        </div>
        <div>
          <dt>{t('popupPrivacy')}</dt>
          <dd>{report.privacy === null ? '—' : PRIVACY_NAMES[report.privacy]}</dd>
        </div>
        <div>
          <dt>{t('popupCreated')}</dt>
          <dd>
            <DateTime iso={report.createdAt} />
          </dd>
        </div>
        <div>
          <dt>{t('popupGenerated')}</dt>
          <dd>
            {generating || state === 'unfinished' ? t('popupNotYet') : <DateTime iso={report.generatedAt} />}
          </dd>
        </div>
      </dl>
      {generating ? <p class="hint">{t('popupResultWhenReady')}</p> : null}
      {state === 'no_score' ? <p class="hint">{t('popupNoScoreGiven')}</p> : null}
      {state === 'unfinished' ? <p class="hint">{t('fieldsNotFinished')}</p> : null}
      {report.checks ? <TopIssues checks={report.checks} /> : null}
      {/* Below what they act on: the heading alone takes the first line, whatever the language. */}
      <div class="report-actions">
        <button type="button" onClick={props.onRegenerate} disabled={props.regenerating || generating}>
          {t('popupRegenerate')}
        </button>
        <button type="button" onClick={props.onDetails}>
          {t('popupDetails')}
        </button>
        {report.serviceUrl && parseWebUrl(report.serviceUrl) ? (
          <a class="service-link" href={report.serviceUrl} target="_blank" rel="noopener noreferrer">
            {t('popupOpenOnService')}
          </a>
        ) : null}
      </div>
      {props.regenerateError ? (
        <PopupError
          error={props.regenerateError}
          context={t('popupCouldNotRegenerate')}
          onRetry={props.onRegenerate}
          onOpenSettings={props.onOpenSettings}
        />
      ) : null}
      {recheck ? (
        <RecheckNote
          recheck={recheck}
          said={readAgain()}
          again={t('popupReadAgain')}
          onAgain={props.onReadAgain}
        />
      ) : null}
    </article>
  );
}

/** The issue counts and the three most important failed tests (the details page has them all). */
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

/** The popup has room for one line of detail; the details page shows it whole. */
function shortDetail(detail: string): string {
  return detail.length > 48 ? `${detail.slice(0, 47)}…` : detail;
}

function importanceName(importance: FailedCheck['importance']): string {
  return importance === 'high'
    ? t('popupImportanceHigh')
    : importance === 'medium'
      ? t('popupImportanceMedium')
      : t('popupImportanceLow');
}

function TopIssue({ failure }: { failure: FailedCheck }) {
  // One line each (style.css): the whole of it on hover, and on the details page.
  return (
    <li title={failure.detail ? `${failure.name} — ${failure.detail}` : failure.name}>
      <span class={`importance importance--${failure.importance}`}>{importanceName(failure.importance)}</span>{' '}
      {failure.name}
      {failure.detail ? <span class="issue-detail"> — {shortDetail(failure.detail)}</span> : null}
    </li>
  );
}
