// A report card's line of its score over time: no axes, no library, one image with a summary for
// screen readers ("Score over 4 analyses: 64 → 81"). Nothing until two analyses have a score. Drawn on
// the whole 0–100 scale over the bands' colours, so a drop from good to bad looks like one.
import { DECENT_FROM, GOOD_ABOVE } from '@/lib/api/score';
import { analysisTime, type Snapshot } from '@/lib/history';
import { t } from '@/lib/i18n';
import './score-sparkline.css';

const WIDTH = 64;
const HEIGHT = 28;
const INSET = 2;

const yOf = (score: number) => INSET + (1 - score / 100) * (HEIGHT - 2 * INSET);
/** Each band's strip, top to bottom, edge to edge. */
const BANDS = [
  { band: 'good', top: 0, bottom: yOf(GOOD_ABOVE + 0.5) },
  { band: 'decent', top: yOf(GOOD_ABOVE + 0.5), bottom: yOf(DECENT_FROM - 0.5) },
  { band: 'bad', top: yOf(DECENT_FROM - 0.5), bottom: HEIGHT },
];

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
    y: yOf(snapshot.score),
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
      {BANDS.map(({ band, top, bottom }) => (
        <rect
          key={band}
          class={`score-sparkline__band--${band}`}
          y={top}
          width={WIDTH}
          height={bottom - top}
        />
      ))}
      <polyline points={points.map(({ x, y }) => `${x},${y}`).join(' ')} />
      <circle cx={last.x} cy={last.y} r={2} />
    </svg>
  );
}
