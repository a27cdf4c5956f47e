import { describe, expect, it } from 'vitest';
import { reportKey, sameId } from '@/lib/report-id';

describe('report ids', () => {
  it('treats 12 and "12" as the same report', () => {
    expect(sameId(12, '12')).toBe(true);
    expect(sameId('12', 12)).toBe(true);
    expect(sameId(12, 12)).toBe(true);
    expect(sameId(12, 13)).toBe(false);
    expect(sameId('12', '012')).toBe(false);
  });

  it('keys an id as its string', () => {
    expect(reportKey(12)).toBe('12');
    expect(reportKey('a b')).toBe('a b');
  });
});
