import type { ComponentChildren } from 'preact';
import { useId, useLayoutEffect, useRef } from 'preact/hooks';
import { t } from '@/lib/i18n';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ComponentChildren;
  confirmLabel?: string;
  confirmDisabled?: boolean;
  busy?: boolean;
  /** Cancel and Escape do nothing: a request that cannot be called back is on its way. */
  cancelDisabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Where focus goes on close when the control that opened the dialog is gone or disabled. */
  fallbackFocus?: () => HTMLElement | null | undefined;
}

/** A modal <dialog>; Tab stays inside (Chrome would move on to its toolbar); focus returns to its opener. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel = t('uiDelete'),
  confirmDisabled = false,
  busy = false,
  cancelDisabled = false,
  onConfirm,
  onCancel,
  fallbackFocus,
}: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const fallback = useRef(fallbackFocus);
  fallback.current = fallbackFocus;
  const titleId = useId();
  const bodyId = useId();

  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.showModal();
    } else if (!open && element.open) {
      element.close();
      restoreFocus(opener.current, fallback.current);
    }
  }, [open]);

  // Unmounted while open (the section changed): still give focus back.
  useLayoutEffect(
    () => () => {
      if (dialog.current?.open) restoreFocus(opener.current, fallback.current);
    },
    [],
  );

  return (
    <dialog
      ref={dialog}
      class="confirm-dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      aria-busy={busy ? true : undefined}
      onCancel={(event) => {
        event.preventDefault();
        if (!cancelDisabled) onCancel();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Tab') keepFocusInside(event);
      }}
      onClose={(event) => {
        // Closed by the browser itself (a repeated Escape): open again while it must stay.
        if (!open) return;
        if (cancelDisabled) event.currentTarget.showModal();
        else onCancel();
      }}
    >
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          if (!confirmDisabled && !busy) onConfirm();
        }}
      >
        <h2 id={titleId} class="dialog-title">
          {title}
        </h2>
        <div id={bodyId} class="dialog-body">
          {children}
        </div>
        <div class="dialog-actions">
          <button type="button" disabled={cancelDisabled} onClick={onCancel}>
            {t('uiCancel')}
          </button>
          <button type="submit" class="danger-solid" disabled={confirmDisabled || busy}>
            {confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}

function keepFocusInside(event: KeyboardEvent) {
  const dialog = event.currentTarget as HTMLDialogElement;
  const focusable = [
    ...dialog.querySelectorAll<HTMLElement>('button, input, select, textarea, a[href], [tabindex]'),
  ].filter((element) => !(element as HTMLButtonElement).disabled && element.tabIndex >= 0);
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

function restoreFocus(opener: HTMLElement | null, fallback?: () => HTMLElement | null | undefined) {
  const usable =
    opener && opener !== document.body && opener.isConnected && !(opener as HTMLButtonElement).disabled;
  const target = usable ? opener : fallback?.();
  target?.focus();
}
