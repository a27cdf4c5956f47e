import { formatAge } from '@/lib/format';
import type { Shown } from './popup-model';
import { t } from '@/lib/i18n';

export function Freshness({ shown, now }: { shown: Shown<unknown>; now: number }) {
  if (shown.fetchedAt === null || shown.value === undefined || shown.state === 'fresh') return null;
  const age = formatAge(new Date(shown.fetchedAt).toISOString(), now);
  return (
    <p class="freshness">
      {shown.state === 'loading' ? t('popupUpdatedChecking', age) : t('popupShowingSaved', age)}
    </p>
  );
}
