import type { ComponentChildren } from 'preact';

export interface ListTableProps {
  /** Names the table's class: `reports` → `reports-table`. */
  name: string;
  /** The id of the heading that names the table for assistive technology. */
  labelledBy: string;
  loading: boolean;
  /** Rows left from a failed load: dimmed like loading ones. */
  stale: boolean;
  children: ComponentChildren;
}

/** A list's table, scrolling sideways on narrow windows. Busy only while a request runs, never for ever. */
export function ListTable({ name, labelledBy, loading, stale, children }: ListTableProps) {
  return (
    <div class="table-scroll">
      <table
        class={`data-table ${name}-table${loading || stale ? ' is-busy' : ''}`}
        aria-labelledby={labelledBy}
        aria-busy={loading}
      >
        {children}
      </table>
    </div>
  );
}
