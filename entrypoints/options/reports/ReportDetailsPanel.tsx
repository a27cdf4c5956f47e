import { useEffect, useRef } from 'preact/hooks';
import { ErrorBanner } from '@/components/ErrorBanner';
import { ResultBadge } from '@/components/ResultBadge';
import { WebLink } from '@/components/WebLink';
import { reportKey } from '@/lib/report-id';
import type { ReportDetailsModel } from './report-details-model';
import { ReportEditForm } from './ReportEditForm';
import { ReportFieldList } from './ReportFieldList';

/** The details panel of one report: its fields, and the changes the API allows. Escape closes it. */
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
          Report details
        </h3>
        <button type="button" onClick={onClose}>
          Close details
        </button>
      </div>
      {details.loading.value && !report ? <p class="status">Loading the report…</p> : null}
      {loadError ? (
        <ErrorBanner
          error={loadError}
          context={`Could not load report ${id ?? ''}`.trim()}
          onRetry={details.reload}
          onOpenSettings={onOpenSettings}
        />
      ) : null}
      {report ? (
        <>
          <p class="details-summary">
            <WebLink url={report.url} class="details-url" /> <ResultBadge report={report} />
          </p>
          <ReportEditForm
            key={reportKey(report.id)}
            report={report}
            details={details}
            onOpenSettings={onOpenSettings}
          />
          <h4 class="details-fields-heading">All fields</h4>
          <ReportFieldList fields={report.fields} />
        </>
      ) : null}
    </section>
  );
}
