import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '@/lib/format';

describe('dates', () => {
  const iso = '2026-03-04T05:06:07Z';

  it('read as toLocaleDateString and toLocaleString would, again and again', () => {
    for (const day of [iso, '2025-12-31T23:59:59Z', iso]) {
      expect(formatDate(day)).toBe(
        new Date(day).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' }),
      );
      expect(formatDateTime(day)).toBe(
        new Date(day).toLocaleString(undefined, { dateStyle: 'full', timeStyle: 'long' }),
      );
    }
  });

  it('say nothing for a missing or unreadable date', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
    expect(formatDateTime(null)).toBe('');
  });
});
