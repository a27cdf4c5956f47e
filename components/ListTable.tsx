import type { ComponentChildren } from 'preact';

interface ListTableProps {
  name: string;
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
