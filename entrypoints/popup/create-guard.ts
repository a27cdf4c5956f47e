// Whether creating a report for this page could make a second one: the service makes a new report on
// every create, so a page with a report (or one that may have it) asks first.
import type { ReportSummary } from '@/lib/api/types';
import type { Shown } from './popup-model';

/**
 * none: no report for this page, as the service just said; pending: it is being looked up; exists: one is
 * shown (a kept copy counts); unknown: the lookup failed, so there may be one.
 */
export type CreateGuard = 'none' | 'pending' | 'exists' | 'unknown';

export function createGuard(shown: Shown<ReportSummary | null>): CreateGuard {
  if (shown.value) return 'exists';
  if (shown.error) return 'unknown';
  return shown.state === 'fresh' && shown.value === null ? 'none' : 'pending';
}
