// Labelled form controls with the label always visible: a select and a search field.
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
        // The option values are the ones given, so the cast only restores their type.
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

export interface SearchFieldProps {
  id: string;
  label: string;
  value: string;
  onInput: (value: string) => void;
  placeholder?: string;
  /** Why the search is not sent (too long); said as it happens, next to the field. */
  problem?: string | null;
}

export function SearchField({ id, label, value, onInput, placeholder, problem }: SearchFieldProps) {
  return (
    <div class="field field--search">
      <label for={id}>{label}</label>
      <input
        id={id}
        type="search"
        value={value}
        placeholder={placeholder}
        autoComplete="off"
        spellcheck={false}
        {...fieldAria(id, problem)}
        onInput={(event) => onInput(event.currentTarget.value)}
      />
      <FieldNote id={id} error={problem} live />
    </div>
  );
}
