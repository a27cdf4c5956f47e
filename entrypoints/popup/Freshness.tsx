import { savedDataSentence } from '@/components/saved-data';
import type { Shown } from './popup-model';

export function Freshness({ shown }: { shown: Shown<unknown> }) {
  if (shown.fetchedAt === null || shown.value === undefined || shown.state === 'fresh') return null;
  return <p class="freshness">{savedDataSentence(shown.fetchedAt, shown.state === 'loading')}</p>;
}
