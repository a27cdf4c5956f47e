import { DateTime } from '@/components/DateTime';
import { ResultBadge } from '@/components/ResultBadge';
import type { ApiError } from '@/lib/api/errors';
import type { Report } from '@/lib/api/types';
import { PRIVACY_NAMES } from '@/lib/format';
import { PopupError } from './PopupError';

export interface ReportCardProps {
  report: Report;
  regenerating: boolean;
  regenerateError: ApiError | null;
  onRegenerate: () => void;
  onDetails: () => void;
  onOpenSettings: () => void;
}

/** This page's newest report: result, privacy, dates, and what can be done with it. */
export function ReportCard(props: ReportCardProps) {
  const { report } = props;
  const generating = report.result === null;
  return (
    <article class="report-card" aria-labelledby="report-heading">
      <div class="report-head">
        <h2 id="report-heading">Report for this page</h2>
        <div class="report-actions">
          <button type="button" onClick={props.onRegenerate} disabled={props.regenerating || generating}>
            Regenerate
          </button>
          <button type="button" onClick={props.onDetails}>
            Details
          </button>
        </div>
      </div>
      <dl class="report-facts">
        <div>
          <dt>Result</dt>
          <dd>
            <ResultBadge report={report} />
          </dd>
        </div>
        <div>
          <dt>Privacy</dt>
          <dd>{report.privacy === null ? '—' : PRIVACY_NAMES[report.privacy]}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>
            <DateTime iso={report.createdAt} />
          </dd>
        </div>
        <div>
          <dt>Generated</dt>
          <dd>{generating ? 'Not yet' : <DateTime iso={report.generatedAt} />}</dd>
        </div>
      </dl>
      {generating ? (
        <p class="hint">The result appears here when it is ready. You can close this window meanwhile.</p>
      ) : null}
      {props.regenerateError ? (
        <PopupError
          error={props.regenerateError}
          context="Could not regenerate the report"
          onRetry={props.onRegenerate}
          onOpenSettings={props.onOpenSettings}
        />
      ) : null}
    </article>
  );
}
