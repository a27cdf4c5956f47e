import type { Page } from '@/lib/api/types';
import { t } from '@/lib/i18n';

export interface PaginationProps {
  /** The page as the server applied it. */
  page: Page<unknown>;
  noun: { one: string; many: string };
  onPage: (page: number) => void;
}

/** "Previous page", "Page X of Y", "Next page" and "N reports", all from what the server answered. */
export function Pagination({ page, noun, onPage }: PaginationProps) {
  const number = (value: number) => value.toLocaleString();
  const position =
    page.lastPage === null
      ? t('uiPage', number(page.page))
      : t('uiPageOf', number(page.page), number(Math.max(1, page.lastPage)));
  return (
    <nav class="pagination" aria-label={t('uiPagesOf', noun.many)}>
      <button
        type="button"
        onClick={() => onPage(page.page - 1)}
        disabled={!page.hasPrevious || page.page <= 1}
      >
        {t('uiPreviousPage')}
      </button>
      <span class="pagination-position">{position}</span>
      <button type="button" onClick={() => onPage(page.page + 1)} disabled={!page.hasNext}>
        {t('uiNextPage')}
      </button>
      {page.total === null ? null : (
        <span class="pagination-total">
          {number(page.total)} {page.total === 1 ? noun.one : noun.many}
        </span>
      )}
    </nav>
  );
}
