// "▲ 9" beside a score: the change since the previous analysis, said in words to screen readers ("up 9
// points since the previous analysis"). One element, so a table of 100 rows stays light.
import { t } from '@/lib/i18n';

function wordsOf(change: number): string {
  if (change === 0) return t('historyUnchanged');
  const points = Math.abs(change);
  if (change > 0) return points === 1 ? t('historyUpOne') : t('historyUp', points);
  return points === 1 ? t('historyDownOne') : t('historyDown', points);
}

export function ScoreChangeMark({ change }: { change: number }) {
  const tone = change > 0 ? 'up' : change < 0 ? 'down' : 'same';
  const mark = change > 0 ? `▲ ${change}` : change < 0 ? `▼ ${-change}` : '±0';
  return (
    <span class={`score-change score-change--${tone}`} role="img" aria-label={wordsOf(change)}>
      {mark}
    </span>
  );
}
