import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '@/lib/format';

describe('dates', () => {
  const iso = '2026-03-04T05:06:07Z';

  it('read as toLocaleDateString and toLocaleString would, in any locale, again and again', () => {
    for (const locale of [undefined, 'en-US', 'de-DE', 'ja-JP', 'en-US']) {
      expect(formatDate(iso, locale)).toBe(
        new Date(iso).toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' }),
      );
      expect(formatDateTime(iso, locale)).toBe(
        new Date(iso).toLocaleString(locale, { dateStyle: 'full', timeStyle: 'long' }),
      );
    }
  });

  it('say nothing for a missing or unreadable date', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
    expect(formatDateTime(null)).toBe('');
  });
});
