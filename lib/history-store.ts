// Each report's analyses over time, as the background keeps them (entrypoints/background/history.ts), and
// the one way pages read them. In storage.local (on disk: a history outlives the browser), under the
// connection's id: one key per report with its snapshots (lib/history.ts), and an index with each
// report's last two scores and its size, so a list of 100 rows reads one key, not 100 histories.
// Nothing here ever leaves the browser.
import { activeConnectionId, spaceKey } from './connection-space';
import type { Snapshot } from './history';
import { isRecord } from './is-record';
import { browser } from './page-browser';

/** storage.local, per connection: one report's snapshots, oldest first. */
export const historyName = (reportId: string) => `history:${reportId}`;
/** storage.local, per connection: HistoryIndex. */
export const HISTORY_INDEX_NAME = 'historyIndex';

/** One analysis in the index: when it ran and its score. */
export type IndexedAnalysis = Pick<Snapshot, 'generatedAt' | 'score'>;

/** Per report: its newest analysis, the one before (null with only one), how many are kept, their size. */
export interface HistoryEntry {
  last: IndexedAnalysis;
  previous: IndexedAnalysis | null;
  count: number;
  bytes: number;
  /** When a snapshot was last added (epoch ms): the reports untouched longest lose their history first. */
  touched: number;
  /** The report's project, so deleting a project removes its reports' histories. */
  project?: string | null;
}

export type HistoryIndex = Record<string, HistoryEntry>;

const isAnalysis = (value: unknown): value is IndexedAnalysis =>
  isRecord(value) &&
  typeof value.generatedAt === 'string' &&
  (value.score === null || typeof value.score === 'number');

const isEntry = (value: unknown): value is HistoryEntry =>
  isRecord(value) &&
  isAnalysis(value.last) &&
  (value.previous === null || isAnalysis(value.previous)) &&
  typeof value.count === 'number' &&
  typeof value.bytes === 'number' &&
  typeof value.touched === 'number';

const isSnapshot = (value: unknown): value is Snapshot =>
  isRecord(value) &&
  typeof value.generatedAt === 'string' &&
  typeof value.takenAt === 'number' &&
  (value.score === null || typeof value.score === 'number') &&
  isRecord(value.counts) &&
  Array.isArray(value.failed);

/** The one shape check of the index: entries that do not fit are left out. */
export function historyIndexFrom(value: unknown): HistoryIndex {
  if (!isRecord(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((entry) => isEntry(entry[1]))) as HistoryIndex;
}

/** The one shape check of a report's history: a stored list that does not fit is no history. */
export function historyFrom(value: unknown): Snapshot[] {
  return Array.isArray(value) && value.every(isSnapshot) ? value : [];
}

/**
 * The history of connection `connectionId` (by default the active one, read once). Reads fail soft: what
 * cannot be read is no history.
 */
export function readHistory(connectionId?: string) {
  let owner: Promise<string> | undefined;
  const key = async (name: string) =>
    spaceKey(
      await (owner ??= connectionId === undefined ? activeConnectionId() : Promise.resolve(connectionId)),
      name,
    );
  async function get(name: string): Promise<unknown> {
    const stored = await key(name);
    return (await browser.storage.local.get(stored))[stored];
  }
  return {
    /** One report's snapshots, oldest first. */
    snapshots: (reportId: string | number) => get(historyName(String(reportId))).then(historyFrom, () => []),
    /** Several reports' snapshots, in the order of `reportIds`, read at once. */
    async histories(reportIds: readonly string[]): Promise<Snapshot[][]> {
      const keys = await Promise.all(reportIds.map((id) => key(historyName(id))));
      const stored = await browser.storage.local.get(keys).catch(() => ({}) as Record<string, unknown>);
      return keys.map((each) => historyFrom(stored[each]));
    },
    /** Every report's last two analyses, count and size. */
    index: (): Promise<HistoryIndex> => get(HISTORY_INDEX_NAME).then(historyIndexFrom, () => ({})),
  };
}

/** What is kept, for Settings: reports with a history, analyses, bytes. */
export function historyUsage(index: HistoryIndex) {
  const entries = Object.values(index);
  return {
    reports: entries.length,
    analyses: entries.reduce((sum, entry) => sum + entry.count, 0),
    bytes: entries.reduce((sum, entry) => sum + entry.bytes, 0),
  };
}

/** When an analysis ran (epoch ms); when the service's date cannot be read, when it was seen. */
export function analysisTime(snapshot: Pick<Snapshot, 'generatedAt' | 'takenAt'>): number {
  const time = Date.parse(snapshot.generatedAt);
  return Number.isNaN(time) ? snapshot.takenAt : time;
}
