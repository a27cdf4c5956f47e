import { formatAge } from '@/lib/format';
import { t } from '@/lib/i18n';

/** What a view showing saved data says: from when, and whether it is being checked or could not be. */
export function savedDataSentence(fetchedAt: number, checking: boolean, now: number = Date.now()): string {
  const age = formatAge(new Date(fetchedAt).toISOString(), now);
  return checking ? t('popupUpdatedChecking', age) : t('popupShowingSaved', age);
}
