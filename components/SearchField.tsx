// The lists' search field: a search typed is sent after a pause, and why one is not sent is said at once.
import { FieldNote, fieldAria } from './field-note';

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
