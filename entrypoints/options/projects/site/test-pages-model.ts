// One failed test's pages (the background's kept rows, no request), and "Regenerate these pages": the
// bulk job, watched as the Reports section's. When the job ends the project is read again.
import { computed, signal, type ReadonlySignal } from '@preact/signals';
import type { ApiError } from '@/lib/api/errors';
import { reportKey } from '@/lib/report-id';
import type { SitePage } from '@/lib/site';
import { createBulkJobControls } from '../../reports/bulk-job-controls';
import type { Send } from '../../reports/reports-model';
import { latestOnly } from '../../list/latest-only';

export function createTestPagesModel(send: Send, project: string, test: string) {
  const pages = signal<SitePage[] | null>(null);
  const error = signal<ApiError | null>(null);
  const controls = createBulkJobControls(send, () => {
    if (job.peek() === null) return;
    void send('site.read', { name: project });
    void reload();
  });

  const job = computed(() => {
    const current = controls.job.value;
    if (current?.action.kind !== 'regenerate') return null;
    // The job this page started keeps showing once its pages pass.
    if (current.id === controls.started.value) return current;
    const keys = new Set(pages.value?.map((page) => reportKey(page.id)));
    return current.items.some((item) => keys.has(reportKey(item.id))) ? current : null;
  });

  const fetchPages = latestOnly(() => send('site.pages', { name: project, test }));
  async function reload(): Promise<void> {
    const { current, value: answer } = await fetchPages();
    if (!current) return;
    if (answer.ok) {
      pages.value = answer.data;
      error.value = null;
    } else error.value = answer.error;
  }

  void reload();

  return {
    /** The pages failing the test, lowest score first; null until the first answer. */
    pages: pages as ReadonlySignal<SitePage[] | null>,
    error: error as ReadonlySignal<ApiError | null>,
    /** The regenerate job started here, or running on some of these pages. */
    job,
    jobError: controls.error,
    reload,
    async regenerate() {
      const target = {
        reports: (pages.peek() ?? []).map((page) => ({ id: page.id, label: page.url, score: page.score })),
      };
      if (target.reports.length === 0) return;
      await controls.start({ action: { kind: 'regenerate' }, target });
    },
    stop: controls.stop,
    retryFailed: controls.retryFailed,
    dismiss: controls.dismiss,
    dispose: controls.dispose,
  };
}

export type TestPagesModel = ReturnType<typeof createTestPagesModel>;
