// "Export CSV" and the export's status: the page being read, then the file, a failure or Stop.
import { useEffect, useMemo } from 'preact/hooks';
import { ErrorActions } from '@/components/ErrorBanner';
import { t } from '@/lib/i18n';
import { formatCount } from '../format-number';
import { JobStatus } from '../JobStatus';
import { createExportModel, type ExportModel, type ExportState } from './export/export-model';
import { toReportFilters, type ReportsModel } from './reports-model';

type Failed = Extract<ExportState, { phase: 'failed' }>;

export function ExportReports({ model }: { model: ReportsModel }) {
  const exporter = useMemo(() => createExportModel(), []);
  // Leaving the section ends a running export (nothing is downloaded), as Stop does.
  useEffect(() => () => exporter.stop(), []);
  return (
    <div class="export-reports">
      {/* Not `disabled` while an export runs: the focus would leave it. A second click is ignored. */}
      <button
        type="button"
        aria-disabled={exporter.running.value}
        onClick={() => void exporter.start(toReportFilters(model.list.state.peek()))}
      >
        {t('exportCsv')}
      </button>
      <ExportPanel model={exporter} />
    </div>
  );
}

function statusText(state: Exclude<ExportState, Failed>): string {
  switch (state.phase) {
    case 'reading': {
      const page = formatCount(state.page);
      if (state.waitingSeconds !== null) return t('exportWaiting', formatCount(state.waitingSeconds), page);
      return state.lastPage !== null
        ? t('exportReadingPageOf', page, formatCount(Math.max(state.lastPage, state.page)))
        : t('exportReadingPage', page);
    }
    case 'stopped':
      return t('exportStopped');
    case 'done':
      if (state.count === 0) return t('exportDoneNone', state.fileName);
      if (state.count === 1) return t('exportDoneOne', state.fileName);
      return t('exportDone', formatCount(state.count), state.fileName);
  }
}

function failureText(state: Failed): string {
  const page = formatCount(state.page);
  return state.lastPage !== null
    ? t('exportFailedPageOf', page, formatCount(state.lastPage), state.error.message)
    : t('exportFailedPage', page, state.error.message);
}

export function ExportPanel({ model }: { model: ExportModel }) {
  const state = model.state.value;
  const failed = state?.phase === 'failed' ? state : null;
  // Pages done out of all; without a last page the bar is indeterminate.
  const running =
    state?.phase === 'reading'
      ? {
          label: t('exportProgressLabel'),
          done: state.page - 1,
          total: state.lastPage === null ? null : Math.max(state.lastPage, state.page),
          onStop: model.stop,
        }
      : null;
  return (
    <JobStatus
      hidden={!state}
      running={running}
      status={state && state.phase !== 'failed' ? statusText(state) : ''}
      alert={failed && failureText(failed)}
      actions={
        failed ? (
          <>
            <ErrorActions error={failed.error} onRetry={() => void model.retry()} />
            <button type="button" onClick={model.dismiss}>
              {t('exportCancel')}
            </button>
          </>
        ) : null
      }
      onDismiss={failed ? undefined : model.dismiss}
    />
  );
}
