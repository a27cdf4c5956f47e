import type { JSX } from 'preact';
import { FieldNote, fieldAria, type FieldError } from './field-note';

export interface SelectOption<V extends string> {
  value: V;
  label: string;
  disabled?: boolean;
}

export interface SelectFieldProps<V extends string> {
  id: string;
  label: string;
  value: V;
  options: readonly SelectOption<V>[];
  onChange: (value: V) => void;
  hint?: JSX.Element | string | null;
  error?: FieldError;
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
}: SelectFieldProps<V>) {
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
