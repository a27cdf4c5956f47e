// A report's tests, as the details panel says them: the counts in one sentence, and the failed tests
// grouped under their category. Pure; the data comes already digested (lib/api/report-checks).
import type { CheckCategory, FailedCheck, ReportChecks } from '@/lib/api/types';
import { categoryName } from '@/lib/format';
import { t } from '@/lib/i18n';
import { formatCount } from '../format-number';

function passedText(passed: number): string {
  return passed === 1 ? t('reportsTestPassedOne') : t('reportsTestsPassed', formatCount(passed));
}

/**
 * "6 issues (3 high, 2 medium, 1 low importance) · 24 tests passed"; levels without issues are left out;
 * "No issues found · 30 tests passed" when nothing failed.
 */
export function issueCountsText({ high, medium, low, passed }: ReportChecks['counts']): string {
  const failed = high + medium + low;
  if (failed === 0) return t('reportsNoIssues', passedText(passed));
  const levels = [
    high > 0 ? t('reportsLevelHigh', formatCount(high)) : null,
    medium > 0 ? t('reportsLevelMedium', formatCount(medium)) : null,
    low > 0 ? t('reportsLevelLow', formatCount(low)) : null,
  ].filter((level) => level !== null);
  const issues = failed === 1 ? t('reportsIssueOne') : t('reportsIssues', formatCount(failed));
  return t('reportsIssueCounts', issues, levels.join(', '), passedText(passed));
}

/** In the order the failures come (already sorted). */
export function groupByCategory(failures: readonly FailedCheck[]) {
  const groups = new Map<CheckCategory, FailedCheck[]>();
  for (const failure of failures)
    groups.set(failure.category, [...(groups.get(failure.category) ?? []), failure]);
  return [...groups].map(([category, failures]) => ({ category, label: categoryName(category), failures }));
}
