// zod for the background: the tree-shakable `zod/mini` (the classic API pulls in every method of every
// schema, JSON Schema output included, whether used or not). Pages never import it (eslint.config.js):
// they get types only. Messages: zod's own English wording for the checks this extension uses (its whole
// locale, formats and units it never meets, costs 1.5 KB gzip), in the browser's language through
// messages.json; type names such as "string" stay as zod names them.
import * as z from 'zod/mini';
import { t } from './i18n';

type Issue = z.core.$ZodRawIssue;

const received = (input: unknown): string =>
  input === null ? 'null' : Array.isArray(input) ? 'array' : typeof input;

const shown = (value: unknown): string => (typeof value === 'string' ? `"${value}"` : String(value));

/** "<=500", ">1", "exactly 3". */
function bound(issue: { exact?: boolean; inclusive?: boolean }, relation: '<' | '>', limit: unknown): string {
  if (issue.exact) return `${t('inputExactly')} ${String(limit)}`;
  return `${relation}${issue.inclusive ? '=' : ''}${String(limit)}`;
}

function message(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return t('inputInvalidType', issue.expected, received(issue.input));
    case 'invalid_value':
      return issue.values.length === 1
        ? t('inputInvalidValue', shown(issue.values[0]))
        : t('inputInvalidOption', issue.values.map(shown).join('|'));
    case 'too_big': {
      const limit = bound(issue, '<', issue.maximum);
      if (issue.origin === 'string') return t('inputTooBigText', limit);
      if (issue.origin === 'array') return t('inputTooBigList', limit);
      return t('inputTooBig', issue.origin ?? 'value', limit);
    }
    case 'too_small': {
      const limit = bound(issue, '>', issue.minimum);
      if (issue.origin === 'string') return t('inputTooSmallText', limit);
      if (issue.origin === 'array') return t('inputTooSmallList', limit);
      return t('inputTooSmall', issue.origin ?? 'value', limit);
    }
    case 'invalid_format':
      return issue.format === 'regex'
        ? t('inputInvalidPattern', String(issue.pattern))
        : t('inputInvalidFormat', issue.format);
    case 'unrecognized_keys': {
      const keys = issue.keys.map(shown).join(', ');
      return issue.keys.length > 1 ? t('inputUnrecognizedKeys', keys) : t('inputUnrecognizedKey', keys);
    }
    default:
      return t('inputInvalid');
  }
}

z.config({ localeError: message });

type ErrorParam = (issue: { input?: unknown }) => string;

/**
 * A whole number (a safe integer), as z.int() takes it, with one message for every way it fails. Not
 * z.int(): its number formats (int32, uint64, …) cost the worker 1.3 KB it never uses. As with z.int(),
 * a number with a fraction stops the checks after it (and fails a union's option outright).
 */
function int(params: { error?: ErrorParam } = {}) {
  return z.number(params).check(z.refine(Number.isSafeInteger, { ...params, abort: true }));
}

/**
 * A text matching `pattern`, said as z.regex() says it (or by `error`). Not z.regex(): its string-format
 * machinery costs the worker 0.6 KB it never uses otherwise.
 */
function matches(pattern: RegExp, params: { error?: ErrorParam; abort?: boolean } = {}) {
  return z.refine<string>((value) => pattern.test(value), {
    error: () => t('inputInvalidPattern', String(pattern)),
    ...params,
  });
}

/**
 * A check that `problem` finds nothing wrong; what it finds is the message (at `path` when given). Not
 * z.superRefine(), which the worker would carry for this alone.
 */
function noProblem<T>(problem: (value: T) => string | null, path?: PropertyKey[]) {
  return z.refine<T>((value) => problem(value) === null, {
    error: (issue) => problem(issue.input as T) ?? undefined,
    ...(path ? { path } : {}),
  });
}

/**
 * A number of at least `min` / at most `max`, said as z.minimum() / z.maximum() say it ("Too small:
 * expected number to be >=0") or by `error`. Not those: the worker would carry their checks for this alone.
 */
function atLeast(min: number, params: { error?: ErrorParam } = {}) {
  return z.refine<number>((value) => value >= min, {
    error: () => t('inputTooSmall', 'number', `>=${min}`),
    ...params,
  });
}

function atMost(max: number, params: { error?: ErrorParam } = {}) {
  return z.refine<number>((value) => value <= max, {
    error: () => t('inputTooBig', 'number', `<=${max}`),
    ...params,
  });
}

export { atLeast, atMost, int, matches, noProblem, z };
