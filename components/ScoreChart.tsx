// A page's score over time: a point per analysis over the zones of the bands. The points form a listbox
// (one tab stop, arrow keys move between analyses, each named "3 Nov 2026: score 81, Good"), and a table
// of the analyses tells the same to screen readers. Colours come from the theme's band variables.
import { useId, useRef, useState } from 'preact/hooks';
import { DECENT_FROM, GOOD_ABOVE } from '@/lib/api/score';
import type { ReportResult } from '@/lib/api/types';
import { formatDate, RESULT_LABELS } from '@/lib/format';
import { analysisTime, type Snapshot } from '@/lib/history';
import { t } from '@/lib/i18n';
import './score-chart.css';

const WIDTH = 560;
const HEIGHT = 200;
const PLOT = { left: 30, right: WIDTH - 56, top: 12, bottom: HEIGHT - 24 };
/** Score ranges of the zones: a band's lowest whole score up to the next band's. */
const ZONES: readonly { band: ReportResult; from: number; to: number }[] = [
  { band: 'good', from: GOOD_ABOVE + 1, to: 100 },
  { band: 'decent', from: DECENT_FROM, to: GOOD_ABOVE + 1 },
  { band: 'bad', from: 0, to: DECENT_FROM },
];
const TICKS = [0, DECENT_FROM, GOOD_ABOVE + 1, 100];

export type ChartAnalysis = Pick<Snapshot, 'generatedAt' | 'takenAt' | 'score' | 'band'> & {
  /** Said after the point's score, and in the table's extra column ("12 pages, 7 joined"). */
  note?: string;
  /** Drawn over a dashed line at the point: something started here ("+7"). */
  mark?: string;
};

const yOf = (score: number) => PLOT.bottom - (score / 100) * (PLOT.bottom - PLOT.top);

function pointsOf(history: readonly ChartAnalysis[]) {
  const scored = history.flatMap((snapshot, index) =>
    snapshot.score === null ? [] : [{ snapshot, index, score: snapshot.score, time: analysisTime(snapshot) }],
  );
  const first = Math.min(...scored.map((each) => each.time));
  const span = Math.max(...scored.map((each) => each.time)) - first;
  return scored.map(({ snapshot, index, score, time }) => ({
    index,
    x:
      span === 0
        ? (PLOT.left + PLOT.right) / 2
        : PLOT.left + ((time - first) / span) * (PLOT.right - PLOT.left),
    y: yOf(score),
    score,
    name:
      t('historyPoint', formatDate(snapshot.generatedAt), score, bandName(snapshot.band)) +
      (snapshot.note ? ` · ${snapshot.note}` : ''),
  }));
}

/** The chosen point's value stays clear of the axis labels at either end. */
function anchorAt(x: number): 'start' | 'middle' | 'end' {
  if (x - PLOT.left < 12) return 'start';
  return PLOT.right - x < 12 ? 'end' : 'middle';
}

function bandName(band: ReportResult | null): string {
  return band ? RESULT_LABELS[band] : t('uiNone');
}

export function ScoreChart({
  history,
  label = t('historyChartLabel'),
  caption = t('historyTableCaption'),
  noteColumn,
}: {
  history: readonly ChartAnalysis[];
  label?: string;
  caption?: string;
  /** The heading of the table's column of notes: without it, no such column. */
  noteColumn?: string;
}) {
  const points = pointsOf(history);
  const [chosen, setChosen] = useState<number | null>(null);
  const selected = Math.min(chosen ?? points.length - 1, points.length - 1);
  const elements = useRef<(SVGCircleElement | null)[]>([]);
  const hintId = useId();

  if (history.length === 0) return null;

  function onKeyDown(event: KeyboardEvent) {
    const moves: Record<string, number> = {
      ArrowRight: selected + 1,
      ArrowDown: selected + 1,
      ArrowLeft: selected - 1,
      ArrowUp: selected - 1,
      Home: 0,
      End: points.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    elements.current[Math.max(0, Math.min(next, points.length - 1))]?.focus();
  }

  const active = points[selected];
  return (
    <figure class="score-chart">
      {points.length > 0 && (
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="listbox"
          aria-label={label}
          aria-describedby={hintId}
          aria-orientation="horizontal"
          onKeyDown={onKeyDown}
        >
          <g aria-hidden="true">
            {ZONES.map(({ band, from, to }) => (
              <g key={band} class={`score-chart__zone score-chart__zone--${band}`}>
                <rect x={PLOT.left} y={yOf(to)} width={PLOT.right - PLOT.left} height={yOf(from) - yOf(to)} />
                <text x={PLOT.right + 6} y={(yOf(from) + yOf(to)) / 2} dominant-baseline="middle">
                  {RESULT_LABELS[band]}
                </text>
              </g>
            ))}
            {TICKS.map((tick) => (
              <text key={tick} class="score-chart__tick" x={PLOT.left - 6} y={yOf(tick)} text-anchor="end">
                {tick}
              </text>
            ))}
            <text class="score-chart__tick" x={PLOT.left} y={HEIGHT - 6}>
              {formatDate(history[points[0]!.index]!.generatedAt)}
            </text>
            {points.length > 1 && (
              <text class="score-chart__tick" x={PLOT.right} y={HEIGHT - 6} text-anchor="end">
                {formatDate(history[points.at(-1)!.index]!.generatedAt)}
              </text>
            )}
            {points.map(({ index, x }) => {
              const mark = history[index]!.mark;
              return mark ? (
                <g key={`mark-${index}`} class="score-chart__mark">
                  <line x1={x} x2={x} y1={PLOT.top} y2={PLOT.bottom} />
                  <text
                    x={PLOT.right - x < 60 ? x - 4 : x + 4}
                    y={PLOT.bottom - 4}
                    text-anchor={PLOT.right - x < 60 ? 'end' : 'start'}
                  >
                    {mark}
                  </text>
                </g>
              ) : null;
            })}
            <polyline class="score-chart__line" points={points.map(({ x, y }) => `${x},${y}`).join(' ')} />
            {active && (
              <text
                class="score-chart__value"
                x={active.x}
                y={active.y - 10}
                text-anchor={anchorAt(active.x)}
              >
                {active.score}
              </text>
            )}
          </g>
          {points.map((point, position) => (
            <circle
              key={point.index}
              ref={(element) => {
                elements.current[position] = element;
              }}
              class="score-chart__point"
              cx={point.x}
              cy={point.y}
              r={position === selected ? 6 : 4}
              role="option"
              aria-label={point.name}
              aria-selected={position === selected}
              tabindex={position === selected ? 0 : -1}
              onFocus={() => setChosen(position)}
              onClick={() => elements.current[position]?.focus()}
            />
          ))}
        </svg>
      )}
      <p id={hintId} class="visually-hidden">
        {t('historyChartKeys')}
      </p>
      {/* Without a single score there is no chart: the table is all there is, so it shows. */}
      <table class={points.length > 0 ? 'visually-hidden' : 'score-chart__table'}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('historyColumnDate')}</th>
            <th scope="col">{t('historyColumnScore')}</th>
            <th scope="col">{t('historyColumnResult')}</th>
            {noteColumn ? <th scope="col">{noteColumn}</th> : null}
          </tr>
        </thead>
        <tbody>
          {history.map((snapshot) => (
            <tr key={snapshot.generatedAt}>
              <td>
                <time dateTime={snapshot.generatedAt}>{formatDate(snapshot.generatedAt)}</time>
              </td>
              <td>{snapshot.score ?? t('uiNoScore')}</td>
              <td>{bandName(snapshot.band)}</td>
              {noteColumn ? <td>{snapshot.note ?? ''}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
