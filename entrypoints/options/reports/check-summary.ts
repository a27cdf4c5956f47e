// A report's tests, as the details panel says them: the counts in one sentence, and the failed tests
// grouped under their category. Pure; the data comes already digested (lib/api/report-checks).
import {
  CHECK_CATEGORY_LABELS,
  type CheckCategory,
  type FailedCheck,
  type ReportChecks,
} from '@/lib/api/report-checks';

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * "6 issues (3 high, 2 medium, 1 low importance) · 24 tests passed"; levels without issues are left out;
 * "No issues found · 30 tests passed" when nothing failed.
 */
export function issueCountsText({ high, medium, low, passed }: ReportChecks['counts']): string {
  const passedText = count(passed, 'test passed', 'tests passed');
  const failed = high + medium + low;
  if (failed === 0) return `No issues found · ${passedText}`;
  const levels = [
    high > 0 ? `${high} high` : null,
    medium > 0 ? `${medium} medium` : null,
    low > 0 ? `${low} low` : null,
  ].filter((level) => level !== null);
  return `${count(failed, 'issue', 'issues')} (${levels.join(', ')} importance) · ${passedText}`;
}

export interface CheckGroup {
  category: CheckCategory;
  label: string;
  failures: FailedCheck[];
}

/** The failed tests under one heading per category, in the order they come (already sorted). */
export function groupByCategory(failures: readonly FailedCheck[]): CheckGroup[] {
  const groups: CheckGroup[] = [];
  for (const failure of failures) {
    let group = groups.find((candidate) => candidate.category === failure.category);
    if (!group) {
      group = { category: failure.category, label: CHECK_CATEGORY_LABELS[failure.category], failures: [] };
      groups.push(group);
    }
    group.failures.push(failure);
  }
  return groups;
}
