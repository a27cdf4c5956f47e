// A report's `results` (phpRank's tests, keyed by name) turned into what a person reads: what failed,
// how much it matters, and a short detail. The input comes straight from a server, so nothing here may
// throw: every value is checked by hand and anything we do not understand is skipped or shown as sent.
// Texts are plain data (the UI renders text, never markup), only shortened.

import { isPlainWebUrl } from '../web-url';

export type CheckImportance = 'high' | 'medium' | 'low';
export type CheckCategory = 'seo' | 'performance' | 'security' | 'miscellaneous' | 'other';

export interface FailedCheck {
  /** The test's key as the service sent it, e.g. "meta_description". */
  key: string;
  /** A plain name of what is wrong: "Meta description missing", "Page loads slowly". Unknown tests: their key. */
  name: string;
  category: CheckCategory;
  importance: CheckImportance;
  /** A short text of the value where it helps ("2.8 s (limit 2 s)", "3 images"), else null. At most 120 characters. */
  detail: string | null;
}

export interface ReportChecks {
  /** Failed tests by importance, and passed tests. */
  counts: { high: number; medium: number; low: number; passed: number };
  /** Failed tests: categories in the order SEO, Performance, Security, Miscellaneous, Other; within a category high before medium before low; then the service's order. */
  failures: FailedCheck[];
  /** The TOP_FAILURES most important of them (topFailures), chosen here so the popup needs no ranking. */
  top: FailedCheck[];
}

/** How many failures the popup shows for a page. */
export const TOP_FAILURES = 3;

export const CHECK_CATEGORY_LABELS: Record<CheckCategory, string> = {
  seo: 'SEO',
  performance: 'Performance',
  security: 'Security',
  miscellaneous: 'Miscellaneous',
  other: 'Other tests',
};

const CATEGORY_ORDER: readonly CheckCategory[] = ['seo', 'performance', 'security', 'miscellaneous', 'other'];
const IMPORTANCE_ORDER: readonly CheckImportance[] = ['high', 'medium', 'low'];
const MAX_TEXT = 120;

// ---------------------------------------------------------------------------------------------------
// Small helpers

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// Keys come from the server: "constructor" or "__proto__" must not find Object.prototype's members.
function own<T>(table: Record<string, T>, key: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined;
}

/** One line of text, at most MAX_TEXT characters, or null when there is none. */
function shortText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.replace(/\s+/g, ' ').trim();
  if (text === '') return null;
  if (text.length <= MAX_TEXT) return text;
  // Do not cut a surrogate pair in half.
  const cut = text.slice(0, MAX_TEXT - 1).replace(/[\uD800-\uDBFF]$/, '');
  return `${cut}…`;
}

/** A finite number, also from a numeric string (some PHP setups send numbers as strings). */
function toNumber(value: unknown): number | null {
  const number = typeof value === 'string' && /^\s*-?\d+(?:\.\d+)?\s*$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
}

/** "1,500", "2.8", "1.73": at most `decimals` decimals, digits grouped, no locale surprises. */
function formatNumber(value: number, decimals = 0): string {
  const [whole = '', fraction] = String(Number(value.toFixed(decimals))).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction ? `${grouped}.${fraction}` : grouped;
}

function formatBytes(bytes: number): string {
  if (Math.abs(bytes) < 1000) return `${formatNumber(bytes)} B`;
  if (Math.abs(bytes) < 1_000_000) return `${formatNumber(bytes / 1000)} KB`;
  return `${formatNumber(bytes / 1_000_000, 1)} MB`;
}

/** Items in a list; PHP sends a list with gaps in its keys as an object, so count those too. */
function itemCount(value: unknown): number | null {
  if (Array.isArray(value)) return value.length;
  if (isRecord(value)) return Object.keys(value).length;
  return null;
}

/** The sum of the lists inside an object such as {"JavaScripts": [...], "CSS": [...]}. */
function nestedCount(value: unknown): number | null {
  if (!isRecord(value)) return itemCount(value);
  let total = 0;
  for (const list of Object.values(value)) total += itemCount(list) ?? 0;
  return total;
}

function plural(count: number, singular: string, many: string): string {
  return `${formatNumber(count)} ${count === 1 ? singular : many}`;
}

// ---------------------------------------------------------------------------------------------------
// Detail formatters: (value, errors) → short text or null.

type Errors = Record<string, unknown>;
type Detail = (value: unknown, errors: Errors) => string | null;

/** A bound from an error such as {too_slow: {max: 2}}. */
function bound(errors: Errors, errorKey: string, side: 'min' | 'max'): number | null {
  const error = own(errors, errorKey);
  return isRecord(error) ? toNumber(own(error, side)) : null;
}

/** "2.8 s (limit 2 s)": a measured number with its limit, each formatted by `show`. */
function measured(
  errorKey: string,
  side: 'min' | 'max',
  show: (n: number) => string,
  amountOf: (value: unknown) => number | null = toNumber,
): Detail {
  const label = side === 'max' ? 'limit' : 'minimum';
  return (value, errors) => {
    const amount = amountOf(value);
    if (amount === null) return null;
    const limit = bound(errors, errorKey, side);
    return shortText(limit === null ? show(amount) : `${show(amount)} (${label} ${show(limit)})`);
  };
}

/** "3 images": how many items the service listed under the error. */
function listed(errorKey: string, singular: string, many: string): Detail {
  return (_value, errors) => {
    const list = own(errors, errorKey) ?? Object.values(errors).find((v) => itemCount(v) !== null);
    const count = itemCount(list);
    return count ? plural(count, singular, many) : null;
  };
}

const valueText: Detail = (value) => shortText(value);

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
  return shortText(parts.join(', '));
};

/** "pricing, plans": the words of the title that the content lacks. */
const missingKeywords: Detail = (_value, errors) => {
  const words = own(errors, 'missing');
  return Array.isArray(words) ? shortText(words.filter((w) => typeof w === 'string').join(', ')) : null;
};

// ---------------------------------------------------------------------------------------------------
// The tests of phpRank 1.5.0, in three tables keyed by the test's key.

type Definition = readonly [category: CheckCategory, importance: CheckImportance, subject: string];

/** Category, documented importance, and what the generic name says has a problem ("Title has a problem"). */
const TESTS: Record<string, Definition> = {
  title: ['seo', 'high', 'Title'],
  meta_description: ['seo', 'high', 'Meta description'],
  headings: ['seo', 'high', 'Headings'],
  content_keywords: ['seo', 'high', 'Content keywords'],
  image_keywords: ['seo', 'high', 'Image alt text'],
  seo_friendly_url: ['seo', 'high', 'Page address'],
  '404_page': ['seo', 'high', '404 page'],
  robots: ['seo', 'high', 'Robots.txt'],
  noindex: ['seo', 'high', 'Indexing'],
  in_page_links: ['seo', 'medium', 'Links'],
  language: ['seo', 'medium', 'Language'],
  favicon: ['seo', 'medium', 'Favicon'],
  text_compression: ['performance', 'high', 'Text compression'],
  load_time: ['performance', 'high', 'Load time'],
  page_size: ['performance', 'high', 'Page size'],
  http_requests: ['performance', 'high', 'HTTP requests'],
  image_format: ['performance', 'medium', 'Image format'],
  defer_javascript: ['performance', 'low', 'JavaScript loading'],
  dom_size: ['performance', 'low', 'Page structure'],
  https_encryption: ['security', 'high', 'HTTPS'],
  mixed_content: ['security', 'high', 'Mixed content'],
  server_signature: ['security', 'medium', 'Server signature'],
  unsafe_cross_origin_links: ['security', 'medium', 'Links to other sites'],
  plaintext_email: ['security', 'low', 'Email addresses'],
  structured_data: ['miscellaneous', 'medium', 'Structured data'],
  meta_viewport: ['miscellaneous', 'medium', 'Viewport'],
  charset: ['miscellaneous', 'medium', 'Character set'],
  sitemap: ['miscellaneous', 'low', 'Sitemap'],
  social: ['miscellaneous', 'low', 'Social links'],
  content_length: ['miscellaneous', 'low', 'Content length'],
  text_html_ratio: ['miscellaneous', 'low', 'Text to code ratio'],
  inline_css: ['miscellaneous', 'low', 'Inline styles'],
  deprecated_html_tags: ['miscellaneous', 'low', 'HTML tags'],
};

/** "test.errorKey" → what is wrong, in words for people who are not SEO experts. */
const FAILURE_NAMES: Record<string, string> = {
  'title.missing': 'Title missing',
  'title.length': 'Title too long or too short',
  'meta_description.missing': 'Meta description missing',
  'meta_description.length': 'Meta description too long or too short',
  'headings.missing': 'No main (h1) heading',
  'headings.too_many': 'Too many h1 headings',
  'headings.duplicate': 'Main heading repeats the title',
  'content_keywords.missing': 'Title keywords missing from the text',
  'image_keywords.missing': 'Images without alt text',
  'seo_friendly_url.bad_format': 'Page address not search friendly',
  '404_page.missing': 'Missing pages do not answer with a 404 error',
  'robots.failed': 'Search engines blocked by robots.txt',
  'noindex.missing': 'Page hidden from search engines (noindex)',
  'in_page_links.too_many': 'Too many links on the page',
  'language.missing': 'Page language not declared',
  'favicon.missing': 'No favicon',
  'text_compression.missing': 'Text compression not enabled',
  'load_time.too_slow': 'Page loads slowly',
  'page_size.too_large': 'Page is too large',
  'http_requests.too_many': 'Too many files requested',
  'image_format.bad_format': 'Images not in a modern format',
  'defer_javascript.missing': 'Scripts not deferred',
  'dom_size.too_many': 'Too many page elements',
  'https_encryption.missing': 'Page not served over HTTPS',
  'mixed_content.failed': 'Insecure (HTTP) content on the page',
  'server_signature.failed': 'Server reveals its software',
  'unsafe_cross_origin_links.failed': 'Unsafe links to other sites',
  'plaintext_email.failed': 'Email addresses shown as plain text',
  'structured_data.missing': 'No structured data',
  'meta_viewport.missing': 'Not set up for mobile screens',
  'charset.missing': 'Character set not declared',
  'sitemap.missing': 'No sitemap',
  'sitemap.failed': 'Sitemap could not be read',
  'social.missing': 'No links to social profiles',
  'content_length.too_few': 'Not enough text',
  'text_html_ratio.too_small': 'Little text compared to code',
  'inline_css.failed': 'Inline styles used',
  'deprecated_html_tags.bad_tags': 'Outdated HTML tags used',
};

const seconds = (n: number) => `${formatNumber(n, 2)} s`;
const percent = (n: number) => `${formatNumber(n, 1)}%`;
const counted = (singular: string, many: string) => (n: number) => plural(n, singular, many);

/** Tests whose value says more than their name. */
const DETAILS: Record<string, Detail> = {
  title: valueText,
  meta_description: valueText,
  content_keywords: missingKeywords,
  image_keywords: listed('missing', 'image', 'images'),
  in_page_links: measured('too_many', 'max', counted('link', 'links'), nestedCount),
  load_time: measured('too_slow', 'max', seconds),
  page_size: measured('too_large', 'max', formatBytes),
  http_requests: measured('too_many', 'max', counted('request', 'requests'), nestedCount),
  image_format: listed('bad_format', 'image', 'images'),
  defer_javascript: listed('missing', 'script', 'scripts'),
  dom_size: measured('too_many', 'max', counted('element', 'elements')),
  mixed_content: listed('failed', 'resource', 'resources'),
  server_signature: valueText,
  unsafe_cross_origin_links: listed('failed', 'link', 'links'),
  plaintext_email: listed('failed', 'address', 'addresses'),
  content_length: measured('too_few', 'min', counted('word', 'words')),
  text_html_ratio: measured('too_small', 'min', percent),
  inline_css: listed('failed', 'element', 'elements'),
  deprecated_html_tags: deprecatedTags,
};

// ---------------------------------------------------------------------------------------------------
// Reading one test

/** true/false as PHP may send them (1, "1", "true"...); null when it says neither. */
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

/** `errors` as an object; an empty PHP array arrives as [], a list of keys is read as such. */
function errorsOf(value: unknown): Errors {
  if (isRecord(value)) return value;
  if (!Array.isArray(value)) return {};
  return Object.fromEntries(value.filter((key) => typeof key === 'string').map((key) => [key, null]));
}

function failedCheck(key: string, entry: Record<string, unknown>): FailedCheck {
  const definition = own(TESTS, key);
  if (!definition) {
    const importance = importanceOf(entry.importance, 'low');
    return { key, name: shortText(key) ?? 'Unnamed test', category: 'other', importance, detail: null };
  }
  const [category, documented, subject] = definition;
  const errors = errorsOf(entry.errors);
  // The first error key this test has a name for; the others add nothing a person needs.
  const names = Object.keys(errors).map((errorKey) => own(FAILURE_NAMES, `${key}.${errorKey}`));
  let detail: string | null = null;
  try {
    detail = shortText(own(DETAILS, key)?.(entry.value, errors) ?? null);
  } catch {
    detail = null; // A shape we did not foresee: the name alone still helps.
  }
  return {
    key,
    name: names.find((name) => name !== undefined) ?? `${subject} has a problem`,
    category,
    importance: importanceOf(entry.importance, documented),
    detail,
  };
}

// ---------------------------------------------------------------------------------------------------
// Public

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
  return { counts, failures, top: topFailures({ failures }, TOP_FAILURES) };
}

/** The `count` most important failures across categories: high first, then medium, then low; ties in category order. */
export function topFailures(checks: Pick<ReportChecks, 'failures'>, count: number): FailedCheck[] {
  const limit = Number.isNaN(count) ? 0 : Math.max(0, Math.floor(count));
  return [...checks.failures]
    .sort((a, b) => rank(a)[1] - rank(b)[1] || rank(a)[0] - rank(b)[0])
    .slice(0, limit);
}

/** The full page address the service reached: results.seo_friendly_url.value when it is an http(s) URL, else null. */
export function reachedAddress(results: unknown): string | null {
  const entry = isRecord(results) ? results.seo_friendly_url : undefined;
  const value = isRecord(entry) && typeof entry.value === 'string' ? entry.value.trim() : '';
  // A URL parser forgives a lot (drops newlines, extra slashes): show only an address written plainly.
  return isPlainWebUrl(value) ? value : null;
}
