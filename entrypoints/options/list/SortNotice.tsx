import { t } from '@/lib/i18n';

/** The live region stays in the page so the change is announced. */
export function SortNotice<K extends string>({
  replaced,
  names,
}: {
  replaced: { asked: K; applied: K } | null;
  names: Record<K, string>;
}) {
  return (
    <p class="sort-notice" role="status">
      {replaced ? t('optionsSortReplaced', names[replaced.applied], names[replaced.asked]) : ''}
    </p>
  );
}
