// The confirmation both single-item deletes share (a report, a project). While the request is on its way
// the dialog stays (Cancel and Escape wait for the answer), so a failure is always seen here, for this
// item; the list is left as it was until the service confirms.
import { useSignal } from '@preact/signals';
import type { ComponentChildren } from 'preact';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { ErrorBanner } from '@/components/ErrorBanner';
import type { ApiError, Result } from '@/lib/api/errors';
import { t } from '@/lib/i18n';

export interface DeleteDialogProps<T> {
  /** The item to delete; null when the dialog is closed. */
  item: T | null;
  title: string;
  /** The confirming button's text; "Delete" by default. */
  confirmLabel?: string;
  /** Deletes the item once per confirmation; the dialog closes when it succeeded. */
  remove: (item: T) => Promise<Result<unknown>>;
  /** Said before the failure, e.g. "Could not delete the project". */
  failedContext: string;
  /** The confirming button cannot be used yet (e.g. the typed name does not match). */
  confirmDisabled?: boolean;
  /** Another item is shown: nothing is said about the previous one. */
  onShow?: () => void;
  onClose: () => void;
  fallbackFocus?: () => HTMLElement | null;
  /** What the dialog says of the item: kept while the dialog closes, so its text does not flash empty. */
  children: (shown: T) => ComponentChildren;
  /** What follows a failure's banner (a way out the failure calls for). */
  afterFailure?: (error: ApiError, shown: T) => ComponentChildren;
}

export function DeleteDialog<T>({
  item,
  title,
  confirmLabel,
  remove,
  failedContext,
  confirmDisabled = false,
  onShow,
  onClose,
  fallbackFocus,
  children,
  afterFailure,
}: DeleteDialogProps<T>) {
  const shown = useSignal<T | null>(null);
  const busy = useSignal(false);
  const error = useSignal<ApiError | null>(null);
  if (item && shown.peek() !== item) {
    shown.value = item;
    error.value = null;
    onShow?.();
  }

  // A late failure is shown only while the same item is still shown.
  async function confirm() {
    const target = item;
    if (!target || busy.peek() || confirmDisabled) return;
    busy.value = true;
    error.value = null;
    const result = await remove(target);
    busy.value = false;
    if (result.ok) onClose();
    else if (shown.peek() === target) error.value = result.error;
  }

  function cancel() {
    if (busy.peek()) return;
    error.value = null;
    onClose();
  }

  const target = shown.value;
  const failure = error.value;
  return (
    <ConfirmDialog
      open={item !== null}
      title={title}
      confirmLabel={confirmLabel}
      busy={busy.value}
      cancelDisabled={busy.value}
      confirmDisabled={confirmDisabled}
      onConfirm={() => void confirm()}
      onCancel={cancel}
      fallbackFocus={fallbackFocus}
    >
      {target === null ? null : children(target)}
      {busy.value ? <p class="status">{t('optionsDeleting')}</p> : null}
      {failure ? (
        <ErrorBanner error={failure} context={failedContext} onRetry={() => void confirm()} />
      ) : null}
      {failure && target !== null ? afterFailure?.(failure, target) : null}
    </ConfirmDialog>
  );
}
