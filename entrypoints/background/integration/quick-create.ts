// A report made from the right-click menu or the shortcut, with the privacy chosen in Settings, on the
// popup's path. The service makes a new report on every create, so the page is looked up first and one
// with a report is regenerated; a failed lookup makes nothing. How it ended shows on the tab's badge or,
// opted in, in a notification whose click opens the report (its id in the notification's id, which only
// this extension can create).
import { browser } from 'wxt/browser';
import type { ApiError, Result } from '@/lib/api/errors';
import { roundScore } from '@/lib/api/score';
import type { Report, ReportId } from '@/lib/api/types';
import { RESULT_LABELS } from '@/lib/format';
import { t } from '@/lib/i18n';
import { createReportInputSchema } from '@/lib/messaging/inputs';
import { serviceAddress } from '@/lib/page-address';
import { openOptions } from '@/lib/options-route';
import { checkPage } from '@/lib/page-url';
import { reportKey } from '@/lib/report-id';
import { integrationPrefsItem } from '@/lib/settings/items';
import type { ConnectionWork } from '../connection-work';
import { apiError } from '../error-messages';
import { clearCreate, outcomeLook, runningLook, showCreate } from '../score-badge';

export type Work = 'create' | 'regenerate';

/** How it ended, in the same words for a notification and for the badge's tooltip. */
export interface Outcome {
  title: string;
  message: string;
  /** The report made or regenerated (null: it failed): a click opens it, the badge shows its score. */
  report: Report | null;
}

/** "Good · 86", "Good" (a word without a number), or "No score yet". */
function resultText(report: Report): string {
  if (report.result === null) return t('notifyNoScore');
  return report.score === null
    ? RESULT_LABELS[report.result]
    : `${RESULT_LABELS[report.result]} · ${roundScore(report.score)}`;
}

/** `address` is the page asked for (shown when it failed). */
export function describeOutcome(work: Work, address: string | null, answer: Result<Report>): Outcome {
  if (!answer.ok) return failure(work, address, answer.error);
  const report = answer.data;
  return {
    title: work === 'create' ? t('notifyCreatedTitle') : t('notifyRegeneratedTitle'),
    message: t('notifyResult', report.url, resultText(report)),
    report,
  };
}

export function failure(work: Work, address: string | null, error: Pick<ApiError, 'message'>): Outcome {
  const shown = address ? (serviceAddress(address) ?? address) : null;
  return {
    title: work === 'create' ? t('notifyCreateFailedTitle') : t('notifyRegenerateFailedTitle'),
    message: shown ? t('notifyFailedFor', shown, error.message) : error.message,
    report: null,
  };
}

/** A report's notification id: the report, then a count so two notifications of one report both show. */
export function notificationId(reportId: ReportId | null, serial: number): string {
  return reportId === null
    ? `page-reports:failed:${serial}`
    : `page-reports:report:${encodeURIComponent(reportKey(reportId))}:${serial}`;
}

/** The report a notification names; null for a failure's notification or anybody else's id. */
export function reportOfNotification(id: string): string | null {
  const key = /^page-reports:report:([^:]+):\d+$/.exec(id)?.[1];
  try {
    return key ? decodeURIComponent(key) : null;
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
async function notify(outcome: Outcome): Promise<boolean> {
  const api = grantedNotifications();
  if (!api) return false;
  try {
    await api.create(notificationId(outcome.report?.id ?? null, Date.now() * 100 + (serial++ % 100)), {
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

/**
 * A notification when they are on (and allowed), else the tab's badge. Without a tab (a popup's create,
 * its popup closed since) only a notification says it: the next popup shows it anyway.
 */
export async function announce(outcome: Outcome, tabId?: number): Promise<'notification' | 'badge' | null> {
  const { notifications } = await integrationPrefsItem.getValue();
  if (notifications && (await notify(outcome))) {
    if (tabId !== undefined) await clearCreate(tabId);
    return 'notification';
  }
  if (tabId === undefined) return null;
  await showCreate(tabId, outcomeLook(outcome));
  return 'badge';
}

/** The work of the connection active when asked (a switch meanwhile changes nothing); null: none. */
export type ActiveWork = () => Promise<ConnectionWork | null>;

/** For a page's or a link's address; the answer, or null when the service was not asked. */
export async function quickCreate(
  activeWork: ActiveWork,
  address: string | undefined,
  tabId?: number,
): Promise<Result<Report> | null> {
  const page = checkPage(address);
  const refuse = async (message: string) => {
    await announce(failure('create', page.url, { message }), tabId);
    return null;
  };
  if (!page.reportable) return refuse(page.reason);
  const { privacy } = await integrationPrefsItem.getValue();
  const input = createReportInputSchema.safeParse({ url: page.url, privacy });
  if (!input.success) return refuse(input.error.issues[0]!.message);
  const work = await activeWork();
  if (!work) return refuse(t('notifyCouldNotCheck', apiError('not_configured').message));
  // The lookup cannot see a report still being made, so the page's write is on its way from the lookup on:
  // a second press would make a second one, and a popup's create gets this one's answer.
  if (work.creates.busy(page.url)) return refuse(t('notifyAlreadyCreating'));
  // null while the page is looked up: a failed lookup made nothing.
  let kind = null as Work | null;
  const answer = await work.creates.run(page.url, async (): Promise<Result<Report>> => {
    if (tabId !== undefined) await showCreate(tabId, runningLook(serviceAddress(page.url) ?? page.url));
    const found = await work.service.pageReport(page.url, work.store.aliasOf);
    if (!found.ok) {
      return { ok: false, error: { ...found.error, message: t('notifyCouldNotCheck', found.error.message) } };
    }
    kind = found.data ? 'regenerate' : 'create';
    if (!found.data) return work.service.createReport(input.data);
    return work.service.updateReport(found.data.id, { regenerate: true });
  });
  // Only a create's failure is for the next popup to show: the badge or a notification says the others.
  if (kind !== 'create' && !answer.ok) await work.creates.dismiss(page.url);
  const outcome = describeOutcome(kind ?? 'create', page.url, answer);
  const regenerated = answer.ok && kind === 'regenerate';
  await announce(regenerated ? { ...outcome, title: t('notifyExistingRegeneratedTitle') } : outcome, tabId);
  return answer;
}
