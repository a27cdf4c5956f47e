import { DateTime } from '@/components/DateTime';
import { ResultBadge } from '@/components/ResultBadge';
import type { ApiError } from '@/lib/api/errors';
import type { Recheck } from './create-form';
import type { FailedCheck, Report, ReportChecks } from '@/lib/api/types';
import { PRIVACY_NAMES } from '@/lib/format';
import { parseWebUrl } from '@/lib/web-url';
import { scoreState } from '@/lib/report-state';
import { PopupError } from './PopupError';
import { RecheckNote } from './RecheckNote';

// After a regenerate that may have happened, instead of a Retry.
const READ_AGAIN = {
  looking: 'Page Reports is reading the report again…',
  // Changed, or being generated again ("Generating…" above says which).
  found: 'Page Reports read the report again: the service took the request.',
  none: 'Page Reports read the report again: it has not changed yet. Read it again in a moment before you regenerate it again.',
};

export interface ReportCardProps {
  report: Report;
  regenerating: boolean;
  regenerateError: ApiError | null;
  regenerateRecheck: Recheck | null;
  onRegenerate: () => void;
  onReadAgain: () => void;
  onDetails: () => void;
  onOpenSettings: () => void;
}

/** This page's newest report: result, privacy, dates, and what can be done with it. */
export function ReportCard(props: ReportCardProps) {
  const { report, regenerateRecheck: recheck } = props;
  const state = scoreState(report, Date.now());
  const generating = state === 'generating';
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
      {generating ? <p class="hint">The result appears here when ready; you may close this window.</p> : null}
      {state === 'no_score' ? <p class="hint">The service gave this report no score.</p> : null}
      {report.checks ? <TopIssues checks={report.checks} /> : null}
      {report.serviceUrl && parseWebUrl(report.serviceUrl) ? (
        <p class="service-link">
          <a href={report.serviceUrl} target="_blank" rel="noopener noreferrer">
            Open on the service
          </a>
        </p>
      ) : null}
      {props.regenerateError ? (
        <PopupError
          error={props.regenerateError}
          context="Could not regenerate the report"
          onRetry={props.onRegenerate}
          onOpenSettings={props.onOpenSettings}
        />
      ) : null}
      {recheck ? (
        <RecheckNote
          recheck={recheck}
          said={READ_AGAIN}
          again="Read the report again"
          onAgain={props.onReadAgain}
        />
      ) : null}
    </article>
  );
}

/** The issue counts and the three most important failed tests (the details page has them all). */
function TopIssues({ checks }: { checks: ReportChecks }) {
  const { high, medium, low, passed } = checks.counts;
  const { top } = checks;
  return (
    <div class="issues">
      <p class="issue-counts">
        {high + medium + low === 0
          ? `No issues · ${passed} tests passed`
          : `Issues: ${high} high · ${medium} medium · ${low} low · ${passed} passed`}
      </p>
      {top.length > 0 ? (
        <ul class="top-issues" aria-label="Most important issues">
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

function TopIssue({ failure }: { failure: FailedCheck }) {
  return (
    <li>
      <span class={`importance importance--${failure.importance}`}>{failure.importance}</span> {failure.name}
      {failure.detail ? <span class="issue-detail"> — {shortDetail(failure.detail)}</span> : null}
    </li>
  );
}
