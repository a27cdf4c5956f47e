// What a running or finished export says: the page being read with a progress bar and Stop, a wait the
// service asked for, a failure with Retry, or the file made. Loaded with the export, never at start-up.
import { useEffect, useRef } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { formatCount } from '../../format-number';
import type { ExportModel, ExportState } from './export-model';

function readingText(state: Extract<ExportState, { phase: 'reading' }>): string {
  const page = formatCount(state.page);
  if (state.waitingSeconds !== null) return t('exportWaiting', formatCount(state.waitingSeconds), page);
  return state.lastPage !== null
    ? t('exportReadingPageOf', page, formatCount(Math.max(state.lastPage, state.page)))
    : t('exportReadingPage', page);
}

function doneText(state: Extract<ExportState, { phase: 'done' }>): string {
  if (state.count === 0) return t('exportDoneNone', state.fileName);
  if (state.count === 1) return t('exportDoneOne', state.fileName);
  return t('exportDone', formatCount(state.count), state.fileName);
}

export function ExportPanel({ model }: { model: ExportModel }) {
  const state = model.state.value;
  const failure = useRef<HTMLDivElement>(null);
  const phase = state?.phase;
  // A failure takes the focus, where Retry is; the other states are announced by the status region.
  useEffect(() => {
    if (phase === 'failed') failure.current?.focus();
  }, [phase]);

  if (!state) return null;
  if (state.phase === 'reading') {
    const known = state.lastPage !== null;
    return (
      <div class="bulk-summary export-progress">
        <p role="status">{readingText(state)}</p>
        {/* Pages done out of all; without a last page the bar is indeterminate. */}
        <progress
          aria-label={t('exportProgressLabel')}
          max={known ? Math.max(state.lastPage ?? 1, state.page) : undefined}
          value={known ? state.page - 1 : undefined}
        />
        <div class="bulk-summary-actions">
          <button type="button" onClick={model.stop}>
            {t('exportStop')}
          </button>
        </div>
      </div>
    );
  }
  if (state.phase === 'failed') {
    const page = formatCount(state.page);
    return (
      <div class="bulk-summary bulk-summary--failed" role="alert" tabIndex={-1} ref={failure}>
        <p>
          {state.lastPage !== null
            ? t('exportFailedPageOf', page, formatCount(state.lastPage), state.error.message)
            : t('exportFailedPage', page, state.error.message)}
        </p>
        <div class="bulk-summary-actions">
          <button type="button" onClick={() => void model.retry()}>
            {t('exportRetry')}
          </button>
          <button type="button" onClick={model.dismiss}>
            {t('exportCancel')}
          </button>
        </div>
      </div>
    );
  }
  return (
    <div class="bulk-summary">
      <p role="status">{state.phase === 'stopped' ? t('exportStopped') : doneText(state)}</p>
      <div class="bulk-summary-actions">
        <button type="button" onClick={model.dismiss}>
          {t('exportDismiss')}
        </button>
      </div>
    </div>
  );
}
