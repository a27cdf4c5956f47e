import type { Page } from '@/lib/api/types';

export interface PaginationProps {
  /** The page as the server applied it. */
  page: Page<unknown>;
  noun: { one: string; many: string };
  onPage: (page: number) => void;
}

/** "Previous page", "Page X of Y", "Next page" and "N reports", all from what the server answered. */
export function Pagination({ page, noun, onPage }: PaginationProps) {
  const position =
    page.lastPage === null ? `Page ${page.page}` : `Page ${page.page} of ${Math.max(1, page.lastPage)}`;
  return (
    <nav class="pagination" aria-label={`Pages of ${noun.many}`}>
      <button
        type="button"
        onClick={() => onPage(page.page - 1)}
        disabled={!page.hasPrevious || page.page <= 1}
      >
        Previous page
      </button>
      <span class="pagination-position">{position}</span>
      <button type="button" onClick={() => onPage(page.page + 1)} disabled={!page.hasNext}>
        Next page
      </button>
      {page.total === null ? null : (
        <span class="pagination-total">
          {page.total} {page.total === 1 ? noun.one : noun.many}
        </span>
      )}
    </nav>
  );
}
