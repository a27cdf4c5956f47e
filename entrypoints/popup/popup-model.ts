// The popup's state and actions. It paints what the background kept (lib/report-store), then asks for fresh data.
import type { ApiError, Result } from '@/lib/api/errors';
import type { ReportSummary, ReportId } from '@/lib/api/types';
import { RECENT_COUNT, type Cached } from '@/lib/messaging/protocol';
import { send } from '@/lib/messaging/send';
import { openOptions, type OptionsLink } from '@/lib/options-link';
import type { PageCheck } from '@/lib/page-url';
import { reportKey, sameId } from '@/lib/report-id';
import { watchFollowed, type Followed, type FollowState } from '@/lib/following';
import { isGenerating, shownState, type ShownState } from '@/lib/report-state';
import { createCreateForm, type Recheck } from './create-form';
import { readStore, type StoreReader } from '@/lib/report-store';
import { readCurrentTab, type CurrentTab } from './current-page';
import { sidePanelOpener, type SidePanelOpener } from './side-panel';
import { batch, signal, type Signal } from '@preact/signals';
import { t } from '@/lib/i18n';

/** Data first taken from the cache, then refreshed. */
export interface Shown<T> {
  /** undefined: nothing known yet (no cache and the first lookup still running). */
  value: T | undefined;
  /** When the value was fetched from the service (epoch ms); null when nothing is known. */
  fetchedAt: number | null;
  /** loading: a refresh is running; fresh: it succeeded; saved: it failed and `value` is the cached one. */
  state: 'loading' | 'fresh' | 'saved';
  error: ApiError | null;
}

/**
 * unknown until the background says whether a base URL and key are set; cached while the popup paints
 * what the last one showed (only a configured extension has a cache: a new connection empties it) and
 * the background has not answered yet.
 */
export type Setup = 'unknown' | 'cached' | 'ready' | 'missing';

export interface PopupEnvironment {
  readCurrentTab(): Promise<CurrentTab>;
  /** The active connection's kept reports, read straight from storage (no round trip through the worker). */
  store(): Pick<StoreReader, 'pageReport' | 'recent'>;
  openOptions(link: OptionsLink): Promise<void>;
  closePopup(): void;
  /** Opens the browser's side panel; null where there is none to open (and in the panel itself). */
  openSidePanel: SidePanelOpener | null;
  now(): number;
  /** What the background's follower says of reports still generating (lib/following). */
  watchFollowed(listener: (changed: Followed[], all: Followed[]) => void): () => void;
}

export const defaultEnvironment: PopupEnvironment = {
  readCurrentTab,
  store: () => readStore(),
  openOptions,
  closePopup: () => window.close(),
  openSidePanel: sidePanelOpener(),
  now: () => Date.now(),
  watchFollowed,
};

const nothingYet = <T>(): Shown<T> => ({ value: undefined, fetchedAt: null, state: 'loading', error: null });

export type PopupModel = ReturnType<typeof createPopupModel>;

/**
 * `lookUp` sends this page's report and recent-list lookups: the side panel's answers them from the
 * cache while fresh (entrypoints/sidepanel/cached-lookup.ts); the popup always asks.
 */
export function createPopupModel(env: PopupEnvironment = defaultEnvironment, lookUp = send) {
  const kept = env.store();
  const page = signal<PageCheck | null>(null);
  const setup = signal<Setup>('unknown');
  const pageReport = signal<Shown<ReportSummary | null>>(nothingYet());
  const recent = signal<Shown<ReportSummary[]>>(nothingYet());
  const siteOnly = signal(false);
  const regenerating = signal(false);
  const regenerateError = signal<ApiError | null>(null);
  /** After a regenerate that may have happened: what reading the report again showed. */
  const regenerateRecheck = signal<Recheck | null>(null);
  /** Announced in a live region: "Report created.", "The result is ready." */
  const announcement = signal('');
  const sidePanelFailed = signal(false);
  // The tab's window, read at start-up: the side panel must open within the click, with nothing awaited.
  let windowId: number | undefined;
  // Bumped by every local change of this page's report, so an older lookup cannot overwrite it.
  let pageReportVersion = 0;
  // Likewise for the recent list: a lookup for another scope must not land in this one.
  let recentVersion = 0;
  // The report as it was before a regenerate that may have happened, to tell whether it changed.
  let regenerated: ReportSummary | null = null;

  const pageUrl = () => (page.value?.reportable ? page.value.url : null);
  const pageHost = () => (page.value?.reportable ? page.value.host : undefined);
  const recentHost = () => (siteOnly.value ? pageHost() : undefined);
  /** Whether `id` is the report shown for this page. */
  const isPageReport = (id: ReportId) => {
    const shown = pageReport.value.value;
    return shown ? sameId(shown.id, id) : false;
  };

  // The background follows every report still generating (it started when it handed the report out);
  // the popup only hears what it found. Closing the popup changes nothing there.
  let stopWatching: (() => void) | null = null;
  let disposed = false;
  /** How the follower's following of each report stands (by reportKey): whether it gave up, mostly. */
  const followStates = signal<ReadonlyMap<string, FollowState>>(new Map());
  function onFollowed(changed: Followed[], all: Followed[]) {
    const before = followStates.value;
    followStates.value = new Map(all.map((entry) => [reportKey(entry.id), entry.state]));
    for (const entry of changed) {
      if (entry.state === 'gone') forgetReport(entry.id);
      else if (entry.report) onFreshCopy(entry.report);
    }
    // Given up while this popup watched: said once (a popup opened later just shows it).
    const gaveUp = changed.find(
      (entry) =>
        entry.state === 'no_score' &&
        isPageReport(entry.id) &&
        before.get(reportKey(entry.id)) === 'generating',
    );
    const shown = pageReport.value.value;
    if (gaveUp && shown && shownState(shown, env.now(), 'no_score') === 'unfinished') {
      announcement.value = t('fieldsNotFinished');
    }
    // A refused key or a missing setup ended every following: say so where this page's report is shown.
    const stopped = changed.find((entry) => entry.state === 'stopped' && isPageReport(entry.id));
    if (stopped?.error) showLookupError(stopped.error);
  }

  function onFreshCopy(report: ReportSummary) {
    const wasPending = isPageReport(report.id) && pageReport.value.value?.result === null;
    showReport(report);
    if (wasPending && report.result !== null) announcement.value = t('popupResultReady');
    else if (wasPending && !isGenerating(report, env.now())) announcement.value = t('popupNoScoreGiven');
  }

  const form = createCreateForm({
    pageUrl,
    onCreated: (report) => {
      setPageReport(report);
      regenerateError.value = null;
      // A report of this page belongs to "This site only" too (the service stores it under the page's
      // site); the next refresh corrects the rare redirect to another site.
      recent.value = {
        ...recent.value,
        value: [report, ...(recent.value.value ?? [])].slice(0, RECENT_COUNT),
      };
      // The card says "Generating…"; the background's follower brings the result, announced then.
      announcement.value = t('popupReportCreated');
    },
    lookUp: async () => {
      await refresh();
      const shown = pageReport.value;
      return shown.error ? { ok: false, error: shown.error } : { ok: true, data: shown.value ?? null };
    },
    shownReportId: () => pageReport.value.value?.id ?? null,
    onNotConfigured: () => (setup.value = 'missing'),
    now: () => env.now(),
  });

  /** The service says this report is gone. */
  function forgetReport(id: ReportId) {
    if (isPageReport(id)) setPageReport(null);
    recent.value = { ...recent.value, value: recent.value.value?.filter((item) => !sameId(item.id, id)) };
  }

  function showLookupError(error: ApiError) {
    if (error.kind === 'not_configured') setup.value = 'missing';
    else pageReport.value = { ...pageReport.value, state: 'saved', error };
  }

  /** After a regenerate that may have happened: read the report again and say whether it changed. */
  async function readAgain(before: ReportSummary): Promise<void> {
    regenerateRecheck.value = 'looking';
    const answer = await send('reports.get', { id: before.id });
    if (answer.ok) showReport(answer.data);
    else if (answer.error.kind === 'not_found') forgetReport(before.id);
    regenerateRecheck.value = !answer.ok
      ? answer.error
      : answer.data.updatedAt !== before.updatedAt || isGenerating(answer.data, env.now())
        ? 'found'
        : 'none';
  }

  function setPageReport(report: ReportSummary | null) {
    pageReportVersion++;
    pageReport.value = { value: report, fetchedAt: env.now(), state: 'fresh', error: null };
  }

  /** A fresh copy of a report: wherever it is shown, it takes the new value. */
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

  /** The kept copies for this tab, before the background's snapshot: the form waits for that. */
  function paintCached(
    pageCached: Cached<ReportSummary | null> | null,
    recentCached: Cached<ReportSummary[]> | null,
  ): void {
    if (setup.value !== 'unknown' || (!pageCached && !recentCached)) return;
    batch(() => {
      setup.value = 'cached';
      pageReport.value = applySnapshotValue(pageReport.value, pageCached);
      recent.value = applySnapshotValue(recent.value, recentCached);
    });
  }

  function applySnapshotValue<T>(current: Shown<T>, cached: Cached<T> | null): Shown<T> {
    return cached ? { ...current, value: cached.data, fetchedAt: cached.fetchedAt } : current;
  }

  /** Marks `target` as refreshing, then shows the answer, or keeps the cached value and says why not. */
  async function load<T>(
    target: Signal<Shown<T>>,
    request: Promise<Result<Cached<T>>>,
    isCurrent: () => boolean,
  ): Promise<void> {
    target.value = { ...target.value, state: 'loading', error: null };
    const answer = await request;
    if (!isCurrent()) return;
    if (answer.ok) {
      target.value = {
        value: answer.data.data,
        fetchedAt: answer.data.fetchedAt,
        state: 'fresh',
        error: null,
      };
    } else {
      if (answer.error.kind === 'not_configured') setup.value = 'missing';
      target.value = { ...target.value, state: 'saved', error: answer.error };
    }
  }

  async function refreshPageReport(): Promise<void> {
    const url = pageUrl();
    if (!url) return;
    const version = pageReportVersion;
    // A report created or changed meanwhile is newer than this answer.
    await load(pageReport, lookUp('popup.pageReport', { url }), () => version === pageReportVersion);
  }

  function refreshRecent(): Promise<void> {
    const version = ++recentVersion;
    const host = recentHost();
    return load(recent, lookUp('popup.recentReports', host ? { host } : {}), () => version === recentVersion);
  }

  async function refresh(): Promise<void> {
    await Promise.all([refreshPageReport(), refreshRecent()]);
  }

  async function open(link: OptionsLink) {
    await env.openOptions(link);
    env.closePopup();
  }

  return {
    page,
    setup,
    pageReport,
    /** What the page's report shows: "Generating…", or what is known once the follower gave up. */
    pageReportState: (report: ReportSummary): ShownState =>
      shownState(report, env.now(), followStates.value.get(reportKey(report.id))),
    recent,
    siteOnly,
    regenerating,
    regenerateError,
    regenerateRecheck,
    announcement,
    form,
    canOpenSidePanel: env.openSidePanel !== null,
    sidePanelFailed,

    /**
     * Reads the tab and the cache at once and paints what the last popup showed (then calls
     * `onKeptRead`); then the background's snapshot (setup, last privacy, a running create) readies the
     * form, and the service refreshes all.
     */
    async start(onKeptRead?: () => void): Promise<void> {
      const recentKept = kept.recent();
      const { page: checked, windowId: tabWindow } = await env.readCurrentTab();
      windowId = tabWindow;
      page.value = checked;
      const pageKept = checked.reportable ? await kept.pageReport(checked.url) : null;
      paintCached(pageKept, await recentKept);
      onKeptRead?.();
      // The follower's news come after: its reads would only slow those of the first paint, which already
      // shows each report as last seen. A model disposed meanwhile (the side panel moved on) watches nothing.
      if (disposed) return;
      stopWatching ??= env.watchFollowed(onFollowed);
      const snapshot = await send('popup.snapshot', checked.reportable ? { url: checked.url } : {});
      if (!snapshot.ok) {
        // The background could not even read its cache: say so where the data would be.
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
      await Promise.all([refresh(), run ? form.resume(run) : null]);
    },

    refresh,

    async setSiteOnly(only: boolean): Promise<void> {
      siteOnly.value = only;
      const host = recentHost();
      // Paint that list's kept copy (if any) while the fresh one comes.
      const cached = await kept.recent(host);
      if (siteOnly.value !== only) return; // toggled again meanwhile: the newer toggle paints
      recent.value = cached
        ? { value: cached.data, fetchedAt: cached.fetchedAt, state: 'loading', error: null }
        : nothingYet();
      await refreshRecent();
    },

    async regenerate(): Promise<void> {
      const report = pageReport.value.value;
      if (!report || regenerating.value) return;
      batch(() => {
        regenerating.value = true;
        regenerateError.value = null;
        regenerateRecheck.value = null;
      });
      const answer = await send('reports.update', { id: report.id, regenerate: true });
      regenerating.value = false;
      if (answer.ok) {
        showReport(answer.data);
        announcement.value = t('popupNewResultsRequested');
      } else if (answer.error.kind === 'not_configured') {
        setup.value = 'missing';
      } else if (answer.error.retrySafe === false) {
        // It may have been done: show the report as it is now (the error offers no Retry).
        regenerateError.value = answer.error;
        regenerated = report;
        await readAgain(report);
      } else if (answer.error.kind === 'not_found') {
        // Deleted elsewhere: the card goes, and the page says why (the error outlives the card).
        forgetReport(report.id);
        regenerateError.value = answer.error;
      } else {
        regenerateError.value = answer.error;
      }
    },

    /** Reads the report again after a regenerate that may have happened. */
    readAgain: () => (regenerated ? readAgain(regenerated) : Promise.resolve()),

    openDetails: (id: ReportId) => open({ view: 'report', id }),
    openAllReports: () => open({ view: 'reports' }),
    openSettings: () => open({ view: 'settings' }),
    /** Call in the click itself. Once the panel is open it shows what the popup did: the popup goes. */
    openSidePanel() {
      sidePanelFailed.value = false;
      env.openSidePanel?.(windowId).then(
        () => env.closePopup(),
        () => (sidePanelFailed.value = true),
      );
    },
    close: () => env.closePopup(),
    now: () => env.now(),

    /** Stops watching the follower (tests; a closing popup stops anyway). */
    dispose() {
      disposed = true;
      stopWatching?.();
      stopWatching = null;
    },
  };
}
