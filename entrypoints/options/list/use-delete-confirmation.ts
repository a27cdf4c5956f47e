// The state both single-item delete dialogs share: which item is shown, the request in flight, its error.
import { useSignal, type Signal } from '@preact/signals';
import type { ApiError, Result } from '@/lib/api/errors';

export interface DeleteConfirmation<T> {
  /** The item the dialog speaks of; kept while the dialog closes, so its text does not flash empty. */
  shown: Signal<T | null>;
  busy: Signal<boolean>;
  error: Signal<ApiError | null>;
  confirm(): Promise<void>;
  /** Ignored while the request is on its way, so a failure is always seen in this dialog. */
  cancel(): void;
}

/**
 * Deletes `item` once per confirmation and closes on success. A late failure is shown only while the same
 * item is still shown; another item starts with nothing said about the previous one.
 */
export function useDeleteConfirmation<T>(
  item: T | null,
  remove: (item: T) => Promise<Result<unknown>>,
  onClose: () => void,
  onShow?: () => void,
): DeleteConfirmation<T> {
  const shown = useSignal<T | null>(null);
  const busy = useSignal(false);
  const error = useSignal<ApiError | null>(null);
  if (item && shown.peek() !== item) {
    shown.value = item;
    error.value = null;
    onShow?.();
  }

  async function confirm() {
    const target = item;
    if (!target || busy.peek()) return;
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

  return { shown, busy, error, confirm, cancel };
}
