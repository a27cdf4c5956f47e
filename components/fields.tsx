// A field's label, its control, and what is wrong with it: the note under it and the control's matching
// aria-invalid and aria-describedby.
import type { ComponentChildren, JSX } from 'preact';

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

/** `live`: said as it happens, the error's line always there as a status region. */
export function FieldNote({
  id,
  error,
  hint,
  live,
}: {
  id: string;
  error?: FieldError;
  hint?: ComponentChildren;
  live?: boolean;
}) {
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

type TextFieldProps = Omit<JSX.InputHTMLAttributes<HTMLInputElement>, 'value' | 'onInput'> & {
  id: string;
  label: string;
  value: string;
  onInput: (value: string) => void;
  hint?: string | null;
  error?: FieldError;
  live?: boolean;
};

export function TextField({ id, label, value, onInput, hint, error, live, ...input }: TextFieldProps) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input
        id={id}
        value={value}
        onInput={(event) => onInput(event.currentTarget.value)}
        {...input}
        {...fieldAria(id, error, hint)}
      />
      <FieldNote id={id} error={error} hint={hint} live={live} />
    </div>
  );
}

/** The lists' search: `problem` (why a search typed is not sent) is said at once, next to the field. */
export function SearchField({
  problem,
  ...field
}: Omit<TextFieldProps, 'error'> & { problem?: string | null }) {
  return <TextField type="search" autoComplete="off" spellcheck={false} {...field} error={problem} live />;
}

export interface SelectOption<V extends string> {
  value: V;
  label: string;
  disabled?: boolean;
}

export function SelectField<V extends string>({
  id,
  label,
  value,
  options,
  onChange,
  hint,
  error,
  disabled,
}: {
  id: string;
  label: string;
  value: V;
  options: readonly SelectOption<V>[];
  onChange: (value: V) => void;
  hint?: JSX.Element | string | null;
  error?: FieldError;
  disabled?: boolean;
}) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        {...fieldAria(id, error, hint)}
        onChange={(event) => onChange(event.currentTarget.value as V)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldNote id={id} error={error} hint={hint} />
    </div>
  );
}
