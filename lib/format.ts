// Small pure helpers for showing data to people.
import type { Privacy, ReportResult } from './api/types';

export const RESULT_LABELS: Record<ReportResult, string> = { good: 'Good', decent: 'Decent', bad: 'Bad' };
export const PRIVACY_NAMES: Record<Privacy, string> = { 0: 'Public', 1: 'Private', 2: 'Password' };

// One Intl.DateTimeFormat per style, in the person's locale, made once: `toLocaleDateString(locale, options)`
// builds a new one on every call, which was most of the time a 100-row table took to render.
const formats: { date?: Intl.DateTimeFormat; full?: Intl.DateTimeFormat } = {};

function format(iso: string | null, style: 'date' | 'full'): string | null {
  const date = parseDate(iso);
  return date
    ? (formats[style] ??= new Intl.DateTimeFormat(
        undefined,
        style === 'full'
          ? { dateStyle: 'full', timeStyle: 'long' }
          : { year: 'numeric', month: 'short', day: 'numeric' },
      )).format(date)
    : null;
}

/** A date in the person's locale, or an em dash for none / unparseable. */
export function formatDate(iso: string | null): string {
  return format(iso, 'date') ?? '—';
}

/** The exact moment in the person's locale, for a tooltip. */
export function formatDateTime(iso: string | null): string {
  return format(iso, 'full') ?? '';
}

/** "just now", "5 min ago", "3 h ago", "2 d ago", then a date. */
export function formatAge(iso: string | null, now: number = Date.now()): string {
  const date = parseDate(iso);
  if (!date) return '—';
  const seconds = Math.max(0, (now - date.getTime()) / 1000);
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86400) return `${Math.floor(seconds / 3600)} h ago`;
  if (seconds < 86400 * 30) return `${Math.floor(seconds / 86400)} d ago`;
  return formatDate(iso);
}

function parseDate(iso: string | null): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Shortens a long text in the middle, keeping its start and its end: "https://exa…/page". */
export function middleEllipsis(text: string, max: number): string {
  if (text.length <= max) return text;
  const keep = max - 1;
  const head = Math.ceil(keep * 0.6);
  return `${text.slice(0, head)}…${text.slice(text.length - (keep - head))}`;
}
