import type { FailedCheck, ReportChecks } from '@/lib/api/types';
import { t } from '@/lib/i18n';
import { groupByCategory, importanceName, issueCountsText } from './check-summary';

/**
 * What the service's tests found, for a person: the counts in one sentence, then each failed test under
 * its category, with its importance as a word (not colour alone) and a short detail. Text only.
 */
export function ReportTests({ checks }: { checks: ReportChecks }) {
  const groups = groupByCategory(checks.failures);
  return (
    <section class="report-tests" aria-labelledby="details-tests-heading">
      <h4 id="details-tests-heading" class="details-fields-heading">
        {t('reportsTestsHeading')}
      </h4>
      <p class="test-counts">{issueCountsText(checks.counts)}</p>
      {groups.map((group) => (
        <section key={group.category} class="test-group" aria-labelledby={`details-tests-${group.category}`}>
          <h5 id={`details-tests-${group.category}`}>{group.label}</h5>
          <ul class="failed-tests">
            {group.failures.map((failure) => (
              <FailedTest
                key={failure.key}
                importance={failure.importance}
                name={failure.name}
                detail={failure.detail}
              />
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

/** One failed test as a list item: its importance as a word, its name, and a short detail. */
export function FailedTest({
  importance,
  name,
  detail,
}: Pick<FailedCheck, 'importance' | 'name' | 'detail'>) {
  return (
    <li class="failed-test">
      <span class={`importance importance--${importance}`}>
        {importanceName(importance)}
        <span class="visually-hidden"> {t('reportsImportanceSuffix')}</span>
      </span>{' '}
      <span class="failed-test-name">{name}</span>
      {detail ? <span class="failed-test-detail"> — {detail}</span> : null}
    </li>
  );
}
