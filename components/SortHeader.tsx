import type { SortDirection } from '@/lib/api/types';

export interface SortHeaderProps<K extends string> {
  label: string;
  sortKey: K;
  /** The list's current sort. */
  sortBy: K;
  sort: SortDirection;
  onSort: (key: K) => void;
}

/** A column header that sorts by its key; a second click flips the direction. */
export function SortHeader<K extends string>({ label, sortKey, sortBy, sort, onSort }: SortHeaderProps<K>) {
  const active = sortKey === sortBy;
  const ariaSort = active ? (sort === 'asc' ? 'ascending' : 'descending') : undefined;
  return (
    <th scope="col" aria-sort={ariaSort} class={active ? 'sorted' : undefined}>
      <button type="button" class="sort-header" onClick={() => onSort(sortKey)}>
        {label}
        {/* The arrow is for the eye; aria-sort says the same to a screen reader. */}
        <span class="sort-indicator" aria-hidden="true">
          {active ? (sort === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}
