import { ConfirmDialog } from '@/components/ConfirmDialog';
import { t } from '@/lib/i18n';
import { reportKey } from '@/lib/report-id';
import { formatCount } from '../format-number';
import type { ReportsModel } from './reports-model';
import { readableUrl } from '@/lib/readable-url';

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
      cancelLabel={progress ? t('reportsDeleteStop') : undefined}
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
