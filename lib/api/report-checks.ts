// A report's `results` (phpRank's tests, keyed by name) turned into what a person reads: what failed,
// how much it matters, and a short detail. It runs inside the answer's schema, so nothing here may throw:
// what we do not understand is skipped or shown as sent.
import { clip } from '../format';
import { t, type MessageKey } from '../i18n';
import { isRecord } from '../is-record';
import { isPlainWebUrl } from '../page-url';
import type { CheckCategory, CheckImportance, FailedCheck } from '../report-store';

export interface ReportChecks {
  counts: { high: number; medium: number; low: number; passed: number };
  /** By category (CATEGORY_ORDER), then importance, then the service's order. */
  failures: FailedCheck[];
  /** The TOP_FAILURES most important, chosen here so the popup needs no ranking. */
  top: FailedCheck[];
}

const TOP_FAILURES = 3;

const CATEGORY_ORDER: readonly CheckCategory[] = ['seo', 'performance', 'security', 'miscellaneous', 'other'];
const IMPORTANCE_ORDER: readonly CheckImportance[] = ['high', 'medium', 'low'];
const MAX_TEXT = 120;

// Keys come from the server: "constructor" or "__proto__" must not find Object.prototype's members.
function own<T>(table: Record<string, T>, key: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined;
}

function shortText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.replace(/\s+/g, ' ').trim();
  return text === '' ? null : clip(text, MAX_TEXT);
}

/** A finite number, also from a numeric string (some PHP setups send numbers as strings). */
function toNumber(value: unknown): number | null {
  const number = typeof value === 'string' && /^\s*-?\d+(?:\.\d+)?\s*$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
}

const numberFormats: Intl.NumberFormat[] = [];
const formatNumber = (value: number, decimals = 0) =>
  (numberFormats[decimals] ??= new Intl.NumberFormat(undefined, { maximumFractionDigits: decimals })).format(
    value,
  );

function formatBytes(bytes: number): string {
  if (Math.abs(bytes) < 1000) return `${formatNumber(bytes)} B`;
  if (Math.abs(bytes) < 1_000_000) return `${formatNumber(bytes / 1000)} KB`;
  return `${formatNumber(bytes / 1_000_000, 1)} MB`;
}

/** Items in a list; PHP sends a list with gaps in its keys as an object, so count those too. */
const itemCount = (value: unknown): number | null =>
  Array.isArray(value) ? value.length : isRecord(value) ? Object.keys(value).length : null;

/** The sum of the lists inside an object such as {"JavaScripts": [...], "CSS": [...]}. */
const nestedCount = (value: unknown): number | null =>
  isRecord(value)
    ? Object.values(value).reduce((total: number, list) => total + (itemCount(list) ?? 0), 0)
    : itemCount(value);

type Counted = (count: number) => string;

type Errors = Record<string, unknown>;
type Detail = (value: unknown, errors: Errors) => string | null;

/** "2.8 s (limit 2 s)", the limit from an error such as {too_slow: {max: 2}}. */
function measured(
  errorKey: string,
  side: 'min' | 'max',
  show: (n: number) => string,
  amountOf: (value: unknown) => number | null = toNumber,
): Detail {
  return (value, errors) => {
    const amount = amountOf(value);
    const error = own(errors, errorKey);
    const limit = isRecord(error) ? toNumber(own(error, side)) : null;
    if (amount === null || limit === null) return amount === null ? null : show(amount);
    return side === 'max'
      ? t('checkLimit', show(amount), show(limit))
      : t('checkMinimum', show(amount), show(limit));
  };
}

/** "3 images": how many items the service listed under the error. */
function listed(errorKey: string, counted: Counted): Detail {
  return (_value, errors) => {
    const list = own(errors, errorKey) ?? Object.values(errors).find((v) => itemCount(v) !== null);
    const count = itemCount(list);
    return count ? counted(count) : null;
  };
}

const valueText: Detail = (value) => (typeof value === 'string' ? value : null);

/** "<font> ×3, <center>" from {bad_tags: {"font": 3, "center": 1}} (or a plain list of tags). */
const deprecatedTags: Detail = (_value, errors) => {
  const tags = own(errors, 'bad_tags');
  const entries: [string, unknown][] = Array.isArray(tags)
    ? tags.filter((tag) => typeof tag === 'string').map((tag) => [tag, 1])
    : isRecord(tags)
      ? Object.entries(tags)
      : [];
  const parts = entries.map(([tag, count]) => {
    const times = toNumber(count);
    return times !== null && times > 1 ? `<${tag}> ×${formatNumber(times)}` : `<${tag}>`;
  });
  return parts.join(', ');
};

/** The words of the title that the content lacks. */
const missingKeywords: Detail = (_value, errors) => {
  const words = own(errors, 'missing');
  return Array.isArray(words) ? words.filter((w) => typeof w === 'string').join(', ') : null;
};

const seconds = (n: number) => `${formatNumber(n, 2)} s`;
const percent = (n: number) => `${formatNumber(n, 1)}%`;
// One noun each, singular and plural (English and German need no other forms).
const n = formatNumber;
const images: Counted = (c) => (c === 1 ? t('checkImage', n(c)) : t('checkImages', n(c)));
const links: Counted = (c) => (c === 1 ? t('checkLink', n(c)) : t('checkLinks', n(c)));
const requests: Counted = (c) => (c === 1 ? t('checkRequest', n(c)) : t('checkRequests', n(c)));
const scripts: Counted = (c) => (c === 1 ? t('checkScript', n(c)) : t('checkScripts', n(c)));
const elements: Counted = (c) => (c === 1 ? t('checkElement', n(c)) : t('checkElements', n(c)));
const resources: Counted = (c) => (c === 1 ? t('checkResource', n(c)) : t('checkResources', n(c)));
const addresses: Counted = (c) => (c === 1 ? t('checkAddress', n(c)) : t('checkAddresses', n(c)));
const words: Counted = (c) => (c === 1 ? t('checkWord', n(c)) : t('checkWords', n(c)));

/**
 * phpRank 1.5.0's tests, one row each: category, documented importance, the error keys it has a sentence
 * for (`check<Key><ErrorKey>`, besides its generic `checkProblem<Key>`), and the detail where its value
 * says more than its name.
 */
type Row = [category: CheckCategory, importance: CheckImportance, names: string, detail?: Detail];

export const TESTS: Record<string, Row> = {
  title: ['seo', 'high', 'missing length', valueText],
  meta_description: ['seo', 'high', 'missing length', valueText],
  headings: ['seo', 'high', 'missing too_many duplicate'],
  content_keywords: ['seo', 'high', 'missing', missingKeywords],
  image_keywords: ['seo', 'high', 'missing', listed('missing', images)],
  seo_friendly_url: ['seo', 'high', 'bad_format'],
  '404_page': ['seo', 'high', 'missing'],
  robots: ['seo', 'high', 'failed'],
  noindex: ['seo', 'high', 'missing'],
  in_page_links: ['seo', 'medium', 'too_many', measured('too_many', 'max', links, nestedCount)],
  language: ['seo', 'medium', 'missing'],
  favicon: ['seo', 'medium', 'missing'],
  text_compression: ['performance', 'high', 'missing'],
  load_time: ['performance', 'high', 'too_slow', measured('too_slow', 'max', seconds)],
  page_size: ['performance', 'high', 'too_large', measured('too_large', 'max', formatBytes)],
  http_requests: ['performance', 'high', 'too_many', measured('too_many', 'max', requests, nestedCount)],
  image_format: ['performance', 'medium', 'bad_format', listed('bad_format', images)],
  defer_javascript: ['performance', 'low', 'missing', listed('missing', scripts)],
  dom_size: ['performance', 'low', 'too_many', measured('too_many', 'max', elements)],
  https_encryption: ['security', 'high', 'missing'],
  mixed_content: ['security', 'high', 'failed', listed('failed', resources)],
  server_signature: ['security', 'medium', 'failed', valueText],
  unsafe_cross_origin_links: ['security', 'medium', 'failed', listed('failed', links)],
  plaintext_email: ['security', 'low', 'failed', listed('failed', addresses)],
  structured_data: ['miscellaneous', 'medium', 'missing'],
  meta_viewport: ['miscellaneous', 'medium', 'missing'],
  charset: ['miscellaneous', 'medium', 'missing'],
  sitemap: ['miscellaneous', 'low', 'missing failed'],
  social: ['miscellaneous', 'low', 'missing'],
  content_length: ['miscellaneous', 'low', 'too_few', measured('too_few', 'min', words)],
  text_html_ratio: ['miscellaneous', 'low', 'too_small', measured('too_small', 'min', percent)],
  inline_css: ['miscellaneous', 'low', 'failed', listed('failed', elements)],
  deprecated_html_tags: ['miscellaneous', 'low', 'bad_tags', deprecatedTags],
};

const pascal = (key: string) =>
  key.replace(/(?:^|_)([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
export const problemKey = (test: string) => `checkProblem${pascal(test)}` as MessageKey;
export const failureKey = (test: string, error: string) =>
  `check${pascal(test)}${pascal(error)}` as MessageKey;

/** true/false as PHP may send them (1, "1", "true"...); null when neither. */
function passedState(value: unknown): boolean | null {
  const word = typeof value === 'string' ? value.trim().toLowerCase() : value;
  if (word === true || word === 1 || word === '1' || word === 'true') return true;
  if (word === false || word === 0 || word === '0' || word === 'false') return false;
  return null;
}

function importanceOf(value: unknown, fallback: CheckImportance): CheckImportance {
  const word = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return (IMPORTANCE_ORDER as readonly string[]).includes(word) ? (word as CheckImportance) : fallback;
}

/** An empty PHP array arrives as [], a list of keys is read as such. */
function errorsOf(value: unknown): Errors {
  if (isRecord(value)) return value;
  if (!Array.isArray(value)) return {};
  return Object.fromEntries(value.filter((key) => typeof key === 'string').map((key) => [key, null]));
}

function failedCheck(key: string, entry: Record<string, unknown>): FailedCheck {
  const [category, importance, names, describe]: Row = own(TESTS, key) ?? ['other', 'low', ''];
  const errors = errorsOf(entry.errors);
  // The first error key this test has a name for; the others add nothing a person needs.
  const named = Object.keys(errors).find((error) => names !== '' && names.split(' ').includes(error));
  let detail: string | null = null;
  try {
    detail = shortText(describe?.(entry.value, errors) ?? null);
  } catch {
    detail = null; // A shape we did not foresee: the name alone still helps.
  }
  return {
    key,
    name: named ? t(failureKey(key, named)) : checkName(key),
    category,
    importance: importanceOf(entry.importance, importance),
    detail,
  };
}

function rank(check: FailedCheck): [number, number] {
  return [CATEGORY_ORDER.indexOf(check.category), IMPORTANCE_ORDER.indexOf(check.importance)];
}

/** null when `results` holds no test at all (missing, null, empty, not an object, no readable test). */
export function summarizeChecks(results: unknown): ReportChecks | null {
  if (!isRecord(results)) return null;
  const counts = { high: 0, medium: 0, low: 0, passed: 0 };
  const failures: FailedCheck[] = [];
  for (const [key, entry] of Object.entries(results)) {
    if (!isRecord(entry)) continue;
    const passed = passedState(entry.passed);
    if (passed === true) counts.passed += 1;
    if (passed !== false) continue;
    const check = failedCheck(key, entry);
    counts[check.importance] += 1;
    failures.push(check);
  }
  if (counts.passed + failures.length === 0) return null;
  // Array.prototype.sort is stable: equal ranks keep the service's order.
  failures.sort((a, b) => rank(a)[0] - rank(b)[0] || rank(a)[1] - rank(b)[1]);
  return { counts, failures, top: topFailures(failures) };
}

/** The TOP_FAILURES most important, ties in category order. */
export function topFailures(failures: readonly FailedCheck[]): FailedCheck[] {
  const byImportance = [...failures].sort((a, b) => rank(a)[1] - rank(b)[1] || rank(a)[0] - rank(b)[0]);
  return byImportance.slice(0, TOP_FAILURES);
}

/** The name of test `key` by its key alone (a history keeps no error keys); an unknown test's key. */
export function checkName(key: string): string {
  return own(TESTS, key) ? t(problemKey(key)) : (shortText(key) ?? t('checkUnnamed'));
}

/** The full page address the service reached (results.seo_friendly_url.value), when it is http(s). */
export function reachedAddress(results: unknown): string | null {
  const entry = isRecord(results) ? results.seo_friendly_url : undefined;
  const value = isRecord(entry) && typeof entry.value === 'string' ? entry.value.trim() : '';
  // A URL parser forgives a lot (drops newlines, extra slashes): show only an address written plainly.
  return isPlainWebUrl(value) ? value : null;
}
