import type { JSX } from 'preact';
import { FieldNote, fieldAria, type FieldError } from './field-note';

export interface TextFieldProps extends Omit<JSX.InputHTMLAttributes<HTMLInputElement>, 'value' | 'onInput'> {
  id: string;
  label: string;
  value: string;
  onInput: (value: string) => void;
  hint?: string | null;
  error?: FieldError;
}

export function TextField({ id, label, value, onInput, hint, error, ...input }: TextFieldProps) {
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
      <FieldNote id={id} error={error} hint={hint} />
    </div>
  );
}
