// One connection's history, written: a snapshot of each analysis the background sees and has not kept yet
// (lib/history.ts). phpRank overwrites a report when it is regenerated: only here do earlier scores survive.
import { browser } from 'wxt/browser';
import type { Report, ReportId } from '@/lib/api/types';
import { spaceKey } from '@/lib/connection-space';
import {
  addSnapshot,
  HISTORY_INDEX_NAME,
  historyFrom,
  historyIndexFrom,
  historyName,
  jsonBytes,
  snapshotOf,
  type HistoryEntry,
  type HistoryIndex,
  type Snapshot,
} from '@/lib/history';
import { historyOnItem } from '@/lib/settings/items';
import { reportKey } from '@/lib/report-id';
import { budgets } from './storage-budget';

export type History = ReturnType<typeof createHistory>;

export function createHistory(connectionId: string, now: () => number) {
  const { serially, set } = budgets.local;
  const local = browser.storage.local;
  const indexKey = spaceKey(connectionId, HISTORY_INDEX_NAME);
  const historyKey = (id: string) => spaceKey(connectionId, historyName(id));

  async function readIndex(): Promise<HistoryIndex> {
    return historyIndexFrom((await local.get(indexKey))[indexKey]);
  }

  function forgetWhere(pick: (id: string, entry: HistoryEntry) => boolean): Promise<void> {
    return serially(async () => {
      const index = await readIndex();
      const ids = Object.keys(index).filter((id) => pick(id, index[id]!));
      if (ids.length === 0) return;
      for (const id of ids) delete index[id];
      await local.remove(ids.map(historyKey));
      await set({ [indexKey]: index });
    });
  }

  return {
    note: (reports: readonly Report[]): Promise<void> =>
      serially(async () => {
        if (!(await historyOnItem.getValue())) return;
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
  const [previous, last] = history.slice(-2).length === 2 ? history.slice(-2) : [null, history.at(-1)!];
  const analysis = (snapshot: Snapshot) => ({ generatedAt: snapshot.generatedAt, score: snapshot.score });
  return {
    last: analysis(last!),
    previous: previous ? analysis(previous) : null,
    count: history.length,
    bytes: jsonBytes(history),
    touched,
    project,
  };
}
