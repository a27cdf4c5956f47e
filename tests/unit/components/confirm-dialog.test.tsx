import { fireEvent, render, screen } from '@testing-library/preact';
import { useState } from 'preact/hooks';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '@/components/ConfirmDialog';

function Harness({
  onConfirm = () => {},
  confirmDisabled = false,
  cancelDisabled = false,
}: {
  onConfirm?: () => void;
  confirmDisabled?: boolean;
  cancelDisabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <ConfirmDialog
        open={open}
        title="Delete thing?"
        confirmDisabled={confirmDisabled}
        cancelDisabled={cancelDisabled}
        onConfirm={onConfirm}
        onCancel={() => setOpen(false)}
      >
        <input aria-label="Name" />
      </ConfirmDialog>
    </>
  );
}

function openDialog() {
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole('dialog', { name: 'Delete thing?' }) };
}

describe('ConfirmDialog', () => {
  it('keeps Tab and Shift+Tab inside the dialog', () => {
    render(<Harness />);
    const { dialog } = openDialog();
    const name = screen.getByRole('textbox', { name: 'Name' });
    const confirm = screen.getByRole('button', { name: 'Delete' });
    confirm.focus();
    fireEvent.keyDown(confirm, { key: 'Tab' });
    expect(document.activeElement).toBe(name);
    fireEvent.keyDown(name, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(confirm);
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('skips a disabled confirm button when wrapping', () => {
    render(<Harness confirmDisabled />);
    openDialog();
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    cancel.focus();
    fireEvent.keyDown(cancel, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
  });

  // happy-dom does not turn an Escape key press into the dialog's cancel event, so this fires that event
  // itself; the real Escape key is tested in Chromium (tests/e2e/options-*.test.ts).
  it('cancels on the dialog’s cancel event (Escape) and gives the focus back to what opened it', () => {
    render(<Harness />);
    const { opener, dialog } = openDialog();
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('cannot be cancelled while cancelDisabled: Cancel, the cancel event and the browser closing it', () => {
    render(<Harness cancelDisabled />);
    const { dialog } = openDialog();
    const cancel = screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement;
    expect(cancel.disabled).toBe(true);
    fireEvent.click(cancel);
    const event = new Event('cancel', { cancelable: true });
    fireEvent(dialog, event);
    expect(event.defaultPrevented).toBe(true);
    // Chromium closes a dialog on a second Escape whatever the page says: it opens again.
    (dialog as HTMLDialogElement).close();
    expect((dialog as HTMLDialogElement).open).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Delete thing?' })).toBe(dialog);
  });

  it('confirms by submitting, but not while the confirm button is disabled', () => {
    const confirm = vi.fn();
    const { unmount } = render(<Harness onConfirm={confirm} confirmDisabled />);
    openDialog();
    fireEvent.submit(screen.getByRole('dialog').querySelector('form')!);
    expect(confirm).not.toHaveBeenCalled();
    unmount();
    render(<Harness onConfirm={confirm} />);
    openDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenCalledTimes(1);
  });
});
