// "▼ 42 from 72" beside a score: the change since the previous analysis and the score it started from, so
// "30 ▼ 42" never reads as "down from 42"; said in words to screen readers ("down 42 points from 72 at the
// previous analysis"). One element, so a table of 100 rows stays light.
import { t } from '@/lib/i18n';
import type { ScoreChange } from '@/lib/history';

function wordsOf({ change, previous }: ScoreChange): string {
  if (change === 0) return t('historyUnchanged');
  const points = Math.abs(change);
  if (change > 0) return points === 1 ? t('historyUpOne', previous) : t('historyUp', points, previous);
  return points === 1 ? t('historyDownOne', previous) : t('historyDown', points, previous);
}

export function ScoreChangeMark({ change }: { change: ScoreChange }) {
  const points = change.change;
  const tone = points > 0 ? 'up' : points < 0 ? 'down' : 'same';
  const mark = points > 0 ? `▲ ${points}` : points < 0 ? `▼ ${-points}` : '±0';
  return (
    <span class={`score-change score-change--${tone}`} role="img" aria-label={wordsOf(change)}>
      {points === 0 ? mark : t('historyMarkFrom', mark, change.previous)}
    </span>
  );
}
