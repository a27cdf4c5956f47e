// The two confirmations of the Reports section: delete one report, delete the selected ones.
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { ErrorBanner } from '@/components/ErrorBanner';
import type { ReportSummary } from '@/lib/api/types';
import { t } from '@/lib/i18n';
import { reportKey } from '@/lib/report-id';
import { formatCount } from '../format-number';
import { useDeleteConfirmation } from '../list/use-delete-confirmation';
import type { ReportsModel } from './reports-model';
import { readableUrl } from '@/lib/readable-url';

interface DeleteReportDialogProps {
  /** The report to delete; null when the dialog is closed. */
  report: ReportSummary | null;
  model: ReportsModel;
  onClose: () => void;
  fallbackFocus: () => HTMLElement | null;
  onOpenSettings: () => void;
}

/**
 * "Delete report?" naming the URL. While the request is on its way the dialog stays (Cancel and Escape
 * wait for the answer), so a failure is always seen here, for this report; the table is left as it was.
 */
export function DeleteReportDialog({
  report,
  model,
  onClose,
  fallbackFocus,
  onOpenSettings,
}: DeleteReportDialogProps) {
  const { shown, busy, error, confirm, cancel } = useDeleteConfirmation(
    report,
    (target: ReportSummary) => model.deleteReport(target),
    onClose,
  );

  return (
    <ConfirmDialog
      open={report !== null}
      title={t('reportsDeleteOneTitle')}
      confirmLabel={t('optionsDelete')}
      cancelLabel={t('optionsCancel')}
      busy={busy.value}
      cancelDisabled={busy.value}
      onConfirm={() => void confirm()}
      onCancel={cancel}
      fallbackFocus={fallbackFocus}
    >
      <p>
        {t('reportsDeleteOneBefore')}
        <strong class="break-anywhere">{readableUrl(shown.value?.url ?? '')}</strong>
        {t('reportsDeleteOneAfter')}
      </p>
      {busy.value ? <p class="status">{t('optionsDeleting')}</p> : null}
      {error.value ? (
        <ErrorBanner
          error={error.value}
          context={t('reportsDeleteOneFailed')}
          onRetry={() => void confirm()}
          onOpenSettings={onOpenSettings}
        />
      ) : null}
    </ConfirmDialog>
  );
}

const LISTED = 8;

interface DeleteSelectedDialogProps {
  open: boolean;
  model: ReportsModel;
  /** Runs the deletion (the section keeps the dialog open until it ends). */
  onConfirm: () => void;
  onClose: () => void;
  fallbackFocus: () => HTMLElement | null;
}

/** "Delete N reports?": runs the paced deletion inside the dialog; Stop (or Escape) ends it early. */
export function DeleteSelectedDialog({
  open,
  model,
  onConfirm,
  onClose,
  fallbackFocus,
}: DeleteSelectedDialogProps) {
  const progress = model.bulkProgress.value;
  const reports = model.selectedReports.value;
  const count = reports.length;

  return (
    <ConfirmDialog
      open={open}
      title={count === 1 ? t('reportsDeleteManyTitleOne') : t('reportsDeleteManyTitle', formatCount(count))}
      cancelLabel={progress ? t('reportsDeleteStop') : t('optionsCancel')}
      confirmLabel={t('optionsDelete')}
      busy={progress !== null}
      confirmDisabled={count === 0}
      onConfirm={onConfirm}
      onCancel={() => (progress ? model.stopDeleting() : onClose())}
      fallbackFocus={fallbackFocus}
    >
      <p>{t('reportsDeleteManyText')}</p>
      <ul class="dialog-list">
        {reports.slice(0, LISTED).map((report) => (
          <li key={reportKey(report.id)} class="break-anywhere">
            {readableUrl(report.url)}
          </li>
        ))}
        {count > LISTED ? (
          <li class="muted">{t('reportsDeleteManyMore', formatCount(count - LISTED))}</li>
        ) : null}
      </ul>
      <p class="status" role="status">
        {progress
          ? progress.waitingSeconds
            ? t(
                'reportsDeleteWaiting',
                formatCount(progress.waitingSeconds),
                formatCount(progress.done),
                formatCount(progress.total),
              )
            : t('reportsDeleteProgress', formatCount(progress.done), formatCount(progress.total))
          : ''}
      </p>
    </ConfirmDialog>
  );
}
