// Notifications (opt-in, optional permission): how a report made away from the popup ended. A click opens
// its details; the report id travels in the notification's id, which only this extension can create.
import { browser } from 'wxt/browser';
import type { ReportId } from '@/lib/api/types';
import { openOptions } from '@/lib/options-route';
import { reportKey } from '@/lib/report-id';
import type { Outcome } from './quick-create';

const REPORT_PREFIX = 'page-reports:report:';
const FAILED_PREFIX = 'page-reports:failed:';

/** A report's notification id: the report, then a count so two notifications of one report both show. */
export function notificationId(reportId: ReportId | null, serial: number): string {
  return reportId === null
    ? `${FAILED_PREFIX}${serial}`
    : `${REPORT_PREFIX}${encodeURIComponent(reportKey(reportId))}:${serial}`;
}

/** The report a notification names; null for a failure's notification or anybody else's id. */
export function reportOfNotification(id: string): string | null {
  if (!id.startsWith(REPORT_PREFIX)) return null;
  const match = /^([^:]+):\d+$/.exec(id.slice(REPORT_PREFIX.length));
  if (!match) return null;
  try {
    const key = decodeURIComponent(match[1]!);
    return key === '' ? null : key;
  } catch {
    return null;
  }
}

/** The API while the permission is granted (Chrome has no `notifications` object without it), else null. */
function grantedNotifications(): typeof browser.notifications | null {
  const api = (browser as { notifications?: typeof browser.notifications }).notifications;
  return typeof api?.create === 'function' ? api : null;
}

let serial = 0;

/** Shows the outcome; false when it could not be shown (no permission, or the browser refused). */
export async function notify(outcome: Outcome): Promise<boolean> {
  const api = grantedNotifications();
  if (!api) return false;
  try {
    await api.create(notificationId(outcome.reportId, Date.now() * 100 + (serial++ % 100)), {
      type: 'basic',
      iconUrl: browser.runtime.getURL('/icon/128.png'),
      title: outcome.title,
      message: outcome.message,
    });
    return true;
  } catch (cause) {
    console.warn('Page Reports: could not show a notification', cause);
    return false;
  }
}

/** A click on one of ours: a report's opens its details; any of ours then goes away. */
export async function notificationClicked(id: string): Promise<void> {
  if (!id.startsWith('page-reports:')) return;
  const report = reportOfNotification(id);
  if (report !== null) await openOptions({ view: 'report', id: report });
  await grantedNotifications()
    ?.clear(id)
    .catch(() => undefined);
}
