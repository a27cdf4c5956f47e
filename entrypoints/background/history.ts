// One connection's history, written: each time the background sees a report with an analysis it has not
// kept yet (a list, a read, a create, a regenerate, the follower, the toolbar score's bulk read), it keeps
// a snapshot of it (lib/history.ts), under the connection's id in storage.local (lib/history-store.ts).
// phpRank overwrites a report when it is regenerated: this is the only place the earlier score and failed
// tests survive. Nothing here leaves the browser. Kept within storage.local's budget (storage-budget.ts):
// the reports whose history was added to longest ago lose it first, across connections. A failed write is
// logged and never fails the answer it came with.
import { browser } from 'wxt/browser';
import type { Report, ReportId } from '@/lib/api/types';
import { spaceKey } from '@/lib/connection-space';
import { addSnapshot, jsonBytes, snapshotOf, type Snapshot } from '@/lib/history';
import { historyOnItem } from '@/lib/history-setting';
import {
  HISTORY_INDEX_NAME,
  historyFrom,
  historyIndexFrom,
  historyName,
  type HistoryEntry,
  type HistoryIndex,
} from '@/lib/history-store';
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

  /** Removes the histories of the reports `pick` names in the index. */
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
    /** Keeps a snapshot of each report whose analysis is new (unless the person turned history off). */
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

    /** A report deleted, or gone from the service: its history goes with it. */
    forget: (id: ReportId) => forgetWhere((each) => each === reportKey(id)),

    /** A project deleted: the histories of its reports go. */
    forgetProject: (name: string) => forgetWhere((_id, entry) => entry.project === name),

    /** "Clear history" in Settings: every report's, for this connection. */
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
