// "Export CSV" and one box with one status region for every state of the export, so each change is
// announced (a live region added together with its text often is not).
import { useEffect, useMemo, useRef } from 'preact/hooks';
import { ErrorActions } from '@/components/ErrorBanner';
import { t } from '@/lib/i18n';
import { formatCount } from '../format-number';
import { openSettings } from '../router';
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
  const box = useRef<HTMLDivElement>(null);
  const reading = state?.phase === 'reading' ? state : null;
  const failed = state?.phase === 'failed' ? state : null;
  // A failure takes the focus, where its buttons are; every other change is announced by the status region.
  useEffect(() => {
    if (failed) box.current?.focus();
  }, [failed !== null]);

  return (
    <div
      class={`bulk-summary${failed ? ' bulk-summary--failed' : ''}`}
      hidden={!state}
      tabIndex={-1}
      ref={box}
    >
      <p role="status">{state && state.phase !== 'failed' ? statusText(state) : ''}</p>
      {failed ? <p role="alert">{failureText(failed)}</p> : null}
      {/* Pages done out of all; without a last page the bar is indeterminate. */}
      {reading ? (
        <progress
          aria-label={t('exportProgressLabel')}
          max={reading.lastPage === null ? undefined : Math.max(reading.lastPage, reading.page)}
          value={reading.lastPage === null ? undefined : reading.page - 1}
        />
      ) : null}
      <div class="bulk-summary-actions">
        {reading ? (
          <button type="button" onClick={model.stop}>
            {t('exportStop')}
          </button>
        ) : failed ? (
          <>
            <ErrorActions
              error={failed.error}
              onRetry={() => void model.retry()}
              onOpenSettings={openSettings}
              retryLabel={t('exportRetry')}
            />
            <button type="button" onClick={model.dismiss}>
              {t('exportCancel')}
            </button>
          </>
        ) : (
          <button type="button" onClick={model.dismiss}>
            {t('exportDismiss')}
          </button>
        )}
      </div>
    </div>
  );
}
