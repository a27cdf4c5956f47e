// "Export CSV" for the Reports list. Only the button is loaded with the page: the export itself (reading
// the pages, the CSV, its progress) comes with import() on the first click.
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { t } from '@/lib/i18n';
import type { ExportRun } from './export';
import type { ReportsModel } from './reports-model';

export interface ExportReportsProps {
  model: ReportsModel;
  onOpenSettings?: () => void;
}

export function ExportReports({ model, onOpenSettings }: ExportReportsProps) {
  /** undefined until the first click; null when the export could not be loaded. */
  const run = useSignal<ExportRun | null | undefined>(undefined);
  const current = run.value;
  // Leaving the section ends a running export (nothing is downloaded), as Stop does.
  useEffect(() => () => run.peek()?.stop(), []);

  async function start() {
    try {
      run.value = run.peek() ?? (await import('./export')).exportRun(model);
    } catch {
      run.value = null;
      return;
    }
    await run.value.start();
  }

  return (
    <div class="export-reports">
      {/* Not `disabled` while an export runs: the focus would leave it. A second click is ignored. */}
      <button type="button" aria-disabled={current?.running.value} onClick={() => void start()}>
        {t('exportCsv')}
      </button>
      {current ? (
        <current.Panel onOpenSettings={onOpenSettings} />
      ) : current === null ? (
        <p role="alert">{t('exportLoadFailed')}</p>
      ) : null}
    </div>
  );
}
