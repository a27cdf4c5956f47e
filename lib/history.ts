// A page's score over time: one snapshot per analysis seen, in storage.local per connection: one key per
// report, and an index of each report's last two scores, so a list of 100 rows reads one key. Only the
// background writes it (createHistory): phpRank overwrites a report when it is regenerated, only here do
// earlier scores survive.
import * as z from 'zod/mini';
import type { Budget } from '@/entrypoints/background/storage-budget';
import { bandOfScore, roundScore } from './api/score';
import { REPORT_RESULTS, type Report, type ReportId } from './api/types';
import { keysOf, spaceKey, watchActiveItem } from './connection-space';
import { clip } from './format';
import { browser } from './page-browser';
import { reportKey } from './report-id';
import { checkCategory, checkImportance } from './report-store';

export const historyName = (reportId: string) => `history:${reportId}`;
export const HISTORY_INDEX_NAME = 'historyIndex';

/** Snapshots kept per report; beyond it older ones are thinned. */
export const MAX_SNAPSHOTS = 100;
/** Failed tests kept per snapshot (phpRank has 33 tests); the counts stay exact. */
const MAX_FAILED = 50;
const MAX_VALUE = 80;

const score = z.nullable(z.number());
const count = z.number();

const snapshotFailure = z.object({
  key: z.string(),
  /** Older snapshots lack it. */
  name: z.optional(z.string()),
  importance: checkImportance,
  category: checkCategory,
  /** The short detail ("2.8 s (limit 2 s)"). */
  value: z.nullable(z.string()),
});
export type SnapshotFailure = z.infer<typeof snapshotFailure>;

const snapshotSchema = z.object({
  generatedAt: z.string(),
  /** When the extension first saw this analysis. */
  takenAt: z.number(),
  /** Whole, 0 to 100; null when the service sent only a word. */
  score,
  band: z.nullable(z.enum(REPORT_RESULTS)),
  counts: z.object({ high: count, medium: count, low: count, passed: count }),
  failed: z.array(snapshotFailure),
});
export type Snapshot = z.infer<typeof snapshotSchema>;

const indexedAnalysis = z.object({ generatedAt: z.string(), score });

const historyEntrySchema = z.object({
  last: indexedAnalysis,
  previous: z.nullable(indexedAnalysis),
  count,
  bytes: count,
  /** When a snapshot was last added: the reports untouched longest lose their history first. */
  touched: z.number(),
  /** So deleting a project removes its reports' histories. */
  project: z.optional(z.nullable(z.string())),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

const historyIndexSchema = z.record(z.string(), historyEntrySchema);
export type HistoryIndex = z.infer<typeof historyIndexSchema>;

export const historyIndexFrom = (value: unknown): HistoryIndex =>
  historyIndexSchema.safeParse(value).data ?? {};
const historyFrom = (value: unknown): Snapshot[] => z.array(snapshotSchema).safeParse(value).data ?? [];

/** Connection `connectionId`'s history (by default the active one's); what fails to read is none. */
export function readHistory(connectionId?: string) {
  const key = keysOf(connectionId);
  async function get(name: string): Promise<unknown> {
    const stored = await key(name);
    return (await browser.storage.local.get(stored))[stored];
  }
  return {
    snapshots: (reportId: string | number) => get(historyName(String(reportId))).then(historyFrom, () => []),
    async histories(reportIds: readonly string[]): Promise<Snapshot[][]> {
      const keys = await Promise.all(reportIds.map((id) => key(historyName(id))));
      const stored = await browser.storage.local.get(keys).catch(() => ({}) as Record<string, unknown>);
      return keys.map((each) => historyFrom(stored[each]));
    },
    index: (): Promise<HistoryIndex> => get(HISTORY_INDEX_NAME).then(historyIndexFrom, () => ({})),
  };
}

/** Calls `listener` with the active connection's history of report `reportId` now and after every change. */
export const watchSnapshots = (reportId: string | number, listener: (snapshots: Snapshot[]) => void) =>
  watchActiveItem(historyName(String(reportId)), (value) => listener(historyFrom(value)), 'local');

/**
 * Connection `connectionId`'s history, written within `budget` while `keeping()` (the person's setting, handed
 * in by the background so the pages' reader stays free of the settings module): each analysis not kept yet.
 * Nothing once `gone` (its connection removed or saved as another account; checked in the queue, as in the store).
 */
export function createHistory(
  connectionId: string,
  { serially, set }: Budget,
  now: () => number,
  keeping: () => Promise<boolean>,
  gone?: AbortSignal,
) {
  const local = browser.storage.local;
  const indexKey = spaceKey(connectionId, HISTORY_INDEX_NAME);
  const historyKey = (id: string) => spaceKey(connectionId, historyName(id));
  const readIndex = async () => historyIndexFrom((await local.get(indexKey))[indexKey]);

  function forgetWhere(pick: (id: string, entry: HistoryEntry) => boolean): Promise<void> {
    return serially(async () => {
      const index = await readIndex();
      const ids = Object.keys(index).filter((id) => pick(id, index[id]!));
      if (gone?.aborted || ids.length === 0) return;
      for (const id of ids) delete index[id];
      await local.remove(ids.map(historyKey));
      await set({ [indexKey]: index });
    });
  }

  return {
    note: (reports: readonly Report[]): Promise<void> =>
      serially(async () => {
        if (gone?.aborted || !(await keeping())) return;
        const index = await readIndex();
        // Only an analysis that is not the last one kept costs a read: a list of 100 seen again, none.
        const taken = reports.flatMap((report) => {
          const snapshot = snapshotOf(report, now());
          const id = reportKey(report.id);
          return snapshot && index[id]?.last.generatedAt !== snapshot.generatedAt
            ? [{ id, snapshot, project: report.project }]
            : [];
        });
        if (taken.length === 0) return;
        const stored = await local.get(taken.map(({ id }) => historyKey(id)));
        const writes: Record<string, readonly Snapshot[]> = {};
        for (const { id, snapshot, project } of taken) {
          const before = writes[historyKey(id)] ?? historyFrom(stored[historyKey(id)]);
          const after = addSnapshot(before, snapshot);
          if (after === before) continue;
          writes[historyKey(id)] = after;
          index[id] = entryOf(after, project, now());
        }
        await set({ ...writes, [indexKey]: index });
      }),

    /** A report deleted, or gone from the service. */
    forget: (id: ReportId) => forgetWhere((each) => each === reportKey(id)),

    forgetProject: (name: string) => forgetWhere((_id, entry) => entry.project === name),

    clear: () => forgetWhere(() => true),
  };
}

function entryOf(history: readonly Snapshot[], project: string | null, touched: number): HistoryEntry {
  const analysis = (snapshot: Snapshot) => ({ generatedAt: snapshot.generatedAt, score: snapshot.score });
  const previous = history.at(-2);
  return {
    last: analysis(history.at(-1)!),
    previous: previous ? analysis(previous) : null,
    count: history.length,
    bytes: jsonBytes(history),
    touched,
    project,
  };
}

export function historyUsage(index: HistoryIndex) {
  const entries = Object.values(index);
  return {
    reports: entries.length,
    analyses: entries.reduce((sum, entry) => sum + entry.count, 0),
    bytes: entries.reduce((sum, entry) => sum + entry.bytes, 0),
  };
}

/** When an analysis ran; when the service's date cannot be read, when it was seen. */
export function analysisTime(snapshot: Pick<Snapshot, 'generatedAt' | 'takenAt'>): number {
  const time = Date.parse(snapshot.generatedAt);
  return Number.isNaN(time) ? snapshot.takenAt : time;
}

/** null without a date, a score or band, or tests (what an analysis fixed could not be told). */
export function snapshotOf(report: Report, takenAt: number): Snapshot | null {
  if (!report.generatedAt || !report.checks) return null;
  const score = report.score === null ? null : roundScore(report.score);
  const band = report.result ?? (score === null ? null : bandOfScore(score));
  if (score === null && band === null) return null;
  const checks = report.checks;
  return {
    generatedAt: report.generatedAt,
    takenAt,
    score,
    band,
    counts: { ...checks.counts },
    failed: checks.failures.slice(0, MAX_FAILED).map((check) => ({
      key: check.key,
      name: check.name,
      importance: check.importance,
      category: check.category,
      value: check.detail && clip(check.detail, MAX_VALUE),
    })),
  };
}

/** `snapshot` added in date order, thinned to MAX_SNAPSHOTS; the same list when it holds that analysis. */
export function addSnapshot(history: readonly Snapshot[], snapshot: Snapshot): readonly Snapshot[] {
  if (history.some((each) => each.generatedAt === snapshot.generatedAt)) return history;
  return thin([...history, snapshot].sort((a, b) => analysisTime(a) - analysisTime(b)));
}

/** Drops the snapshots whose neighbours are closest in time, never the first or last: the timeline stays spread. */
function thin(history: Snapshot[]): Snapshot[] {
  while (history.length > MAX_SNAPSHOTS) {
    let drop = 1;
    for (let i = 2; i < history.length - 1; i++) {
      if (gapAround(history, i) < gapAround(history, drop)) drop = i;
    }
    history.splice(drop, 1);
  }
  return history;
}

function gapAround(history: readonly Snapshot[], index: number): number {
  return analysisTime(history[index + 1]!) - analysisTime(history[index - 1]!);
}

/** What storage counts: the UTF-8 bytes of the JSON. */
export function jsonBytes(value: unknown): number {
  return new TextEncoder().encode(JSON.stringify(value)).length;
}

export interface CheckChange extends SnapshotFailure {
  /** Still failing: the older analysis's value. */
  valueBefore?: string | null;
}

export function compareSnapshots(older: Snapshot, newer: Snapshot) {
  const before = new Map(older.failed.map((failure) => [failure.key, failure]));
  const after = new Set(newer.failed.map((failure) => failure.key));
  return {
    scoreChange: older.score === null || newer.score === null ? null : newer.score - older.score,
    fixed: older.failed.filter((failure) => !after.has(failure.key)),
    broken: newer.failed.filter((failure) => !before.has(failure.key)),
    stillFailing: newer.failed
      .filter((failure) => before.has(failure.key))
      .map((failure): CheckChange => ({ ...failure, valueBefore: before.get(failure.key)!.value })),
  };
}

export interface ScoreChange {
  previous: number;
  change: number;
}

/** Since the analysis before, as the index tells it; the index may not hold the newest analysis yet. */
export function scoreChangeOf(
  entry: HistoryEntry | undefined,
  report: { generatedAt: string | null; score: number | null },
): ScoreChange | null {
  if (!entry || report.generatedAt === null || report.score === null) return null;
  const previous =
    entry.last.generatedAt === report.generatedAt
      ? entry.previous
      : Date.parse(entry.last.generatedAt) < Date.parse(report.generatedAt)
        ? entry.last
        : null;
  if (!previous || previous.score === null) return null;
  return { previous: previous.score, change: roundScore(report.score) - previous.score };
}
