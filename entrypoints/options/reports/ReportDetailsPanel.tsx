import { useEffect, useRef } from 'preact/hooks';
import { ErrorBanner } from '@/components/ErrorBanner';
import { ResultBadge } from '@/components/ResultBadge';
import { WebLink } from '@/components/WebLink';
import type { Report } from '@/lib/api/types';
import { t } from '@/lib/i18n';
import { parseWebUrl } from '@/lib/web-url';
import { reportKey } from '@/lib/report-id';
import type { ShownState } from '@/lib/report-state';
import type { ReportDetailsModel } from './report-details-model';
import { ScoreChart } from '@/components/ScoreChart';
import type { Snapshot } from '@/lib/history';
import { AnalysisComparison } from './AnalysisComparison';
import { ReportEditForm } from './ReportEditForm';
import { ReportFieldList } from './ReportFieldList';
import { ReportTests } from './ReportTests';

export function ReportDetailsPanel({
  details,
  onClose,
  onOpenSettings,
}: {
  details: ReportDetailsModel;
  onClose: () => void;
  onOpenSettings: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const id = details.id.value;
  const report = details.report.value;
  const loadError = details.loadError.value;
  const gone = details.gone.value;
  const history = details.history.value;

  // Opening (or switching to another report) takes the focus there, so keyboard users land on it.
  useEffect(() => {
    heading.current?.focus();
  }, [id]);

  return (
    <section
      class="details-panel"
      aria-labelledby="details-heading"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !event.defaultPrevented) onClose();
      }}
    >
      <div class="details-header">
        <h3 id="details-heading" tabIndex={-1} ref={heading}>
          {t('reportsDetailsHeading')}
        </h3>
        <button type="button" onClick={onClose}>
          {t('reportsDetailsClose')}
        </button>
      </div>
      {details.loading.value && !report ? <p class="status">{t('reportsDetailsLoading')}</p> : null}
      {loadError ? (
        <ErrorBanner
          error={loadError}
          context={id === null ? t('reportsDetailsLoadFailed') : t('reportsDetailsLoadFailedId', id)}
          // A report the service says is gone will not come back by asking again.
          onRetry={gone ? undefined : details.reload}
          onOpenSettings={onOpenSettings}
        />
      ) : null}
      {report ? (
        <>
          <p class="details-summary">
            <WebLink url={report.url} href={report.pageUrl} class="details-url" />{' '}
            <DetailsResult report={report} state={details.scoreState.value} />
          </p>
          <ServiceLine report={report} state={details.scoreState.value} />
          <ReportEditForm
            key={reportKey(report.id)}
            report={report}
            details={details}
            onOpenSettings={onOpenSettings}
          />
          {history && history.length > 0 ? <ReportHistory history={history} /> : null}
          {report.checks ? <ReportTests checks={report.checks} /> : null}
          <h4 class="details-fields-heading">{t('reportsDetailsAllFields')}</h4>
          <ReportFieldList fields={report.fields} checks={report.checks} pageUrl={report.pageUrl} />
        </>
      ) : null}
    </section>
  );
}

/** "Score over time": the chart of the report's analyses and what changed between two of them. */
function ReportHistory({ history }: { history: readonly Snapshot[] }) {
  return (
    <section class="report-history" aria-labelledby="details-history-heading">
      <h4 id="details-history-heading" class="details-fields-heading">
        {t('historyHeading')}
      </h4>
      {history.length < 2 ? (
        <p class="muted">{t('historyStartsHere')}</p>
      ) : (
        <>
          <ScoreChart history={history} />
          {/* A new analysis brings the comparison back to the last two. */}
          <AnalysisComparison key={history.at(-1)?.generatedAt} history={history} />
        </>
      )}
    </section>
  );
}

function DetailsResult({ report, state }: { report: Report; state: ShownState | null }) {
  if (state === 'no_score' && report.result === null) {
    return <span class="result result--pending">{t('reportsNoScore')}</span>;
  }
  return <ResultBadge report={report} state={state ?? undefined} />;
}

function ServiceLine({ report, state }: { report: Report; state: ShownState | null }) {
  const serviceUrl = report.serviceUrl !== null && parseWebUrl(report.serviceUrl) ? report.serviceUrl : null;
  const said =
    state === 'no_score' ? t('reportsNoScoreGiven') : state === 'unfinished' ? t('fieldsNotFinished') : null;
  if (!said && !serviceUrl) return null;
  return (
    <p class="details-service">
      {said ? `${said} ` : null}
      {serviceUrl ? (
        <a href={serviceUrl} target="_blank" rel="noopener noreferrer">
          {t('reportsOpenOnService')}
        </a>
      ) : null}
    </p>
  );
}
