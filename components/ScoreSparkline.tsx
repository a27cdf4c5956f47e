// A report card's line of its score over time: no axes, no library, one image with a summary for
// screen readers ("Score over 4 analyses: 64 → 81"). Nothing until two analyses have a score.
import { analysisTime } from '@/lib/history-store';
import type { Snapshot } from '@/lib/history';
import { t } from '@/lib/i18n';
import './score-sparkline.css';

const WIDTH = 64;
const HEIGHT = 18;
const INSET = 2;

export function ScoreSparkline({ history }: { history: readonly Snapshot[] }) {
  const scored = history.filter(
    (snapshot): snapshot is Snapshot & { score: number } => snapshot.score !== null,
  );
  if (scored.length < 2) return null;
  const times = scored.map(analysisTime);
  const first = times[0]!;
  const span = times.at(-1)! - first || 1;
  const points = scored.map((snapshot, i) => ({
    x: INSET + ((times[i]! - first) / span) * (WIDTH - 2 * INSET),
    y: INSET + (1 - snapshot.score / 100) * (HEIGHT - 2 * INSET),
  }));
  const last = points.at(-1)!;
  return (
    <svg
      class="score-sparkline"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width={WIDTH}
      height={HEIGHT}
      role="img"
      aria-label={t('historySparkline', scored.length, scored[0]!.score, scored.at(-1)!.score)}
    >
      <polyline points={points.map(({ x, y }) => `${x},${y}`).join(' ')} />
      <circle cx={last.x} cy={last.y} r={2} />
    </svg>
  );
}
