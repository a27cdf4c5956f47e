// A report made without the popup: from the right-click menu or the "create-report" shortcut, with the
// privacy chosen in Settings. It takes the popup's path: the same page check (never an address the popup
// would refuse), the same message schema, and the background's own create (the run noted for the popup,
// the cache, the follower). The service makes a new report on every create, so the page is looked up
// first: one with a report is regenerated (what "a report for this page" asks for: its results now, and
// no second report); a failed lookup makes nothing. The service takes seconds to tens of seconds: the
// tab's badge shows "…" meanwhile, and the outcome arrives as a notification when they are on, else on
// the badge.
import type { Result } from '@/lib/api/errors';
import type { Report, ReportId, ReportSummary } from '@/lib/api/types';
import { t } from '@/lib/i18n';
import type { IntegrationPrefs } from '@/lib/integration-prefs';
import { createReportInputSchema, type CreateReportInput } from '@/lib/messaging/inputs';
import { serviceAddress } from '@/lib/page-address';
import { checkPage } from '@/lib/page-url';
import { outcomeLook, runningLook, type Badge } from './badge';
import { describeOutcome, failure, type Outcome } from './outcome';
import type { Notifier } from './notifications';

export interface AnnounceDeps {
  prefs(): Promise<IntegrationPrefs>;
  notifier: Pick<Notifier, 'notify'>;
  badge: Pick<Badge, 'show' | 'clear'>;
}

/**
 * Says how it ended: a notification when they are on (and allowed), else the tab's badge. Without a tab
 * (a popup's create, its popup closed since) only a notification says it: the next popup shows it anyway.
 */
export function createAnnouncer(deps: AnnounceDeps) {
  return async function announce(outcome: Outcome, tabId?: number): Promise<'notification' | 'badge' | null> {
    const { notifications } = await deps.prefs();
    if (notifications && (await deps.notifier.notify(outcome))) {
      if (tabId !== undefined) await deps.badge.clear(tabId);
      return 'notification';
    }
    if (tabId === undefined) return null;
    await deps.badge.show(tabId, outcomeLook(outcome));
    return 'badge';
  };
}

export type Announce = ReturnType<typeof createAnnouncer>;

/** What the menu and the shortcut do, all on one connection. */
export interface PageActions {
  /** Whether a create for this page is on its way (from the popup, the menu or the shortcut). */
  creating(url: string): Promise<boolean>;
  /** This page's newest report (null: none), looked up as the popup does. */
  lookUp(url: string): Promise<Result<ReportSummary | null>>;
  /** A create, told as the popup's is (the run noted, the outcome notified). */
  create(input: CreateReportInput): Promise<Result<Report>>;
  regenerate(id: ReportId): Promise<Result<Report>>;
}

export interface QuickCreateDeps extends AnnounceDeps {
  /** The actions on the connection active when asked: a switch meanwhile changes nothing. */
  onActive(): Promise<PageActions>;
}

export function createQuickCreate(deps: QuickCreateDeps) {
  const announce = createAnnouncer(deps);

  /**
   * Creates a report for `address` (a page's or a link's), or regenerates the one it has; the answer, or
   * null when nothing was sent.
   */
  return async function quickCreate(
    address: string | undefined,
    tabId?: number,
  ): Promise<Result<Report> | null> {
    const page = checkPage(address);
    if (!page.reportable) {
      await announce(failure('create', page.url, { message: page.reason }), tabId);
      return null;
    }
    const { privacy } = await deps.prefs();
    const input = createReportInputSchema.safeParse({ url: page.url, privacy });
    if (!input.success) {
      await announce(failure('create', page.url, { message: input.error.issues[0]!.message }), tabId);
      return null;
    }
    const actions = await deps.onActive();
    // The lookup cannot see a report still being made: a second press would make a second one.
    if (await actions.creating(page.url)) {
      await announce(failure('create', page.url, { message: t('notifyAlreadyCreating') }), tabId);
      return null;
    }
    if (tabId !== undefined) await deps.badge.show(tabId, runningLook(serviceAddress(page.url) ?? page.url));
    const found = await actions.lookUp(page.url);
    if (!found.ok) {
      await announce(
        failure('create', page.url, { message: t('notifyCouldNotCheck', found.error.message) }),
        tabId,
      );
      return null;
    }
    if (found.data) {
      const answer = await actions.regenerate(found.data.id);
      const outcome = describeOutcome('regenerate', page.url, answer);
      await announce(answer.ok ? { ...outcome, title: t('notifyExistingRegeneratedTitle') } : outcome, tabId);
      return answer;
    }
    const answer = await actions.create(input.data);
    await announce(describeOutcome('create', page.url, answer), tabId);
    return answer;
  };
}
