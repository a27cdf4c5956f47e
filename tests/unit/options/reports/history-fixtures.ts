// A connection's history in storage.local as the background keeps it (lib/history.ts): one key per
// report's snapshots and the index of their last two analyses. Tests seed it directly.
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  HISTORY_INDEX_NAME,
  historyName,
  type HistoryIndex,
  type Snapshot,
  type SnapshotFailure,
} from '@/lib/history';
import { ACTIVE_CONNECTION_KEY } from '@/lib/storage-keys';

/** A snapshot of an analysis on `generatedAt`, failing `failed`. */
export function snapshot(
  generatedAt: string,
  score: number | null,
  failed: SnapshotFailure[] = [],
): Snapshot {
  return {
    generatedAt,
    takenAt: Date.parse(generatedAt),
    score,
    band: score === null ? null : score > 79 ? 'good' : score >= 49 ? 'decent' : 'bad',
    counts: {
      high: failed.filter((each) => each.importance === 'high').length,
      medium: failed.filter((each) => each.importance === 'medium').length,
      low: failed.filter((each) => each.importance === 'low').length,
      passed: 30 - failed.length,
    },
    failed,
  };
}

export const failure = (
  key: string,
  importance: SnapshotFailure['importance'],
  value: string | null = null,
): SnapshotFailure => ({ key, importance, category: 'seo', value });

/** The index entry of a report's snapshots (oldest first). */
function entryOf(history: readonly Snapshot[]): HistoryIndex[string] {
  const last = history.at(-1)!;
  const previous = history.at(-2);
  return {
    last: { generatedAt: last.generatedAt, score: last.score },
    previous: previous ? { generatedAt: previous.generatedAt, score: previous.score } : null,
    count: history.length,
    bytes: JSON.stringify(history).length,
    touched: last.takenAt,
  };
}

/** Stores `histories` (by report id) and their index under `connection`, and makes it the active one. */
export async function seedHistory(
  histories: Record<string, readonly Snapshot[]>,
  connection = 'a',
): Promise<void> {
  const index = Object.fromEntries(Object.entries(histories).map(([id, history]) => [id, entryOf(history)]));
  await fakeBrowser.storage.local.set({
    ...Object.fromEntries(
      Object.entries(histories).map(([id, history]) => [`${connection}:${historyName(id)}`, history]),
    ),
    [`${connection}:${HISTORY_INDEX_NAME}`]: index,
  });
  await fakeBrowser.storage.session.set({ [ACTIVE_CONNECTION_KEY]: connection });
}
