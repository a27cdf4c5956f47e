import { formatDate, formatDateTime } from '@/lib/format';
import { t } from '@/lib/i18n';

/** A date in the person's locale, with the exact moment on hover; an em dash when there is none. */
export function DateTime({ iso, missing }: { iso: string | null; missing?: string }) {
  const exact = formatDateTime(iso);
  if (!exact) {
    missing ??= t('uiNone');
    return (
      <span class="muted" title={missing}>
        <span aria-hidden="true">—</span>
        <span class="visually-hidden">{missing}</span>
      </span>
    );
  }
  return (
    <time dateTime={iso!} title={exact}>
      {formatDate(iso)}
    </time>
  );
}
