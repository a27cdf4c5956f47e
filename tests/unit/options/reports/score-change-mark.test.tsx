// "▼ 42 from 72" beside a score: both ends of the change shown, named in words: one point, several, none.
import { render, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { ScoreChangeMark } from '@/entrypoints/options/reports/ReportsTable';

describe('ScoreChangeMark', () => {
  it.each([
    [9, 72, '▲ 9 from 72', 'up 9 points from 72 at the previous analysis'],
    [1, 80, '▲ 1 from 80', 'up 1 point from 80 at the previous analysis'],
    [-42, 72, '▼ 42 from 72', 'down 42 points from 72 at the previous analysis'],
    [-1, 50, '▼ 1 from 50', 'down 1 point from 50 at the previous analysis'],
    [0, 64, '±0', 'unchanged since the previous analysis'],
  ])('%i from %i shows %s, named “%s”', (change, previous, mark, name) => {
    render(<ScoreChangeMark change={{ change, previous }} />);
    expect(screen.getByRole('img', { name }).textContent).toBe(mark);
  });
});
