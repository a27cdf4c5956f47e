// The popup's state and actions: it paints what the background kept (lib/report-store), then asks for fresh data.
import type { ApiError, Result } from '@/lib/api/errors';
import type { ReportSummary, ReportId } from '@/lib/api/types';
import { RECENT_COUNT, type Cached } from '@/lib/messaging/protocol';
import { send } from '@/lib/messaging/send';
import { openOptions, type OptionsLink } from '@/lib/options-route';
import { browser } from '@/lib/page-browser';
import { checkPage, withoutTracking, type PageCheck } from '@/lib/page-url';
import { reportKey, sameId } from '@/lib/report-id';
import { watchFollowed, type Followed, type FollowState } from '@/lib/following';
import { isGenerating, shownState, type ShownState } from '@/lib/report-state';
import { createCreateForm } from './create-form';
import { createStartFocus } from './start-focus';
import { readStore } from '@/lib/report-store';
import { batch, signal, type Signal } from '@preact/signals';
import { t } from '@/lib/i18n';

/** Kept data, then the service's. `value` undefined: nothing known yet; `saved`: the refresh failed. */
export interface Shown<T> {
  value: T | undefined;
  /** When the service answered it (epoch ms). */
  fetchedAt: number | null;
  state: 'loading' | 'fresh' | 'saved';
  error: ApiError | null;
}

/** cached: painted from what the background kept, before it answered. */
export type Setup = 'unknown' | 'cached' | 'ready' | 'missing';

/** After a write that may have happened: looking, found, none, or why it could not look. */
export type Recheck = 'looking' | 'found' | 'none' | ApiError;

/** The write a page lookup looks for: made (a create), or taken (a regenerate). */
export type UnsureWrite = 'create' | 'regenerate';

// A server clock may be off by this much.
const CLOCK_SLACK_MS = 10 * 60_000;

/** Whether `report`, looked up after a write started at `since`, shows the write: changed, or new since. */
function showsWrite(report: ReportSummary, before: ReportSummary | null, since: number): boolean {
  if (before && sameId(report.id, before.id)) {
    const now = Date.now();
    return report.updatedAt !== before.updatedAt || (isGenerating(report, now) && !isGenerating(before, now));
  }
  return !(Date.parse(report.createdAt ?? '') < since - CLOCK_SLACK_MS);
}

/** The side panel's: the page it follows, and how young a kept copy is shown as the answer without asking. */
export interface PanelPage {
  page: PageCheck;
  freshForMs: number;
}

/** Chrome's side panel beside window `windowId`, or Firefox's sidebar; null where the browser has neither. */
function sidePanelOpener(): ((windowId: number | undefined) => Promise<void>) | null {
  const { sidePanel, sidebarAction } = browser as {
    sidePanel?: { open?(options: { windowId: number }): Promise<void> };
    sidebarAction?: { open?(): Promise<void> };
  };
  if (sidebarAction?.open) return () => sidebarAction.open!();
  if (!sidePanel?.open) return null;
  return (windowId) =>
    windowId === undefined ? Promise.reject(new Error('No window')) : sidePanel.open!({ windowId });
}

/** The active tab of this page's window: the popup's page (activeTab lets it read the URL), the panel's first. */
export const activeTab = () =>
  browser.tabs.query({ active: true, currentWindow: true }).then(
    ([tab]) => tab,
    () => undefined,
  );

const nothingYet = <T>(): Shown<T> => ({ value: undefined, fetchedAt: null, state: 'loading', error: null });
const answered = <T>({ data, fetchedAt }: Cached<T>): Shown<T> => ({
  value: data,
  fetchedAt,
  state: 'fresh',
  error: null,
});

export type PopupModel = ReturnType<typeof createPopupModel>;

export function createPopupModel(panel?: PanelPage) {
  const kept = readStore();
  const openSidePanel = panel ? null : sidePanelOpener();
  const closePopup = () => {
    if (!panel) window.close();
  };
  const page = signal<PageCheck | null>(null);
  const setup = signal<Setup>('unknown');
  const pageReport = signal<Shown<ReportSummary | null>>(nothingYet());
  const recent = signal<Shown<ReportSummary[]>>(nothingYet());
  const siteOnly = signal(false);
  const regenerating = signal(false);
  const regenerateError = signal<ApiError | null>(null);
  const recheck = signal<{ after: UnsureWrite; state: Recheck } | null>(null);
  /** Said in a live region. */
  const announcement = signal('');
  const sidePanelFailed = signal(false);
  // Known before any click: the side panel must open within it, with nothing awaited.
  let windowId: number | undefined;
  // Bumped by every change of a list, so an older lookup cannot overwrite it.
  let pageReportVersion = 0;
  let recentVersion = 0;
  // The write that may have happened, with the page's report before it; bumped: an older look-up is silent.
  let unsure: { after: UnsureWrite; before: ReportSummary | null; since: number } | null = null;
  let recheckRun = 0;

  const pageUrl = () => (page.value?.reportable ? page.value.url : null);
  const cleanAddress = () => (page.value?.reportable ? withoutTracking(page.value.url) : null);
  const recentHost = () => (siteOnly.value && page.value?.reportable ? page.value.host : undefined);
  const isPageReport = (id: ReportId) => !!pageReport.value.value && sameId(pageReport.value.value.id, id);

  // The background follows every report still generating; the popup only hears what it found.
  let stopWatching: (() => void) | null = null;
  let disposed = false;
  const followStates = signal<ReadonlyMap<string, FollowState>>(new Map());
  function onFollowed(changed: Followed[], all: Followed[]) {
    const before = followStates.value;
    followStates.value = new Map(all.map((entry) => [reportKey(entry.id), entry.state]));
    for (const entry of changed) {
      if (entry.state === 'gone') forgetReport(entry.id);
      else if (entry.report) onFreshCopy(entry.report);
    }
    // Given up while this popup watched: said once.
    const gaveUp = changed.find(
      (entry) =>
        entry.state === 'no_score' &&
        isPageReport(entry.id) &&
        before.get(reportKey(entry.id)) === 'generating',
    );
    const shown = pageReport.value.value;
    if (gaveUp && shown && shownState(shown, Date.now(), 'no_score') === 'unfinished') {
      announcement.value = t('fieldsNotFinished');
    }
    const stopped = changed.find((entry) => entry.state === 'stopped' && isPageReport(entry.id));
    if (stopped?.error?.kind === 'not_configured') setup.value = 'missing';
    else if (stopped?.error) pageReport.value = { ...pageReport.value, state: 'saved', error: stopped.error };
  }

  function onFreshCopy(report: ReportSummary) {
    const wasPending = isPageReport(report.id) && pageReport.value.value?.result === null;
    showReport(report);
    if (wasPending && report.result !== null) announcement.value = t('popupResultReady');
    else if (wasPending && !isGenerating(report, Date.now())) announcement.value = t('popupNoScoreGiven');
  }

  const form = createCreateForm({
    pageUrl,
    pageReport,
    refresh,
    onStarted: forgetRecheck,
    onMayHaveCreated: (since) => mayHaveWritten('create', since),
    onCreated: (report) => {
      setPageReport(report);
      regenerateError.value = null;
      // The service stores a page's report under its site, so it belongs to "This site only" too.
      recent.value = {
        ...recent.value,
        value: [report, ...(recent.value.value ?? [])].slice(0, RECENT_COUNT),
      };
      announcement.value = t('popupReportCreated');
    },
    onNotConfigured: () => (setup.value = 'missing'),
  });

  function forgetReport(id: ReportId) {
    if (isPageReport(id)) setPageReport(null);
    recent.value = { ...recent.value, value: recent.value.value?.filter((item) => !sameId(item.id, id)) };
  }

  function forgetRecheck() {
    unsure = null;
    recheckRun++;
    recheck.value = null;
  }

  // Offered instead of a Retry that could write twice: the page's lookup shows whether it was done.
  function mayHaveWritten(after: UnsureWrite, since: number) {
    unsure = { after, before: pageReport.value.value ?? null, since };
    void lookAgain();
  }

  async function lookAgain(): Promise<void> {
    const write = unsure;
    if (!write) return;
    const run = ++recheckRun;
    recheck.value = { after: write.after, state: 'looking' };
    await refresh();
    if (run !== recheckRun) return;
    const { value: report, error } = pageReport.value;
    const found = !!report && showsWrite(report, write.before, write.since);
    recheck.value = { after: write.after, state: error ?? (found ? 'found' : 'none') };
  }

  function setPageReport(report: ReportSummary | null) {
    pageReportVersion++;
    pageReport.value = { value: report, fetchedAt: Date.now(), state: 'fresh', error: null };
  }

  function showReport(report: ReportSummary) {
    batch(() => {
      if (isPageReport(report.id)) setPageReport(report);
      const items = recent.value.value;
      if (items?.some((item) => sameId(item.id, report.id))) {
        recent.value = {
          ...recent.value,
          value: items.map((item) => (sameId(item.id, report.id) ? report : item)),
        };
      }
    });
  }

  function withCached<T>(current: Shown<T>, cached: Cached<T> | null): Shown<T> {
    return cached ? { ...current, value: cached.data, fetchedAt: cached.fetchedAt } : current;
  }

  /** Shows a fresh kept copy as the answer, or asks. */
  function keptOrAsk<T>(target: Signal<Shown<T>>, kept: Cached<T> | null, ask: () => Promise<void>) {
    const age = kept ? Date.now() - kept.fetchedAt : Infinity;
    if (!kept || age < 0 || age >= (panel?.freshForMs ?? 0)) return ask();
    target.value = answered(kept);
  }

  /** Shows the answer, or keeps the kept value and says why not. */
  async function load<T>(
    target: Signal<Shown<T>>,
    request: Promise<Result<Cached<T>>>,
    isCurrent: () => boolean,
  ): Promise<void> {
    target.value = { ...target.value, state: 'loading', error: null };
    const answer = await request;
    if (!isCurrent()) return;
    if (!answer.ok && answer.error.kind === 'not_configured') setup.value = 'missing';
    target.value = answer.ok
      ? answered(answer.data)
      : { ...target.value, state: 'saved', error: answer.error };
  }

  async function refreshPageReport(): Promise<void> {
    const url = pageUrl();
    if (!url) return;
    const version = pageReportVersion;
    await load(pageReport, send('popup.pageReport', { url }), () => version === pageReportVersion);
  }

  function refreshRecent(): Promise<void> {
    const version = ++recentVersion;
    const host = recentHost();
    return load(recent, send('popup.recentReports', host ? { host } : {}), () => version === recentVersion);
  }

  async function refresh(): Promise<void> {
    await Promise.all([refreshPageReport(), refreshRecent()]);
  }

  async function open(link: OptionsLink) {
    await openOptions(link);
    closePopup();
  }

  return {
    page,
    setup,
    pageReport,
    pageReportState: (report: ReportSummary): ShownState =>
      shownState(report, Date.now(), followStates.value.get(reportKey(report.id))),
    recent,
    siteOnly,
    regenerating,
    regenerateError,
    recheck,
    announcement,
    form,
    canOpenSidePanel: openSidePanel !== null,
    startFocus: createStartFocus(),
    sidePanelFailed,

    /** Shows the kept reports (then calls `onKeptRead`), then asks the background for its snapshot and fresh data. */
    async start(onKeptRead?: () => void): Promise<void> {
      const recentKept = kept.recent();
      const tab = panel ? undefined : await activeTab();
      const checked = panel?.page ?? checkPage(tab?.url);
      windowId = tab?.windowId;
      page.value = checked;
      const pageKept = checked.reportable ? await kept.pageReport(checked.url) : null;
      const recentCached = await recentKept;
      if (setup.value === 'unknown' && (pageKept || recentCached)) {
        batch(() => {
          setup.value = 'cached';
          pageReport.value = withCached(pageReport.value, pageKept);
          recent.value = withCached(recent.value, recentCached);
        });
      }
      onKeptRead?.();
      // A model disposed meanwhile (the side panel moved on) watches nothing.
      if (disposed) return;
      stopWatching ??= watchFollowed(onFollowed);
      const snapshot = await send('popup.snapshot', checked.reportable ? { url: checked.url } : {});
      if (!snapshot.ok) {
        setup.value = 'ready';
        pageReport.value = { ...pageReport.value, state: 'saved', error: snapshot.error };
        recent.value = { ...recent.value, state: 'saved', error: snapshot.error };
        return;
      }
      if (!snapshot.data.configured) {
        setup.value = 'missing';
        return;
      }
      batch(() => {
        form.restorePrivacy(snapshot.data.lastPrivacy);
        setup.value = 'ready';
      });
      const run = snapshot.data.create;
      await Promise.all([
        keptOrAsk(pageReport, pageKept, refreshPageReport),
        keptOrAsk(recent, recentCached, refreshRecent),
        run ? form.resume(run) : null,
      ]);
    },

    refresh,

    /** The page's address without its tracking parameters, when it has some. */
    cleanAddress,

    /** Looks up and creates the clean address from now on: a report of the page, not of one visit. */
    async useCleanAddress(): Promise<void> {
      const clean = cleanAddress();
      if (!clean) return;
      const checked = checkPage(clean.url);
      pageReportVersion++;
      batch(() => {
        page.value = checked;
        pageReport.value = nothingYet();
        regenerateError.value = null;
        announcement.value = t('popupUsingCleanAddress');
      });
      const version = pageReportVersion;
      const pageKept = checked.reportable ? await kept.pageReport(checked.url) : null;
      if (version === pageReportVersion) pageReport.value = withCached(pageReport.value, pageKept);
      await refreshPageReport();
    },

    async setSiteOnly(only: boolean): Promise<void> {
      siteOnly.value = only;
      const cached = await kept.recent(recentHost());
      if (siteOnly.value !== only) return;
      recent.value = withCached(nothingYet(), cached);
      await refreshRecent();
    },

    async regenerate(): Promise<void> {
      const report = pageReport.value.value;
      if (!report || regenerating.value) return;
      const since = Date.now();
      batch(() => {
        regenerating.value = true;
        regenerateError.value = null;
        forgetRecheck();
      });
      const answer = await send('reports.update', { id: report.id, regenerate: true });
      regenerating.value = false;
      if (answer.ok) {
        showReport(answer.data);
        announcement.value = t('popupNewResultsRequested');
        return;
      }
      if (answer.error.kind === 'not_configured') return void (setup.value = 'missing');
      regenerateError.value = answer.error;
      if (answer.error.retrySafe === false) mayHaveWritten('regenerate', since);
      else if (answer.error.kind === 'not_found') forgetReport(report.id);
    },

    lookAgain,

    openDetails: (id: ReportId) => open({ view: 'report', id }),
    openAllReports: () => open({ view: 'reports' }),
    openSettings: () => open({ view: 'settings' }),
    /** Call in the click itself. */
    openSidePanel() {
      sidePanelFailed.value = false;
      openSidePanel?.(windowId).then(
        () => closePopup(),
        () => (sidePanelFailed.value = true),
      );
    },
    close: closePopup,
    dispose() {
      disposed = true;
      stopWatching?.();
      stopWatching = null;
    },
  };
}
