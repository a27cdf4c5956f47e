// Only the button loads with the page: the export itself comes with import() on the first click.
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { send } from '@/lib/messaging/send';
import { toReportFilters, type ReportsModel } from './reports-model';

export interface ExportReportsProps {
  model: ReportsModel;
}

async function loadExport() {
  const { createExportModel, ExportPanel } = await import('./export');
  return { exporter: createExportModel(send), Panel: ExportPanel };
}

export function ExportReports({ model }: ExportReportsProps) {
  /** undefined until the first click; null when the export could not be loaded. */
  const loaded = useSignal<Awaited<ReturnType<typeof loadExport>> | null | undefined>(undefined);
  const current = loaded.value;
  // Leaving the section ends a running export (nothing is downloaded), as Stop does.
  useEffect(() => () => loaded.peek()?.exporter.stop(), []);

  async function start() {
    try {
      loaded.value = loaded.peek() ?? (await loadExport());
    } catch {
      loaded.value = null;
      return;
    }
    // Exports the list as it is on screen now (filters, search, sort), every page of it.
    await loaded.value.exporter.start(toReportFilters(model.list.state.peek()));
  }

  return (
    <div class="export-reports">
      {/* Not `disabled` while an export runs: the focus would leave it. A second click is ignored. */}
      <button type="button" aria-disabled={current?.exporter.running.value} onClick={() => void start()}>
        {t('exportCsv')}
      </button>
      {current ? (
        <current.Panel model={current.exporter} />
      ) : current === null ? (
        <p role="alert">{t('exportLoadFailed')}</p>
      ) : null}
    </div>
  );
}
