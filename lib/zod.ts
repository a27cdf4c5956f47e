// zod for the background: the tree-shakable `zod/mini` (the classic API pulls in every method of every
// schema, JSON Schema output included, whether used or not). Pages never import it (eslint.config.js):
// they get types only. Messages: the English wording of zod's own locale for the checks this extension
// uses, written out here because the whole locale (formats and units it never meets) costs 1.5 KB gzip.
import * as z from 'zod/mini';

type Issue = z.core.$ZodRawIssue;

const received = (input: unknown): string =>
  input === null ? 'null' : Array.isArray(input) ? 'array' : typeof input;

const shown = (value: unknown): string => (typeof value === 'string' ? `"${value}"` : String(value));

function sizeText(issue: Issue & { origin?: string }, bound: string, limit: unknown): string {
  const origin = issue.origin ?? 'value';
  if (origin === 'string') return `expected string to have ${bound}${String(limit)} characters`;
  if (origin === 'array') return `expected array to have ${bound}${String(limit)} items`;
  return `expected ${origin} to be ${bound}${String(limit)}`;
}

function message(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `Invalid input: expected ${issue.expected}, received ${received(issue.input)}`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `Invalid input: expected ${shown(issue.values[0])}`
        : `Invalid option: expected one of ${issue.values.map(shown).join('|')}`;
    case 'too_big':
      return `Too big: ${sizeText(issue, issue.exact ? 'exactly ' : issue.inclusive ? '<=' : '<', issue.maximum)}`;
    case 'too_small':
      return `Too small: ${sizeText(issue, issue.exact ? 'exactly ' : issue.inclusive ? '>=' : '>', issue.minimum)}`;
    case 'invalid_format':
      return issue.format === 'regex'
        ? `Invalid string: must match pattern ${String(issue.pattern)}`
        : `Invalid ${issue.format}`;
    case 'unrecognized_keys':
      return `Unrecognized key${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.map(shown).join(', ')}`;
    default:
      return 'Invalid input';
  }
}

z.config({ localeError: message });

export { z };
