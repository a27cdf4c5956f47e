// A project's page asks the background to read the project and watches what it writes; the trend comes
// from the history kept in this browser. The page never reads reports itself.
import { effect, signal, type ReadonlySignal } from '@preact/signals';
import type { ApiError } from '@/lib/api/errors';
import { readHistory } from '@/lib/history';
import type { SiteView } from '@/lib/site';
import { watchSite } from '@/lib/site-store';
import { siteTrend, type TrendPoint } from '@/lib/site-trend';
import type { Send } from '../../reports/reports-model';

async function loadSiteTrend(project: string): Promise<TrendPoint[]> {
  const history = readHistory();
  const index = await history.index();
  const ids = Object.keys(index).filter((id) => index[id]!.project === project);
  return siteTrend(await history.histories(ids));
}

export function createSiteModel(send: Send, name: string) {
  /** What the background wrote; null before its first read of this project. */
  const view = signal<SiteView | null>(null);
  /** The background refused to start or stop (not the read's own failure). */
  const error = signal<ApiError | null>(null);
  const trend = signal<TrendPoint[]>([]);

  const stopWatching = watchSite(name, (next) => (view.value = next));

  // Each complete read has noted its reports' analyses in the history: the trend is read again after it.
  let trendFor: number | null | undefined;
  let closed = false;
  const stopTrend = effect(() => {
    const readAt = view.value?.summary?.readAt ?? null;
    if (readAt === trendFor) return;
    trendFor = readAt;
    void loadSiteTrend(name).then(
      (points) => !closed && (trend.value = points),
      () => undefined,
    );
  });

  async function ask(type: 'site.read' | 'site.stop', fresh?: boolean): Promise<void> {
    error.value = null;
    const answer = await send(type, fresh ? { name, fresh } : { name });
    if (!answer.ok) error.value = answer.error;
  }

  void ask('site.read');

  return {
    view: view as ReadonlySignal<SiteView | null>,
    error: error as ReadonlySignal<ApiError | null>,
    trend: trend as ReadonlySignal<TrendPoint[]>,
    /** Starts a read, or goes on from where Stop left it; `fresh` reads every report again. */
    read: (fresh?: boolean) => ask('site.read', fresh),
    stop: () => ask('site.stop'),
    dispose() {
      closed = true;
      stopWatching();
      stopTrend();
    },
  };
}

export type SiteModel = ReturnType<typeof createSiteModel>;
