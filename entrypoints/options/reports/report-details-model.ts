// One report's details panel. While a result is generated the background's follower reads it again
// (lib/following): the panel watches what it finds and never polls.
import { batch, computed, effect, signal, untracked, type ReadonlySignal } from '@preact/signals';
import type { ApiError, Result } from '@/lib/api/errors';
import { PRIVACY, type Privacy, type Report, type ReportSummary } from '@/lib/api/types';
import { summaryOf } from '@/lib/api/summary';
import { watchFollowed, type Followed } from '@/lib/following';
import { readHistory, type Snapshot } from '@/lib/history';
import { t } from '@/lib/i18n';
import { send } from '@/lib/messaging/send';
import { reportKey } from '@/lib/report-id';
import { shownState, type ShownState } from '@/lib/report-state';
import { latestOnly } from '../list/latest-only';

export type DetailsWrite = 'save' | 'regenerate';

/** What the person changed in the form: a privacy they picked, a password they typed. */
export interface DetailsChanges {
  privacy?: Privacy;
  password?: string;
}

export interface ReportDetailsOptions {
  /** A report the service returned after a write or a re-read, for the table to show too. */
  onReportChanged?: (report: ReportSummary) => void;
  /** The service said the report is gone (not found): its row leaves the table. */
  onReportGone?: (id: Report['id']) => void;
}

const regenerating = () => t('reportsRegenerating');
export const nothingToSave = () => t('reportsNothingToSave');

/** The update to send for `changes`, or null when nothing differs from `current`. */
function saveInput(current: Report, changes: DetailsChanges): { privacy: Privacy; password?: string } | null {
  const privacy = changes.privacy ?? current.privacy;
  const privacyChanged = changes.privacy !== undefined && changes.privacy !== current.privacy;
  // The API takes a password only beside privacy Password (the background client's updateBody).
  const password = privacy === PRIVACY.password && changes.password ? changes.password : undefined;
  if (privacy === null || (!privacyChanged && !password)) return null;
  return password ? { privacy, password } : { privacy };
}

/** What reading the report again showed after a regenerate that may have happened. */
function afterRecheck(before: Report, after: Report, state: ShownState): string {
  if (state === 'generating') return regenerating();
  const changed = after.generatedAt !== before.generatedAt || after.updatedAt !== before.updatedAt;
  return changed ? t('reportsRecheckChanged') : t('reportsRecheckUnchanged');
}

function noticeAfterWaiting(state: ShownState | null): string | null {
  if (state === 'scored') return t('reportsNewResultsReady');
  // "The service gave this report no score." (or "No result yet…") shows beside the result: once is enough.
  return state === 'no_score' || state === 'unfinished' ? null : regenerating();
}

const isGone = (result: Result<unknown>) => !result.ok && result.error.kind === 'not_found';

/** `id`: the report the address names (null: none), which the panel shows. */
export function createReportDetailsModel(
  id: ReadonlySignal<string | null>,
  options: ReportDetailsOptions = {},
) {
  const report = signal<Report | null>(null);
  const gone = signal(false);
  const loading = signal(false);
  const loadError = signal<ApiError | null>(null);
  const writing = signal<DetailsWrite | null>(null);
  const writeError = signal<{ write: DetailsWrite; error: ApiError } | null>(null);
  const said = signal<string | null>(null);
  const history = signal<readonly Snapshot[] | null>(null);
  /** The follower's newest word on each report it follows (or followed a moment ago). */
  const followed = signal(new Map<string, Followed>());
  // The follower's word wins: a report without dates would otherwise look "Generating…" for ever.
  const score = computed(() => {
    const current = report.value;
    return current && shownState(current, Date.now(), followed.value.get(reportKey(current.id))?.state);
  });
  // "Regenerating…" gives way to what the wait ended in.
  const notice = computed(() =>
    said.value === regenerating() ? noticeAfterWaiting(score.value) : said.value,
  );
  /** The analysis whose history was last asked for: a read for any other is dropped. */
  let historyOf: string | null = null;
  const readLatest = latestOnly((reportId: string) => send('reports.get', { id: reportId }));
  const stopWatching = watchFollowed((changed, all) => {
    followed.value = new Map(all.map((entry) => [reportKey(entry.id), entry]));
    const entry = changed.find((item) => reportKey(item.id) === id.peek());
    if (entry) heard(entry);
  });

  const stopShowing = effect(() => {
    const next = id.value;
    untracked(() => {
      readLatest.invalidate();
      historyOf = null;
      batch(() => {
        history.value = null;
        report.value = null;
        gone.value = false;
        loadError.value = null;
        writeError.value = null;
        said.value = null;
        loading.value = false;
      });
      if (next !== null) void load(next);
    });
  });

  function heard(entry: Followed) {
    const reportId = reportKey(entry.id);
    if (entry.state === 'gone') {
      batch(() => {
        if (entry.error) loadError.value = entry.error;
        markGone(reportId);
      });
      return;
    }
    // A copy other than the one on show: the follower keeps a summary, so the panel reads the whole
    // report again, unless its own read or change is on its way.
    const shown = report.peek();
    const fresh =
      entry.report && shown && JSON.stringify(entry.report) !== JSON.stringify(summaryOf(shown))
        ? entry.report
        : null;
    const answerOnItsWay = loading.peek() || writing.peek() !== null;
    // A failure waiting cannot fix, or the one the follower gave up on: say what failed.
    if (entry.error && (entry.state === 'stopped' || entry.state === 'no_score'))
      loadError.value = entry.error;
    else if (fresh) loadError.value = null;
    if (fresh) options.onReportChanged?.(fresh);
    if (fresh && !answerOnItsWay) void load(reportId);
  }

  /** Null when the answer is no longer wanted. */
  async function load(reportId: string): Promise<Result<Report> | null> {
    loading.value = true;
    const { current, value: result } = await readLatest(reportId);
    if (!current) return null;
    batch(() => {
      loading.value = false;
      loadError.value = result.ok ? null : result.error;
      if (result.ok) showReport(result.data);
      else if (isGone(result)) markGone(reportId);
    });
    return result;
  }

  /** After a regenerate that may have happened: read the report again and say what it shows. */
  async function recheck(reportId: string, before: Report) {
    said.value = t('reportsRechecking');
    const result = await load(reportId);
    if (!result) return;
    // A failure is shown as the read's, with its Retry, so the person can look again.
    said.value = result.ok ? afterRecheck(before, result.data, score.peek() ?? 'scored') : null;
    if (result.ok) options.onReportChanged?.(result.data);
  }

  function showReport(next: Report) {
    report.value = next;
    const reportId = reportKey(next.id);
    const analysis = `${reportId} ${next.generatedAt ?? ''}`;
    if (analysis === historyOf) return;
    historyOf = analysis;
    void readHistory()
      .snapshots(reportId)
      .then((snapshots) => {
        if (historyOf === analysis) history.value = snapshots;
      });
  }

  function markGone(reportId: Report['id']) {
    gone.value = true;
    options.onReportGone?.(reportId);
  }

  async function write(kind: DetailsWrite, changes: DetailsChanges | null): Promise<Result<Report>> {
    // The form that writes exists only beside a report on show.
    const current = report.peek()!;
    const update = changes ? saveInput(current, changes) : null;
    if (changes && !update) {
      batch(() => {
        writeError.value = null;
        said.value = nothingToSave();
      });
      return { ok: true, data: current };
    }
    batch(() => {
      writing.value = kind;
      writeError.value = null;
      said.value = null;
    });
    const result = await send('reports.update', { id: current.id, ...(update ?? { regenerate: true }) });
    writing.value = null;
    // The person may have opened another report meanwhile: this answer is not for the panel on show,
    // but a report the service says is gone leaves the table all the same.
    if (reportKey(current.id) !== id.peek()) {
      if (isGone(result)) options.onReportGone?.(current.id);
      return result;
    }
    if (!result.ok) {
      // New results that may be on their way (the error offers no Retry): read the report instead.
      const maybe = kind === 'regenerate' && result.error.retrySafe === false;
      batch(() => {
        writeError.value = { write: kind, error: result.error };
        if (isGone(result)) markGone(current.id);
      });
      if (maybe) await recheck(reportKey(current.id), current);
      return result;
    }
    batch(() => {
      showReport(result.data);
      said.value =
        kind === 'save'
          ? t('reportsChangesSaved')
          : score.peek() === 'generating'
            ? regenerating()
            : t('reportsResultsRegenerated');
    });
    options.onReportChanged?.(result.data);
    return result;
  }

  return {
    id,
    report: report as ReadonlySignal<Report | null>,
    scoreState: score,
    /** The service said this report no longer exists: nothing can be changed any more. */
    gone: gone as ReadonlySignal<boolean>,
    loading: loading as ReadonlySignal<boolean>,
    loadError: loadError as ReadonlySignal<ApiError | null>,
    writing: writing as ReadonlySignal<DetailsWrite | null>,
    writeError: writeError as ReadonlySignal<{ write: DetailsWrite; error: ApiError } | null>,
    /** What the last write did, in a sentence. */
    notice,
    /** The report's analyses the extension has seen, oldest first; null until read. */
    history: history as ReadonlySignal<readonly Snapshot[] | null>,
    reload() {
      const current = id.peek();
      if (current !== null) void load(current);
    },
    /** Sends only what differs from the report on show; the password is kept nowhere. */
    save: (changes: DetailsChanges) => write('save', changes),
    regenerate: () => write('regenerate', null),
    dispose() {
      stopShowing();
      stopWatching();
      readLatest.invalidate();
    },
  };
}

export type ReportDetailsModel = ReturnType<typeof createReportDetailsModel>;
