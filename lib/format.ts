// Showing data to people, in the browser's language and locale.
import {
  PRIVACY,
  type CheckCategory,
  type CheckImportance,
  type Privacy,
  type ReportResult,
} from './api/types';
import { t } from './i18n';

// Each name is looked up when read: a module loaded before the i18n API is ready gets the current one.
export const RESULT_LABELS: Readonly<Record<ReportResult, string>> = {
  get good() {
    return t('uiResultGood');
  },
  get decent() {
    return t('uiResultDecent');
  },
  get bad() {
    return t('uiResultBad');
  },
};
export const PRIVACY_NAMES: Readonly<Record<Privacy, string>> = {
  get [PRIVACY.public]() {
    return t('uiPrivacyPublic');
  },
  get [PRIVACY.private]() {
    return t('uiPrivacyPrivate');
  },
  get [PRIVACY.password]() {
    return t('uiPrivacyPassword');
  },
};

// One Intl.DateTimeFormat per style, made once: `toLocaleDateString` builds one per call (slow for 100 rows).
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

// Literal keys at each t(): tests/unit/lib/i18n.test.ts finds the keys in use that way.
const CATEGORY_NAMES: Record<CheckCategory, () => string> = {
  seo: () => t('checkCategorySeo'),
  performance: () => t('checkCategoryPerformance'),
  security: () => t('checkCategorySecurity'),
  miscellaneous: () => t('checkCategoryMiscellaneous'),
  other: () => t('checkCategoryOther'),
};

export const categoryName = (category: CheckCategory): string => CATEGORY_NAMES[category]();

const IMPORTANCE_NAMES: Record<CheckImportance, () => string> = {
  high: () => t('reportsImportanceHigh'),
  medium: () => t('reportsImportanceMedium'),
  low: () => t('reportsImportanceLow'),
};

export const importanceName = (importance: CheckImportance): string => IMPORTANCE_NAMES[importance]();

/** A date in the person's locale, or an em dash for none / unparseable. */
export function formatDate(iso: string | null): string {
  return format(iso, 'date') ?? '—';
}

export function formatDateTime(iso: string | null): string {
  return format(iso, 'full') ?? '';
}

let relative: Intl.RelativeTimeFormat | undefined;

/** "just now", then "5 min. ago", "3 hr. ago", "2 days ago" in the person's locale, then a date. */
export function formatAge(iso: string | null, now: number = Date.now()): string {
  const date = parseDate(iso);
  if (!date) return '—';
  const seconds = Math.max(0, (now - date.getTime()) / 1000);
  if (seconds < 60) return t('uiAgeJustNow');
  if (seconds >= 86400 * 30) return formatDate(iso);
  // numeric 'auto' says "yesterday" rather than "1 day ago".
  relative ??= new Intl.RelativeTimeFormat(undefined, { numeric: 'auto', style: 'short' });
  return seconds < 3600
    ? relative.format(-Math.floor(seconds / 60), 'minute')
    : seconds < 86400
      ? relative.format(-Math.floor(seconds / 3600), 'hour')
      : relative.format(-Math.floor(seconds / 86400), 'day');
}

function parseDate(iso: string | null): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** At most `max` characters, the cut marked with an ellipsis; a surrogate pair is never cut in half. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max - 1).replace(/[\uD800-\uDBFF]$/, '')}…`;
}

/** Shortens a long text in the middle, keeping its start and its end: "https://exa…/page". */
export function middleEllipsis(text: string, max: number): string {
  // By code point: a cut never splits a character outside the BMP (a decoded address may hold some).
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const keep = max - 1;
  const head = Math.ceil(keep * 0.6);
  return `${chars.slice(0, head).join('')}…${chars.slice(chars.length - (keep - head)).join('')}`;
}
