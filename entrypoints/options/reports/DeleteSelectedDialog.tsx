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
  /** Hands the deletion to the background; the section closes the dialog once it answers. */
  onConfirm: () => void;
  busy: boolean;
  onClose: () => void;
  fallbackFocus: () => HTMLElement | null;
}

/** "Delete N reports?": its progress and summary show where every bulk job's do (BulkJobStatus.tsx). */
export function DeleteSelectedDialog({
  open,
  model,
  onConfirm,
  busy,
  onClose,
  fallbackFocus,
}: DeleteSelectedDialogProps) {
  const reports = model.selectedReports.value;
  const count = reports.length;

  return (
    <ConfirmDialog
      open={open}
      title={count === 1 ? t('reportsDeleteManyTitleOne') : t('reportsDeleteManyTitle', formatCount(count))}
      busy={busy}
      confirmDisabled={count === 0}
      onConfirm={onConfirm}
      onCancel={onClose}
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
    </ConfirmDialog>
  );
}
