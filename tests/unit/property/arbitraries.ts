// Generators shared by the property tests: web addresses built from parts (so a shrunk failure is
// readable), hostile path pieces, base URLs as people type them, and JSON shaped like the service's.
import fc from 'fast-check';

/**
 * Few runs per property, so the whole property suite stays within a few seconds. PROPERTY_RUNS=5000
 * searches harder (locally, when a change touches these rules).
 */
export const RUNS = { numRuns: Number(process.env.PROPERTY_RUNS) || 150 };

/** Any text, lone surrogates and control characters included. */
export const anyText = fc.string({ unit: 'binary', maxLength: 60 });

// Never "xx--…": a label with hyphens in its third and fourth places is reserved (an "xn--" label must be
// valid punycode, which URL() checks), so such a host is no web page's.
const asciiLabel = fc
  .stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,6}[a-z0-9])?$/)
  .filter((label) => label.slice(2, 4) !== '--');
const unicodeLabel = fc.constantFrom('bücher', 'café', '例え', 'пример', 'مثال', 'ñandú');
const tld = fc.constantFrom('com', 'example', 'org', 'de', 'jp', 'test');

/** A domain name, never starting with "www." (tests add that prefix themselves). */
export const domain = fc
  .tuple(
    fc.array(fc.oneof({ weight: 4, arbitrary: asciiLabel }, unicodeLabel), { minLength: 1, maxLength: 3 }),
    tld,
  )
  .map(([labels, top]) => [...labels, top].join('.'))
  .filter((host) => !/^www\./i.test(host));

/** Any host a web page can have: a domain, an IPv4 or IPv6 address, localhost. */
export const pageHost = fc.oneof(
  { weight: 6, arbitrary: domain },
  fc.constantFrom('localhost', '127.0.0.1', '192.168.1.20', '[::1]', '[2001:db8::5]'),
);

// Pieces of a path or a query: plain characters, reserved ones, unicode, emoji, escapes. A space comes
// escaped: a raw one at the end of a typed address is dropped by URL(), so it would be another address.
const pathPiece = fc.constantFrom(
  'a',
  'Z',
  '0',
  '-',
  '_',
  '.',
  '~',
  '!',
  '$',
  '&',
  "'",
  '(',
  ')',
  '*',
  '+',
  ',',
  ';',
  '=',
  ':',
  '@',
  'é',
  '日本',
  '😀',
  'עברית',
  '%20',
  '%41',
  '%C3%A9',
  '%2F',
  '%3F',
  '%23',
  'index.html',
  'page',
);

export const pathSegment = fc.array(pathPiece, { minLength: 1, maxLength: 4 }).map((parts) => parts.join(''));

/** "", "/", "/a/b", "/a/" … */
export const path = fc
  .tuple(fc.array(pathSegment, { maxLength: 3 }), fc.boolean())
  .map(([segments, trailing]) =>
    segments.length === 0 ? (trailing ? '/' : '') : `/${segments.join('/')}${trailing ? '/' : ''}`,
  );

const queryPiece = fc.constantFrom('a', 'b', '1', '=', '&', 'é', '%20', '%26', '+', '/', '?', ':', '😀');
export const query = fc
  .option(
    fc.array(queryPiece, { minLength: 1, maxLength: 5 }).map((parts) => `?${parts.join('')}`),
    { nil: '' },
  )
  .map((text) => text ?? '');

export const fragment = fc
  .option(
    fc.array(queryPiece, { maxLength: 4 }).map((parts) => `#${parts.join('')}`),
    { nil: '' },
  )
  .map((text) => text ?? '');

/** A port that is not the default of http or https (those vanish when a URL is parsed). */
export const port = fc.option(
  fc.integer({ min: 1, max: 65535 }).filter((n) => n !== 80 && n !== 443),
  { nil: undefined },
);

export interface WebAddressParts {
  scheme: 'http' | 'https';
  www: boolean;
  host: string;
  port: number | undefined;
  path: string;
  query: string;
  fragment: string;
}

export const webAddressParts: fc.Arbitrary<WebAddressParts> = fc.record({
  scheme: fc.constantFrom('http' as const, 'https' as const),
  www: fc.boolean(),
  host: pageHost,
  port,
  path,
  query,
  fragment,
});

export function webAddress(parts: WebAddressParts): string {
  const www = parts.www && !parts.host.startsWith('[') && !/^[\d.]+$/.test(parts.host) ? 'www.' : '';
  const port = parts.port === undefined ? '' : `:${parts.port}`;
  return `${parts.scheme}://${www}${parts.host}${port}${parts.path}${parts.query}${parts.fragment}`;
}

/** A tab's address as the browser reports it: what URL() makes of a typed one. */
export const tabAddress = webAddressParts.map((parts) => new URL(webAddress(parts)).href);

// ---------------------------------------------------------------------------------------------------
// Base URLs as people type (or paste) them

const baseScheme = fc.constantFrom(
  'https://',
  'http://',
  'HTTPS://',
  'ftp://',
  'javascript:',
  'file://',
  '',
  '//',
);
const baseHost = fc.oneof(
  { weight: 4, arbitrary: domain },
  fc.constantFrom(
    'localhost',
    '127.0.0.1',
    '[::1]',
    '[2001:db8::1]',
    '10.0.0.8',
    'LOCALHOST',
    'localhost.example',
  ),
);
const userinfo = fc.constantFrom('', '', '', 'user@', 'user:secret@', ':pw@');
const basePath = fc.constantFrom(
  '',
  '',
  '/',
  '//',
  '/api/v1',
  '/api/v1/',
  '/API/V1',
  '/sub',
  '/sub/',
  '/sub/api/v1/',
  '/a b',
  '/ü',
  '/..',
  '/x/../y',
);
const baseTail = fc.constantFrom('', '', '', '?', '?a=1', '#', '#top');
const padding = fc.constantFrom('', '', ' ', '\t', '\n', ' \n ');

/** Something typed in the base URL field: often almost right, sometimes very wrong. */
export const typedBaseUrl = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(padding, baseScheme, userinfo, baseHost, port, basePath, baseTail, padding)
      .map(
        ([before, scheme, user, host, p, pathText, tail, after]) =>
          `${before}${scheme}${user}${host}${p === undefined ? '' : `:${p}`}${pathText}${tail}${after}`,
      ),
  },
  anyText,
);

// ---------------------------------------------------------------------------------------------------
// JSON that looks like the service's, with any field possibly wrong

/** A JSON value, as JSON.parse could give it (keys such as "__proto__" become own properties). */
export const jsonValue = fc
  .jsonValue({ maxDepth: 3 })
  .map((value) => JSON.parse(JSON.stringify(value)) as unknown);

const oddString = fc.constantFrom(
  '',
  ' ',
  '<img src=x onerror=alert(1)>',
  '__proto__',
  'null',
  '0',
  '-1',
  '1e3',
  '٣',
);

/** Plausible values for one field, mostly, and sometimes anything at all. */
export function fieldValue(...plausible: unknown[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 24, arbitrary: fc.constantFrom(...plausible) },
    fc.constantFrom(null, undefined, true, false, 0, -1, 1.5, 101, Number.MAX_SAFE_INTEGER, [], {}),
    oddString,
    jsonValue,
  );
}

/** An object with `required` and some other `fields` (each plausible or not), maybe unknown keys too. */
export function objectOf(
  fields: Record<string, fc.Arbitrary<unknown>>,
  required: string[] = [],
): fc.Arbitrary<Record<string, unknown>> {
  const extra = fc.dictionary(
    fc.constantFrom('__proto__', 'constructor', 'toString', 'extra', 'data'),
    jsonValue,
    {
      maxKeys: 2,
    },
  );
  return fc
    .tuple(fc.record(fields, { requiredKeys: required }), extra)
    .map(([known, more]) => JSON.parse(JSON.stringify({ ...more, ...known })) as Record<string, unknown>);
}

const TEST_KEYS = [
  'title',
  'meta_description',
  'load_time',
  'page_size',
  'seo_friendly_url',
  'in_page_links',
  'deprecated_html_tags',
  'content_keywords',
  'image_format',
  'made_up_test',
  '__proto__',
  'constructor',
];

/** phpRank's `results`: tests keyed by name, with any shape of entry. */
export const resultsValue: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .dictionary(
        fc.constantFrom(...TEST_KEYS),
        fc.oneof(
          objectOf({
            passed: fieldValue(true, false, 1, 0, '1', '0', 'true', 'false'),
            importance: fieldValue('high', 'medium', 'low', 'HIGH', 'urgent'),
            value: fieldValue('Title text', 2.8, 120000, ['a.png'], { count: 3 }, 'https://example.com/'),
            errors: fieldValue(
              { missing: null },
              { too_slow: { max: 2 } },
              { too_large: { max: 1000 } },
              { too_many: { max: 150 } },
              { bad_tags: ['font', 'center'] },
              { missing: ['pricing', 'plans'] },
              ['missing'],
              [],
            ),
          }),
          jsonValue,
        ),
        { minKeys: 1, maxKeys: 6 },
      )
      .map((value) => JSON.parse(JSON.stringify(value)) as unknown),
  },
  jsonValue,
);

// Values the service may send for each field, all acceptable (junk is added by fieldValue).
const REPORT_FIELDS: Record<string, unknown[]> = {
  id: [1, 42, '42', 'abc', 0, Number.MAX_SAFE_INTEGER],
  url: ['example.com/pricing', 'https://www.example.com/', 'javascript:alert(1)', 'example.com', ''],
  project: ['example.com', { project: 'a' }, { name: 'b' }, '', null],
  result: ['good', 'decent', 'bad', 73.68421052631578, '73', 100, 0, null],
  privacy: [0, 1, 2, '1', null],
  password: [true, false, 0, 1, 'secret', null],
  generated_at: ['2026-11-20T09:14:03.000000Z', '2026-11-20 09:14:03', '', null],
  created_at: ['2026-11-20T09:14:03Z', null],
  updated_at: ['2026-11-20T09:14:03+01:00', null],
};

const PROJECT_FIELDS: Record<string, unknown[]> = {
  project: ['example.com', 'Client A / Landing', '😀 שלום'],
  name: ['shop.example', null],
  created_at: ['2026-01-02T03:04:05Z', null],
  reports_count: [3, '12', 0, null],
  reports: [2, '5', []],
  result: [874, '874', '', 'abc', null],
};

function fieldsOf(table: Record<string, unknown[]>, value: (plausible: unknown[]) => fc.Arbitrary<unknown>) {
  return Object.fromEntries(Object.entries(table).map(([key, plausible]) => [key, value(plausible)]));
}

/** A report as a server might send it: usually acceptable, any field possibly wrong. */
export const reportValue = objectOf(
  { ...fieldsOf(REPORT_FIELDS, (plausible) => fieldValue(...plausible)), results: resultsValue },
  ['id', 'url'],
);

/** A report every field of which is acceptable. */
export const wellFormedReport = objectOf(
  { ...fieldsOf(REPORT_FIELDS, (plausible) => fc.constantFrom(...plausible)), results: resultsValue },
  ['id', 'url'],
);

export const projectValue = objectOf(
  fieldsOf(PROJECT_FIELDS, (plausible) => fieldValue(...plausible)),
  ['project'],
);

export const wellFormedProject = objectOf(
  fieldsOf(PROJECT_FIELDS, (plausible) => fc.constantFrom(...plausible)),
  ['project'],
);

const pageMeta = {
  current_page: fieldValue(1, 2, '3'),
  per_page: fieldValue(10, 25, '50'),
  total: fieldValue(0, 12, '40'),
  last_page: fieldValue(1, 4, '4'),
  from: fieldValue(1, null),
  to: fieldValue(10, null),
};

/** A list answer: Laravel's resource or plain paginator, a bare array, or anything else. */
export function pageValue(item: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const items = fc.array(item, { maxLength: 3 });
  const links = fieldValue(
    { first: 'https://r.example/api/v1/reports?page=1&sort_by=id&sort=desc', next: null, prev: null },
    { next: 'x', prev: '' },
    [],
  );
  return fc.oneof(
    { weight: 3, arbitrary: objectOf({ data: items, links, meta: objectOf(pageMeta) }, ['data']) },
    {
      weight: 3,
      arbitrary: objectOf(
        {
          data: items,
          ...pageMeta,
          next_page_url: fieldValue(null, 'x'),
          first_page_url: fieldValue('?sort_by=url'),
        },
        ['data'],
      ),
    },
    { weight: 1, arbitrary: items },
    { weight: 1, arbitrary: jsonValue },
  );
}

/** Optionally wrapped as `{data: …}`, as single items are. */
export function wrapped(value: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    value,
    value.map((data) => ({ data, status: 200 })),
  );
}
