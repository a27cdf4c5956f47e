// A report's `results` (phpRank's tests, keyed by name) turned into what a person reads: what failed,
// how much it matters, and a short detail. The input comes straight from a server, so nothing here may
// throw: every value is checked by hand and anything we do not understand is skipped or shown as sent.
// Texts are plain data (the UI renders text, never markup), only shortened. Names and details are said in
// the browser's language (numbers too, through Intl); the service's own values are shown as sent.

import { t } from '../i18n';
import { isRecord } from '../is-record';
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

const CATEGORY_ORDER: readonly CheckCategory[] = ['seo', 'performance', 'security', 'miscellaneous', 'other'];
const IMPORTANCE_ORDER: readonly CheckImportance[] = ['high', 'medium', 'low'];
const MAX_TEXT = 120;

// ---------------------------------------------------------------------------------------------------
// Small helpers

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

const numberFormats: Intl.NumberFormat[] = [];

/** "1,500", "2.8", "1.73" (in German "1.500", "2,8"): at most `decimals` decimals, digits grouped. */
function formatNumber(value: number, decimals = 0): string {
  const format = (numberFormats[decimals] ??= new Intl.NumberFormat(undefined, {
    maximumFractionDigits: decimals,
  }));
  return format.format(value);
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

/** "3 images": a count with its noun, in the browser's language. */
type Counted = (count: number) => string;

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
  return (value, errors) => {
    const amount = amountOf(value);
    if (amount === null) return null;
    const limit = bound(errors, errorKey, side);
    if (limit === null) return shortText(show(amount));
    return shortText(
      side === 'max'
        ? t('checkLimit', show(amount), show(limit))
        : t('checkMinimum', show(amount), show(limit)),
    );
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
// The tests of phpRank 1.5.0, one entry each, keyed by the test's key.

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
 * By category: documented importance, the generic name of its failure ("Title has a problem"), what is
 * wrong by error key (in words for people who are not SEO experts), and, where its value says more than
 * its name, the detail.
 */
interface Test {
  importance: CheckImportance;
  problem: () => string;
  failures: Record<string, () => string>;
  detail?: Detail;
}

const TESTS_BY_CATEGORY: Record<Exclude<CheckCategory, 'other'>, Record<string, Test>> = {
  seo: {
    title: {
      importance: 'high',
      problem: () => t('checkProblemTitle'),
      failures: { missing: () => t('checkTitleMissing'), length: () => t('checkTitleLength') },
      detail: valueText,
    },
    meta_description: {
      importance: 'high',
      problem: () => t('checkProblemMetaDescription'),
      failures: {
        missing: () => t('checkMetaDescriptionMissing'),
        length: () => t('checkMetaDescriptionLength'),
      },
      detail: valueText,
    },
    headings: {
      importance: 'high',
      problem: () => t('checkProblemHeadings'),
      failures: {
        missing: () => t('checkHeadingsMissing'),
        too_many: () => t('checkHeadingsTooMany'),
        duplicate: () => t('checkHeadingsDuplicate'),
      },
    },
    content_keywords: {
      importance: 'high',
      problem: () => t('checkProblemContentKeywords'),
      failures: { missing: () => t('checkContentKeywordsMissing') },
      detail: missingKeywords,
    },
    image_keywords: {
      importance: 'high',
      problem: () => t('checkProblemImageKeywords'),
      failures: { missing: () => t('checkImageKeywordsMissing') },
      detail: listed('missing', images),
    },
    seo_friendly_url: {
      importance: 'high',
      problem: () => t('checkProblemSeoFriendlyUrl'),
      failures: { bad_format: () => t('checkSeoFriendlyUrlBadFormat') },
    },
    '404_page': {
      importance: 'high',
      problem: () => t('checkProblem404Page'),
      failures: { missing: () => t('check404PageMissing') },
    },
    robots: {
      importance: 'high',
      problem: () => t('checkProblemRobots'),
      failures: { failed: () => t('checkRobotsFailed') },
    },
    noindex: {
      importance: 'high',
      problem: () => t('checkProblemNoindex'),
      failures: { missing: () => t('checkNoindexMissing') },
    },
    in_page_links: {
      importance: 'medium',
      problem: () => t('checkProblemInPageLinks'),
      failures: { too_many: () => t('checkInPageLinksTooMany') },
      detail: measured('too_many', 'max', links, nestedCount),
    },
    language: {
      importance: 'medium',
      problem: () => t('checkProblemLanguage'),
      failures: { missing: () => t('checkLanguageMissing') },
    },
    favicon: {
      importance: 'medium',
      problem: () => t('checkProblemFavicon'),
      failures: { missing: () => t('checkFaviconMissing') },
    },
  },
  performance: {
    text_compression: {
      importance: 'high',
      problem: () => t('checkProblemTextCompression'),
      failures: { missing: () => t('checkTextCompressionMissing') },
    },
    load_time: {
      importance: 'high',
      problem: () => t('checkProblemLoadTime'),
      failures: { too_slow: () => t('checkLoadTimeTooSlow') },
      detail: measured('too_slow', 'max', seconds),
    },
    page_size: {
      importance: 'high',
      problem: () => t('checkProblemPageSize'),
      failures: { too_large: () => t('checkPageSizeTooLarge') },
      detail: measured('too_large', 'max', formatBytes),
    },
    http_requests: {
      importance: 'high',
      problem: () => t('checkProblemHttpRequests'),
      failures: { too_many: () => t('checkHttpRequestsTooMany') },
      detail: measured('too_many', 'max', requests, nestedCount),
    },
    image_format: {
      importance: 'medium',
      problem: () => t('checkProblemImageFormat'),
      failures: { bad_format: () => t('checkImageFormatBadFormat') },
      detail: listed('bad_format', images),
    },
    defer_javascript: {
      importance: 'low',
      problem: () => t('checkProblemDeferJavascript'),
      failures: { missing: () => t('checkDeferJavascriptMissing') },
      detail: listed('missing', scripts),
    },
    dom_size: {
      importance: 'low',
      problem: () => t('checkProblemDomSize'),
      failures: { too_many: () => t('checkDomSizeTooMany') },
      detail: measured('too_many', 'max', elements),
    },
  },
  security: {
    https_encryption: {
      importance: 'high',
      problem: () => t('checkProblemHttpsEncryption'),
      failures: { missing: () => t('checkHttpsEncryptionMissing') },
    },
    mixed_content: {
      importance: 'high',
      problem: () => t('checkProblemMixedContent'),
      failures: { failed: () => t('checkMixedContentFailed') },
      detail: listed('failed', resources),
    },
    server_signature: {
      importance: 'medium',
      problem: () => t('checkProblemServerSignature'),
      failures: { failed: () => t('checkServerSignatureFailed') },
      detail: valueText,
    },
    unsafe_cross_origin_links: {
      importance: 'medium',
      problem: () => t('checkProblemUnsafeCrossOriginLinks'),
      failures: { failed: () => t('checkUnsafeCrossOriginLinksFailed') },
      detail: listed('failed', links),
    },
    plaintext_email: {
      importance: 'low',
      problem: () => t('checkProblemPlaintextEmail'),
      failures: { failed: () => t('checkPlaintextEmailFailed') },
      detail: listed('failed', addresses),
    },
  },
  miscellaneous: {
    structured_data: {
      importance: 'medium',
      problem: () => t('checkProblemStructuredData'),
      failures: { missing: () => t('checkStructuredDataMissing') },
    },
    meta_viewport: {
      importance: 'medium',
      problem: () => t('checkProblemMetaViewport'),
      failures: { missing: () => t('checkMetaViewportMissing') },
    },
    charset: {
      importance: 'medium',
      problem: () => t('checkProblemCharset'),
      failures: { missing: () => t('checkCharsetMissing') },
    },
    sitemap: {
      importance: 'low',
      problem: () => t('checkProblemSitemap'),
      failures: { missing: () => t('checkSitemapMissing'), failed: () => t('checkSitemapFailed') },
    },
    social: {
      importance: 'low',
      problem: () => t('checkProblemSocial'),
      failures: { missing: () => t('checkSocialMissing') },
    },
    content_length: {
      importance: 'low',
      problem: () => t('checkProblemContentLength'),
      failures: { too_few: () => t('checkContentLengthTooFew') },
      detail: measured('too_few', 'min', words),
    },
    text_html_ratio: {
      importance: 'low',
      problem: () => t('checkProblemTextHtmlRatio'),
      failures: { too_small: () => t('checkTextHtmlRatioTooSmall') },
      detail: measured('too_small', 'min', percent),
    },
    inline_css: {
      importance: 'low',
      problem: () => t('checkProblemInlineCss'),
      failures: { failed: () => t('checkInlineCssFailed') },
      detail: listed('failed', elements),
    },
    deprecated_html_tags: {
      importance: 'low',
      problem: () => t('checkProblemDeprecatedHtmlTags'),
      failures: { bad_tags: () => t('checkDeprecatedHtmlTagsBadTags') },
      detail: deprecatedTags,
    },
  },
};

/** Each test by its key, with its category. */
const TESTS: Record<string, Test & { category: CheckCategory }> = Object.fromEntries(
  Object.entries(TESTS_BY_CATEGORY).flatMap(([category, tests]) =>
    Object.entries(tests).map(([key, test]) => [key, { ...test, category: category as CheckCategory }]),
  ),
);

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
  const test = own(TESTS, key);
  if (!test) {
    const importance = importanceOf(entry.importance, 'low');
    return { key, name: shortText(key) ?? t('checkUnnamed'), category: 'other', importance, detail: null };
  }
  const errors = errorsOf(entry.errors);
  // The first error key this test has a name for; the others add nothing a person needs.
  const named = Object.keys(errors)
    .map((errorKey) => own(test.failures, errorKey))
    .find((name) => name !== undefined);
  let detail: string | null = null;
  try {
    detail = shortText(test.detail?.(entry.value, errors) ?? null);
  } catch {
    detail = null; // A shape we did not foresee: the name alone still helps.
  }
  return {
    key,
    name: (named ?? test.problem)(),
    category: test.category,
    importance: importanceOf(entry.importance, test.importance),
    detail,
  };
}

// ---------------------------------------------------------------------------------------------------
// Public

/** A test's plain name by its key ("Title has a problem"), for a failure kept without its errors. */
export function checkName(key: string): string {
  return own(TESTS, key)?.problem() ?? shortText(key) ?? t('checkUnnamed');
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
