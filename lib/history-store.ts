// Each report's analyses over time, as the background keeps them (entrypoints/background/history.ts), and
// the one way pages read them. In storage.local (on disk: a history outlives the browser), under the
// connection's id: one key per report with its snapshots (lib/history.ts), and an index with each
// report's last two scores and its size, so a list of 100 rows reads one key, not 100 histories.
// Nothing here ever leaves the browser.
import * as z from 'zod/mini';
import { REPORT_RESULTS } from './api/types';
import { activeConnectionId, spaceKey } from './connection-space';
import { checkCategory, checkImportance } from './report-store';
import { browser } from './page-browser';

/** storage.local, per connection: one report's snapshots, oldest first. */
export const historyName = (reportId: string) => `history:${reportId}`;
/** storage.local, per connection: HistoryIndex. */
export const HISTORY_INDEX_NAME = 'historyIndex';

const score = z.nullable(z.number());
const count = z.number();

/** A failed test as kept in a snapshot. */
const snapshotFailure = z.object({
  key: z.string(),
  /** The test's name as the details showed it then ("Title too long or too short"); older snapshots lack it. */
  name: z.optional(z.string()),
  importance: checkImportance,
  category: checkCategory,
  /** The short detail shown when it was taken ("2.8 s (limit 2 s)"), or null. */
  value: z.nullable(z.string()),
});
export type SnapshotFailure = z.infer<typeof snapshotFailure>;

/** One analysis, as the background keeps it. */
export const snapshotSchema = z.object({
  /** The service's `generated_at`: one snapshot per analysis. */
  generatedAt: z.string(),
  /** When the extension first saw this analysis (epoch ms). */
  takenAt: z.number(),
  /** The score as people read it, a whole number from 0 to 100; null when the service sent only a word. */
  score,
  band: z.nullable(z.enum(REPORT_RESULTS)),
  /** Failed tests by importance, and passed tests. */
  counts: z.object({ high: count, medium: count, low: count, passed: count }),
  failed: z.array(snapshotFailure),
});
export type Snapshot = z.infer<typeof snapshotSchema>;
export const historySchema = z.array(snapshotSchema);

/** One analysis in the index: when it ran and its score. */
const indexedAnalysis = z.object({ generatedAt: z.string(), score });
export type IndexedAnalysis = z.infer<typeof indexedAnalysis>;

const historyEntrySchema = z.object({
  /** The report's newest analysis, and the one before (null with only one). */
  last: indexedAnalysis,
  previous: z.nullable(indexedAnalysis),
  /** How many analyses are kept, and their size. */
  count,
  bytes: count,
  /** When a snapshot was last added (epoch ms): the reports untouched longest lose their history first. */
  touched: z.number(),
  /** The report's project, so deleting a project removes its reports' histories. */
  project: z.optional(z.nullable(z.string())),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** Per report (by id): its last two analyses, how many are kept, their size. */
export const historyIndexSchema = z.record(z.string(), historyEntrySchema);
export type HistoryIndex = z.infer<typeof historyIndexSchema>;

/** A stored index that does not fit its schema is no index. */
export const historyIndexFrom = (value: unknown): HistoryIndex =>
  historyIndexSchema.safeParse(value).data ?? {};

/** A stored history that does not fit its schema is no history. */
export const historyFrom = (value: unknown): Snapshot[] => historySchema.safeParse(value).data ?? [];

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
