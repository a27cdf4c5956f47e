import type { FailedCheck, ReportChecks } from '@/lib/api/types';
import { groupByCategory, issueCountsText } from './check-summary';

/**
 * What the service's tests found, for a person: the counts in one sentence, then each failed test under
 * its category, with its importance as a word (not colour alone) and a short detail. Text only.
 */
export function ReportTests({ checks }: { checks: ReportChecks }) {
  const groups = groupByCategory(checks.failures);
  return (
    <section class="report-tests" aria-labelledby="details-tests-heading">
      <h4 id="details-tests-heading" class="details-fields-heading">
        Tests
      </h4>
      <p class="test-counts">{issueCountsText(checks.counts)}</p>
      {groups.map((group) => (
        <section key={group.category} class="test-group" aria-labelledby={`details-tests-${group.category}`}>
          <h5 id={`details-tests-${group.category}`}>{group.label}</h5>
          <ul class="failed-tests">
            {group.failures.map((failure) => (
              <FailedTest key={failure.key} failure={failure} />
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

function FailedTest({ failure }: { failure: FailedCheck }) {
  return (
    <li class="failed-test">
      <span class={`importance importance--${failure.importance}`}>
        {failure.importance}
        <span class="visually-hidden"> importance</span>
      </span>{' '}
      <span class="failed-test-name">{failure.name}</span>
      {failure.detail ? <span class="failed-test-detail"> — {failure.detail}</span> : null}
    </li>
  );
}
