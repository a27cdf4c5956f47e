// The score over time: the options page's chart (a listbox of analyses over the band zones, with a table
// as its text alternative) and the report card's sparkline.
import { fireEvent, render, screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { ScoreChart } from '@/components/ScoreChart';
import { ScoreSparkline } from '@/components/ScoreSparkline';
import { formatDate } from '@/lib/format';
import type { Snapshot } from '@/lib/history';
import { useTestLanguage } from '../fake-i18n';

const DAY = 24 * 60 * 60 * 1000;
const START = Date.parse('2026-10-20T09:00:00Z');

function analysis(day: number, score: number | null, band: Snapshot['band']): Snapshot {
  const generatedAt = new Date(START + day * DAY).toISOString();
  return {
    generatedAt,
    takenAt: START + day * DAY + 1000,
    score,
    band,
    counts: { high: 0, medium: 0, low: 0, passed: 30 },
    failed: [],
  };
}

// Bad, then decent, then an analysis with a word only (API.md), then good.
const HISTORY = [
  analysis(0, 42, 'bad'),
  analysis(7, 64, 'decent'),
  analysis(10, null, 'decent'),
  analysis(14, 81, 'good'),
];
const day = (index: number) => formatDate(HISTORY[index]!.generatedAt);

describe('ScoreChart', () => {
  it('is a listbox of the scored analyses, each named by date, score and band; the newest chosen', () => {
    render(<ScoreChart history={HISTORY} />);
    const chart = screen.getByRole('listbox', { name: 'Score over time' });
    const points = within(chart).getAllByRole('option');
    expect(points.map((point) => point.getAttribute('aria-label'))).toEqual([
      `${day(0)}: score 42, Bad`,
      `${day(1)}: score 64, Decent`,
      `${day(3)}: score 81, Good`,
    ]);
    expect(within(chart).getByRole('option', { selected: true })).toBe(points[2]);
    // One tab stop: the chosen point.
    expect(points.map((point) => point.getAttribute('tabindex'))).toEqual(['-1', '-1', '0']);
    expect(chart.getAttribute('aria-describedby')).toBeTruthy();
    const hint = document.getElementById(chart.getAttribute('aria-describedby')!);
    expect(hint?.textContent).toBe('Arrow keys move between the analyses.');
  });

  it('moves between the analyses with the arrow keys, Home and End, and marks the one chosen', () => {
    render(<ScoreChart history={HISTORY} />);
    const chart = screen.getByRole('listbox', { name: 'Score over time' });
    const newest = within(chart).getByRole('option', { name: `${day(3)}: score 81, Good` });
    newest.focus();

    fireEvent.keyDown(newest, { key: 'ArrowLeft' });
    const middle = within(chart).getByRole('option', { name: `${day(1)}: score 64, Decent` });
    expect(document.activeElement).toBe(middle);
    expect(middle.getAttribute('aria-selected')).toBe('true');
    expect(middle.getAttribute('tabindex')).toBe('0');

    fireEvent.keyDown(middle, { key: 'Home' });
    expect(document.activeElement?.getAttribute('aria-label')).toBe(`${day(0)}: score 42, Bad`);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(document.activeElement?.getAttribute('aria-label')).toBe(`${day(0)}: score 42, Bad`);

    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toBe(newest);
    expect(newest.getAttribute('aria-selected')).toBe('true');
  });

  it('chooses a point that is clicked', () => {
    render(<ScoreChart history={HISTORY} />);
    const oldest = screen.getByRole('option', { name: `${day(0)}: score 42, Bad` });
    fireEvent.click(oldest);
    expect(oldest.getAttribute('aria-selected')).toBe('true');
  });

  it('draws each point inside the zone of its band', () => {
    const { container } = render(<ScoreChart history={HISTORY} />);
    const zone = (band: string) => {
      const rect = container.querySelector(`.score-chart__zone--${band} rect`)!;
      const top = Number(rect.getAttribute('y'));
      return { top, bottom: top + Number(rect.getAttribute('height')) };
    };
    const heightOf = (name: string) => Number(screen.getByRole('option', { name }).getAttribute('cy'));
    const inside = (y: number, { top, bottom }: { top: number; bottom: number }) => y > top && y < bottom;
    expect(inside(heightOf(`${day(0)}: score 42, Bad`), zone('bad'))).toBe(true);
    expect(inside(heightOf(`${day(1)}: score 64, Decent`), zone('decent'))).toBe(true);
    expect(inside(heightOf(`${day(3)}: score 81, Good`), zone('good'))).toBe(true);
    // The zones meet at the bands' limits: decent from 49, good from 80.
    expect(zone('good').bottom).toBe(zone('decent').top);
    expect(zone('decent').bottom).toBe(zone('bad').top);
  });

  it('tells every analysis in a table: date, score, result', () => {
    render(<ScoreChart history={HISTORY} />);
    const table = screen.getByRole('table', { name: 'Analyses of this page' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole(/cell|columnheader/)
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Analysed', 'Score', 'Result'],
      [day(0), '42', 'Bad'],
      [day(1), '64', 'Decent'],
      [day(2), 'No score', 'Decent'],
      [day(3), '81', 'Good'],
    ]);
  });

  it('shows only the table when no analysis has a score, and nothing without analyses', () => {
    const { container, rerender } = render(<ScoreChart history={[analysis(0, null, 'good')]} />);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('table', { name: 'Analyses of this page' }).classList).not.toContain(
      'visually-hidden',
    );
    rerender(<ScoreChart history={[]} />);
    expect(container.textContent).toBe('');
  });

  it('speaks German', () => {
    useTestLanguage('de');
    render(<ScoreChart history={HISTORY} />);
    const chart = screen.getByRole('listbox', { name: 'Bewertung im Zeitverlauf' });
    expect(within(chart).getByRole('option', { selected: true }).getAttribute('aria-label')).toBe(
      `${day(3)}: Bewertung 81, Gut`,
    );
    expect(screen.getByRole('table', { name: 'Analysen dieser Seite' })).toBeTruthy();
  });
});

describe('ScoreSparkline', () => {
  it('is one image summarising the scores from first to last', () => {
    render(<ScoreSparkline history={HISTORY} />);
    expect(screen.getByRole('img', { name: 'Score over 3 analyses: 42 → 81' })).toBeTruthy();
  });

  it('draws a big drop big: the whole 0–100 scale over the bands, a 42-point fall over a third of its height', () => {
    const { container } = render(
      <ScoreSparkline history={[analysis(0, 72, 'decent'), analysis(1, 30, 'bad')]} />,
    );
    const svg = container.querySelector('svg')!;
    const height = Number(svg.getAttribute('height'));
    const [from, to] = svg
      .querySelector('polyline')!
      .getAttribute('points')!
      .split(' ')
      .map((point) => Number(point.split(',')[1]));
    expect(to! - from!).toBeGreaterThanOrEqual(height / 3);
    const bands = [...svg.querySelectorAll('rect')].map((rect) => rect.getAttribute('class'));
    expect(bands).toEqual([
      'score-sparkline__band--good',
      'score-sparkline__band--decent',
      'score-sparkline__band--bad',
    ]);
    // The bands meet where the service's do: 72 lies in the decent strip, 30 in the bad one.
    const strip = (band: string) => svg.querySelector(`.score-sparkline__band--${band}`)!;
    const inStrip = (band: string, y: number) => {
      const top = Number(strip(band).getAttribute('y'));
      return y >= top && y <= top + Number(strip(band).getAttribute('height'));
    };
    expect(inStrip('decent', from!)).toBe(true);
    expect(inStrip('bad', to!)).toBe(true);
  });

  it('shows nothing until two analyses have a score', () => {
    const { container } = render(
      <ScoreSparkline history={[analysis(0, 42, 'bad'), analysis(1, null, 'good')]} />,
    );
    expect(container.textContent).toBe('');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('speaks German', () => {
    useTestLanguage('de');
    render(<ScoreSparkline history={HISTORY} />);
    expect(screen.getByRole('img', { name: 'Bewertung über 3 Analysen: 42 → 81' })).toBeTruthy();
  });
});
