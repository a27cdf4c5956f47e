// What is wrong with a field: the note under it and the field's matching aria-invalid and aria-describedby.
import type { ComponentChildren } from 'preact';

/** What is wrong with a field: one message, or the server's several (shown as one sentence after another). */
export type FieldError = string | readonly string[] | null | undefined;

function errorText(error: FieldError): string {
  return typeof error === 'string' ? error : (error?.join(' ') ?? '');
}

function noteOf(error: FieldError, hint: ComponentChildren): 'error' | 'hint' | null {
  return errorText(error) ? 'error' : hint ? 'hint' : null;
}

export function fieldAria(id: string, error: FieldError, hint?: ComponentChildren) {
  const note = noteOf(error, hint);
  return {
    'aria-invalid': note === 'error' || undefined,
    'aria-describedby': note ? `${id}-${note}` : undefined,
  };
}

export interface FieldNoteProps {
  id: string;
  error?: FieldError;
  hint?: ComponentChildren;
  /** Said as it happens: the error's line is always there as a status region. */
  live?: boolean;
}

export function FieldNote({ id, error, hint, live }: FieldNoteProps) {
  const note = noteOf(error, hint);
  return (
    <>
      {note === 'hint' ? (
        <p id={`${id}-hint`} class="hint">
          {hint}
        </p>
      ) : null}
      {note === 'error' || live ? (
        <p id={`${id}-error`} class="field-error" role={live ? 'status' : undefined}>
          {errorText(error)}
        </p>
      ) : null}
    </>
  );
}
