// "▲ 9" beside a score, named in words: one point, several, none.
import { render, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { ScoreChangeMark } from '@/components/ScoreChangeMark';

describe('ScoreChangeMark', () => {
  it.each([
    [9, '▲ 9', 'up 9 points since the previous analysis'],
    [1, '▲ 1', 'up 1 point since the previous analysis'],
    [-4, '▼ 4', 'down 4 points since the previous analysis'],
    [-1, '▼ 1', 'down 1 point since the previous analysis'],
    [0, '±0', 'unchanged since the previous analysis'],
  ])('%i shows %s, named “%s”', (change, mark, name) => {
    render(<ScoreChangeMark change={change} />);
    expect(screen.getByRole('img', { name }).textContent).toBe(mark);
  });
});
