// The popup's state and actions: it paints what the background kept (lib/report-store), then asks for fresh data.
import type { ApiError, Result } from '@/lib/api/errors';
import type { ReportSummary, ReportId } from '@/lib/api/types';
import { RECENT_COUNT, type Cached, type CreateRunState } from '@/lib/messaging/protocol';
import { send } from '@/lib/messaging/send';
import { openOptions, type OptionsLink } from '@/lib/options-route';
import { browser } from '@/lib/page-browser';
import { checkPage, withoutTracking, type PageCheck } from '@/lib/page-url';
import { reportKey, sameId } from '@/lib/report-id';
import { watchFollowed, type Followed, type FollowState } from '@/lib/following';
import { isGenerating, shownState, type ShownState } from '@/lib/report-state';
import { createCreateForm } from './create-form';
import { readStore } from '@/lib/report-store';
import { watchActiveItem } from '@/lib/connection-space';
import { STORE_KEY } from '@/lib/storage-keys';
import { batch, effect, signal } from '@preact/signals';
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

/**
 * Whether a create could make a second report (the service makes one on every create). none: the service
 * just said there is none; pending: being looked up; exists: one is shown, a kept copy too; unknown: the
 * lookup failed, so there may be one.
 */
export type CreateGuard = 'none' | 'pending' | 'exists' | 'unknown';

export function createGuard(shown: Shown<ReportSummary | null>): CreateGuard {
  if (shown.value) return 'exists';
  if (shown.error) return 'unknown';
  return shown.state === 'fresh' && shown.value === null ? 'none' : 'pending';
}

/**
 * The popup's one write at a time (both buttons wait while one is pending): a create or a regenerate. A
 * create first waits for the page's lookup (checking), and asks where the page has a report or may have
 * one (exists, unknown).
 */
export interface Write {
  kind: 'create' | 'regenerate';
  step: 'checking' | 'exists' | 'unknown' | 'pending' | 'failed';
  since: number;
  /** The page's report before it: what a lookup after a write that may have happened compares with. */
  before: ReportSummary | null;
  error: ApiError | null;
  /** Instead of a Retry that could write twice: looking, what it found, or why it could not look. */
  look: 'looking' | 'found' | 'none' | ApiError | null;
}

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

/** What a kept copy (null: none) shows until the service answers. */
const painted = <T>(kept: Cached<T> | null): Shown<T> =>
  kept ? { ...nothingYet(), value: kept.data, fetchedAt: kept.fetchedAt } : nothingYet();

/** A value shown from a kept copy, then `ask`'s answer; the newest load, or a value set here, wins. */
function shownValue<T>(ask: () => Promise<Result<Cached<T>>> | null, onNotConfigured: () => void) {
  const shown = signal<Shown<T>>(nothingYet());
  let version = 0;
  let loads = 0;
  /** What `paint` showed, until `loadPainted`. */
  let painting: { copy: Cached<T> | null; shows: Shown<T>; loads: number } | null = null;

  /** Takes a copy younger than `freshForMs` as the answer, else asks; load `asked` may have been overtaken. */
  async function answer(copy: Cached<T> | null | undefined, freshForMs: number, asked: number) {
    const age = copy ? Date.now() - copy.fetchedAt : Infinity;
    if (copy && age >= 0 && age < freshForMs) return void (shown.value = answered(copy));
    const request = ask();
    if (!request) return;
    shown.value = { ...shown.value, state: 'loading', error: null };
    const result = await request;
    if (asked !== version) return;
    if (!result.ok && result.error.kind === 'not_configured') onNotConfigured();
    shown.value = result.ok ? answered(result.data) : { ...shown.value, state: 'saved', error: result.error };
  }

  return Object.assign(shown, {
    /**
     * Shows the answer, or keeps the value and says why not. Given the kept copy of what is now asked for,
     * shows it first, or takes it as the answer when younger than `freshForMs`.
     */
    async load(kept?: Promise<Cached<T> | null> | Cached<T> | null, freshForMs = 0): Promise<void> {
      const asked = ++version;
      loads++;
      // Awaited only when still being read: an answer already known is shown at once.
      const copy = kept instanceof Promise ? await kept : kept;
      if (asked !== version) return;
      if (kept !== undefined) shown.value = painted(copy ?? null);
      return answer(copy, freshForMs, asked);
    },
    /** Shows the kept copy while nothing was loaded yet. */
    paint(copy: Cached<T> | null) {
      if (loads > 0) return;
      shown.value = painted(copy);
      painting = { copy, shows: shown.value, loads };
    },
    /**
     * Asks for what `paint` showed, without painting it again. A load since asks for what is shown now; news
     * set since is newer than the copy, which is then not taken as the answer.
     */
    async loadPainted(freshForMs: number): Promise<void> {
      const from = painting;
      painting = null;
      if (!from || from.loads !== loads) return;
      const asked = ++version;
      return answer(shown.peek() === from.shows ? from.copy : undefined, freshForMs, asked);
    },
    set(value: T) {
      version++;
      shown.value = answered({ data: value, fetchedAt: Date.now() });
    },
  });
}

export type PopupModel = ReturnType<typeof createPopupModel>;

/** `panel`: the side panel's page, and how young a kept copy is shown as the answer without asking. */
export function createPopupModel(panel?: { page: PageCheck; freshForMs: number }) {
  const kept = readStore();
  const openSidePanel = panel ? null : sidePanelOpener();
  const closePopup = () => {
    if (!panel) window.close();
  };
  const page = signal<PageCheck | null>(null);
  const setup = signal<Setup>('unknown');
  const notConfigured = () => {
    setup.value = 'missing';
  };
  const siteOnly = signal(false);
  const pageUrl = () => (page.value?.reportable ? page.value.url : null);
  const cleanAddress = () => (page.value?.reportable ? withoutTracking(page.value.url) : null);
  const recentHost = () => (siteOnly.value && page.value?.reportable ? page.value.host : undefined);
  const pageReport = shownValue<ReportSummary | null>(() => {
    const url = pageUrl();
    return url ? send('popup.pageReport', { url }) : null;
  }, notConfigured);
  const recent = shownValue<ReportSummary[]>(() => {
    const host = recentHost();
    return send('popup.recentReports', host ? { host } : {});
  }, notConfigured);
  const write = signal<Write | null>(null);
  /** Said in a live region. */
  const announcement = signal('');
  const sidePanelFailed = signal(false);
  const form = createCreateForm();
  // Known before any click: the side panel must open within it, with nothing awaited.
  let windowId: number | undefined;

  const isPageReport = (id: ReportId) => !!pageReport.value.value && sameId(pageReport.value.value.id, id);
  const busy = () => !!write.value && write.value.step !== 'failed';

  // The background follows every report still generating; the popup only hears what it found.
  let stopWatching: (() => void) | null = null;
  let stopStore: (() => void) | null = null;
  let disposed = false;
  const followStates = signal<ReadonlyMap<string, FollowState>>(new Map());
  const pageReportState = (report: ReportSummary): ShownState =>
    shownState(report, Date.now(), followStates.value.get(reportKey(report.id)));
  function onFollowed(changed: Followed[], all: Followed[]) {
    const before = pageReport.value.value;
    const was = before && pageReportState(before);
    // The first news holds every entry: a wait given up before the popup opened is not news.
    const followedBefore = !!before && followStates.value.has(reportKey(before.id));
    followStates.value = new Map(all.map((entry) => [reportKey(entry.id), entry.state]));
    for (const entry of changed) {
      if (entry.state === 'gone') update(entry.id, null);
      else if (entry.report) update(entry.id, entry.report);
    }
    // A result, or the end of the wait for one, while this popup watched: said once, as it changes.
    const after = pageReport.value.value;
    const state = after && pageReportState(after);
    if (was && state && state !== was && (state === 'scored' || (followedBefore && state !== 'generating'))) {
      announcement.value =
        state === 'scored'
          ? t('popupResultReady')
          : state === 'no_score'
            ? t('popupNoScoreGiven')
            : t('fieldsNotFinished');
    }
    const stopped = changed.find((entry) => entry.state === 'stopped' && isPageReport(entry.id));
    if (stopped?.error?.kind === 'not_configured') notConfigured();
    else if (stopped?.error) pageReport.value = { ...pageReport.value, state: 'saved', error: stopped.error };
  }

  /** Shows `report` wherever report `id` is shown; null: it is gone. */
  function update(id: ReportId, report: ReportSummary | null) {
    batch(() => {
      if (isPageReport(id)) pageReport.set(report);
      const items = recent.value.value;
      // A report not on the list leaves it as it is: no new list, no render of its rows.
      if (!items?.some((item) => sameId(item.id, id))) return;
      const value = items.flatMap((item) => (!sameId(item.id, id) ? [item] : report ? [report] : []));
      recent.value = { ...recent.value, value };
    });
  }

  /**
   * The side panel's page as the background keeps it: a report created for it elsewhere (the toolbar popup)
   * shows, and a Create here asks first. A lookup under way answers for itself.
   */
  function watchStore() {
    return watchActiveItem(STORE_KEY, async (catalog) => {
      const url = pageUrl();
      const stored = url ? await readStore(undefined, catalog).pageReport(url) : null;
      const shown = pageReport.peek();
      if (!stored || pageUrl() !== url || shown.state === 'loading') return;
      if (stored.fetchedAt > (shown.fetchedAt ?? -Infinity)) pageReport.value = answered(stored);
    });
  }

  async function refresh(): Promise<void> {
    await Promise.all([pageReport.load(), recent.load()]);
  }

  function begin(kind: Write['kind'], step: Write['step'], since = Date.now()): Write {
    const started = { kind, step, since, before: pageReport.value.value ?? null, error: null, look: null };
    return (write.value = started);
  }

  /** Sends a write and shows what came of it; one that may have happened is looked for, never retried. */
  async function run(started: Write, request: Promise<Result<ReportSummary | null>>): Promise<void> {
    const url = pageUrl();
    const answer = await request;
    // The side panel moved on: a failure the background keeps is the next view's of this page to show.
    if (disposed) return;
    if (answer.ok) {
      write.value = null;
      // A create the background no longer runs (its worker stopped): the lookup says what became of it.
      const report = answer.data;
      if (!report) return refresh();
      if (started.kind === 'regenerate') {
        update(report.id, report);
        return void (announcement.value = t('popupNewResultsRequested'));
      }
      pageReport.set(report);
      // The service stores a page's report under its site, so it belongs to "This site only" too.
      const items = [report, ...(recent.value.value ?? [])].slice(0, RECENT_COUNT);
      recent.value = { ...recent.value, value: items };
      return void (announcement.value = t('popupReportCreated'));
    }
    const { error } = answer;
    if (error.kind === 'not_configured') {
      write.value = null;
      return notConfigured();
    }
    write.value = { ...started, step: 'failed', error };
    if (started.kind === 'create') {
      form.fieldErrors.value = error.fieldErrors ?? {};
      if (url) void send('popup.forgetCreate', { url });
    }
    if (error.retrySafe === false) await lookAgain();
    else if (error.kind === 'not_found' && started.before) update(started.before.id, null);
  }

  async function lookAgain(): Promise<void> {
    const failed = write.value;
    if (failed?.step !== 'failed') return;
    const looking = (write.value = { ...failed, look: 'looking' });
    await refresh();
    if (write.value !== looking) return;
    const { value: report, error } = pageReport.value;
    const found = !!report && showsWrite(report, failed.before, failed.since);
    write.value = { ...looking, look: error ?? (found ? 'found' : 'none') };
  }

  function createNow(url: string): Promise<void> {
    const started = begin('create', 'pending');
    form.fieldErrors.value = {};
    return run(started, send('reports.create', form.takePayload(url)));
  }

  /** Resolves once the page's lookup answered. */
  function settled() {
    return new Promise<void>((resolve) => {
      const stop = effect(() => {
        if (createGuard(pageReport.value) === 'pending') return;
        resolve();
        queueMicrotask(() => stop());
      });
    });
  }

  /** A create an earlier popup started, shown as this popup's own. */
  function resume(create: CreateRunState): Promise<void> | undefined {
    const url = pageUrl();
    if (!url || busy()) return;
    const started = begin('create', 'pending', create.startedAt);
    const answer = create.error
      ? Promise.resolve({ ok: false as const, error: create.error })
      : send('popup.awaitCreate', { url });
    return run(started, answer);
  }

  async function open(link: OptionsLink) {
    await openOptions(link);
    closePopup();
  }

  return {
    page,
    setup,
    pageReport,
    pageReportState,
    recent,
    siteOnly,
    write,
    /** The write of this kind, when it is the one under way or the last one that failed. */
    writeOf: (kind: Write['kind']) => (write.value?.kind === kind ? write.value : null),
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
      batch(() => {
        if (setup.value === 'unknown' && (pageKept || recentCached)) setup.value = 'cached';
        pageReport.paint(pageKept);
        recent.paint(recentCached);
      });
      onKeptRead?.();
      // A model disposed meanwhile (the side panel moved on) watches nothing.
      if (disposed) return;
      stopWatching ??= watchFollowed(onFollowed);
      // A popup closes before its page changes elsewhere: its start reads nothing more.
      if (panel) stopStore ??= watchStore();
      const snapshot = await send('popup.snapshot', checked.reportable ? { url: checked.url } : {});
      if (!snapshot.ok) {
        setup.value = 'ready';
        pageReport.value = { ...pageReport.value, state: 'saved', error: snapshot.error };
        recent.value = { ...recent.value, state: 'saved', error: snapshot.error };
        return;
      }
      if (!snapshot.data.configured) return notConfigured();
      batch(() => {
        form.restorePrivacy(snapshot.data.lastPrivacy);
        setup.value = 'ready';
      });
      const freshForMs = panel?.freshForMs ?? 0;
      await Promise.all([
        pageReport.loadPainted(freshForMs),
        recent.loadPainted(freshForMs),
        snapshot.data.create ? resume(snapshot.data.create) : null,
      ]);
    },

    refresh,

    /** The page's address without its tracking parameters, when it has some. */
    cleanAddress,

    /**
     * Looks up and creates the clean address from now on: a report of the page, not of one visit. Not while a
     * write is sent: its answer is the tracked address's.
     */
    async useCleanAddress(): Promise<void> {
      const clean = cleanAddress();
      if (!clean || write.value?.step === 'pending') return;
      const checked = checkPage(clean.url);
      batch(() => {
        page.value = checked;
        pageReport.value = nothingYet();
        if (!busy()) write.value = null;
        announcement.value = t('popupUsingCleanAddress');
      });
      await pageReport.load(kept.pageReport(clean.url));
    },

    async setSiteOnly(only: boolean): Promise<void> {
      siteOnly.value = only;
      await recent.load(kept.recent(recentHost()));
    },

    /**
     * Sends exactly one create, however often it is called while a write is under way. Where the page has a
     * report, or may have one, it asks first; while the page is being looked up, it waits.
     */
    async create(): Promise<void> {
      const url = pageUrl();
      if (busy() || !url || !form.passwordGiven()) return;
      if (createGuard(pageReport.value) === 'pending') {
        begin('create', 'checking');
        await settled();
        // The page changed meanwhile (its clean address taken, or the side panel moved on): nothing is sent.
        if (pageUrl() !== url || disposed) return void (write.value = null);
      }
      const found = createGuard(pageReport.value);
      if (found === 'exists' || found === 'unknown') begin('create', found);
      else await createNow(url);
    },

    /** Creates one after all, as asked. */
    async confirm(): Promise<void> {
      const url = pageUrl();
      if (url && (write.value?.step === 'exists' || write.value?.step === 'unknown')) await createNow(url);
    },

    cancel() {
      write.value = null;
    },

    async regenerate(): Promise<void> {
      const report = pageReport.value.value;
      if (!report || busy()) return;
      await run(begin('regenerate', 'pending'), send('reports.update', { id: report.id, regenerate: true }));
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
      stopStore?.();
      stopWatching = stopStore = null;
    },
  };
}

// Where focus starts: on this page's action (Create report, or Regenerate once a report is found). A later
// answer may move it from where the popup put it; once the person pressed a key or clicked, it stays theirs.
function createStartFocus() {
  let acted = false;
  let placed: HTMLElement | null = null;
  return {
    place(element: HTMLElement | null | undefined): void {
      // Not from where focus went otherwise (the side panel's footer stays while its page changes).
      const current = document.activeElement;
      const free = !current || current === document.body || current === placed;
      if (acted || !element || !free) return;
      element.focus();
      if (document.activeElement === element) placed = element;
    },
    personActed(): void {
      acted = true;
    },
  };
}
