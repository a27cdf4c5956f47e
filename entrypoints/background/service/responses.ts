// zod schemas for what comes back from the service (background only; what goes to it is checked by
// lib/messaging/inputs). Responses are parsed tolerantly (DESIGN.md "What the extension assumes") and
// normalised to lib/api/types; a shape we cannot understand becomes a readable problem, never an exception.
// Problems are said in the browser's language; JSON paths and the values sent stay as they are.
import { t } from '@/lib/i18n';
import { isRecord } from '@/lib/is-record';
import { z } from '@/lib/zod';
import { pageAddress } from '@/lib/page-address';
import { reachedAddress, summarizeChecks } from '@/lib/api/report-checks';
import { bandOfScore } from '@/lib/api/score';
import {
  type Account,
  PRIVACY_VALUES,
  REPORT_RESULTS,
  type Page,
  type Privacy,
  type Project,
  type Report,
  type ReportId,
  type ReportResult,
} from '@/lib/api/types';

/** The outcome of parsing a response: the value, or a sentence saying what was wrong. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; problem: string };

type Path = readonly PropertyKey[];

// ---------------------------------------------------------------------------------------------------
// Small helpers

/** Names what was received in an error message, without echoing long or sensitive values. */
function describe(input: unknown): string {
  if (input === undefined) return t('errorGotNothing');
  if (input === null) return 'null';
  if (typeof input === 'string') return input.length > 40 ? t('errorGotLongString') : JSON.stringify(input);
  if (Array.isArray(input)) return t('errorGotArray');
  if (typeof input === 'number' || typeof input === 'boolean') return String(input);
  return typeof input === 'object' ? t('errorGotObject') : t('errorGotType', typeof input);
}

function pathText(path: Path): string {
  return path.length === 0 ? '(response)' : path.map(String).join('.');
}

/** "data.2.result: expected …" for the first few issues: enough to see what the server sent. */
export function describeIssues(error: z.core.$ZodError, prefix: Path = []): string {
  const shown = error.issues
    .slice(0, 3)
    .map((issue) => `${pathText([...prefix, ...issue.path])}: ${issue.message}`);
  const more = error.issues.length - shown.length;
  return more > 0 ? t('errorAndMore', shown.join('; '), more) : shown.join('; ');
}

function run<T>(schema: z.ZodMiniType<T>, value: unknown, prefix: Path = []): Parsed<T> {
  const parsed = schema.safeParse(value);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, problem: describeIssues(parsed.error, prefix) };
}

// ---------------------------------------------------------------------------------------------------
// Field validators. They never transform, so a looseObject's output keeps every value exactly as sent
// (that is what `fields` shows); normalising happens once, in toReport / toProject.

const SCORE_TEXT = /^\s*(?:100(?:\.0+)?|\d{1,2}(?:\.\d+)?)\s*$/;

const DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

// A union reports a failed check of the matching option, not its own error: give both the same one.
const idError = (issue: { input?: unknown }) => t('errorExpectedId', describe(issue.input));
const idField = z.union(
  [
    z.int({ error: idError }).check(z.gte(0, { error: idError })),
    z.string().check(z.minLength(1, { error: idError })),
  ],
  { error: idError },
);

// Laravel dates are ISO 8601 (possibly with microseconds); some apps format "Y-m-d H:i:s". "" means none.
const dateError = (issue: { input?: unknown }) => t('errorExpectedDate', describe(issue.input));
const dateField = z.optional(
  z.union([z.string().check(z.regex(DATE_TIME, { error: dateError })), z.literal(['', null])], {
    error: dateError,
  }),
);

// API.md's words, or phpRank's 0–100 score: a number (unrounded after a create) or, from some PHP/MySQL
// setups, a numeric string.
const resultError = (issue: { input?: unknown }) => t('errorExpectedScore', describe(issue.input));
const resultField = z.optional(
  z.union(
    [
      z.literal([...REPORT_RESULTS, null]),
      z
        .number({ error: resultError })
        .check(z.gte(0, { error: resultError }), z.lte(100, { error: resultError })),
      z.string().check(z.regex(SCORE_TEXT, { error: resultError })),
    ],
    { error: resultError },
  ),
);

// Privacy may come as a number or, from some databases, as a numeric string.
const privacyField = z.optional(
  z.literal([...PRIVACY_VALUES, '0', '1', '2', null], {
    error: (issue) => t('errorExpectedPrivacy', describe(issue.input)),
  }),
);

// Never describe the input here: it could be a password.
const passwordField = z.optional(
  z.union([z.literal([true, false, 0, 1, null]), z.string()], {
    error: () => t('errorExpectedPasswordFlag'),
  }),
);

// A report's project is usually its name; an eager-loaded relation arrives as an object.
const projectRefField = z.optional(
  z.union(
    [
      z.string(),
      z.literal(null),
      z.looseObject({ project: z.string() }),
      z.looseObject({ name: z.string() }),
    ],
    { error: (issue) => t('errorExpectedProjectRef', describe(issue.input)) },
  ),
);

const countError = (issue: { input?: unknown }) => t('errorExpectedCount', describe(issue.input));
const countField = z.optional(
  z.union(
    [
      z.int({ error: countError }).check(z.gte(0, { error: countError })),
      z.string().check(z.regex(/^\d+$/, { error: countError })),
      z.literal(null),
    ],
    { error: countError },
  ),
);

// ---------------------------------------------------------------------------------------------------
// Report

const reportFields = z.looseObject({
  id: idField,
  url: z.string({ error: (issue) => t('errorExpectedUrl', describe(issue.input)) }),
  project: projectRefField,
  result: resultField,
  privacy: privacyField,
  password: passwordField,
  generated_at: dateField,
  created_at: dateField,
  updated_at: dateField,
});

type ReportFields = z.infer<typeof reportFields>;

function toDate(value: string | null | undefined): string | null {
  return value ? value : null;
}

function toPrivacy(value: ReportFields['privacy']): Privacy | null {
  return value === null || value === undefined ? null : (Number(value) as Privacy);
}

function toHasPassword(value: ReportFields['password']): boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.length > 0;
  return Boolean(value);
}

function toProjectName(value: ReportFields['project']): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value === '' ? null : value;
  const name = typeof value.project === 'string' ? value.project : value.name;
  return typeof name === 'string' && name !== '' ? name : null;
}

/** Every field as sent, except a password string, which becomes whether one is set. */
function keptFields(raw: Record<string, unknown>): Record<string, unknown> {
  if (typeof raw.password !== 'string') return { ...raw };
  return { ...raw, password: raw.password.length > 0 };
}

/** The band and the score: a word gives only the band; a score gives both. */
function toResultAndScore(value: ReportFields['result']): Pick<Report, 'result' | 'score'> {
  if (value === null || value === undefined) return { result: null, score: null };
  if ((REPORT_RESULTS as readonly unknown[]).includes(value))
    return { result: value as ReportResult, score: null };
  const score = Number(value);
  return { result: bandOfScore(score), score };
}

/** `serviceBase`: the service's address, where the report's own page is (`{base}/reports/{id}`). */
function toReport(raw: ReportFields, serviceBase?: string): Report {
  const onService = `${serviceBase?.replace(/\/+$/, '')}/reports/${encodeURIComponent(String(raw.id))}`;
  return {
    id: raw.id,
    url: raw.url,
    pageUrl: pageAddress(raw.url, reachedAddress(raw.results)),
    serviceUrl: serviceBase ? onService : null,
    project: toProjectName(raw.project),
    ...toResultAndScore(raw.result),
    checks: summarizeChecks(raw.results),
    privacy: toPrivacy(raw.privacy),
    hasPassword: toHasPassword(raw.password),
    generatedAt: toDate(raw.generated_at),
    createdAt: toDate(raw.created_at),
    updatedAt: toDate(raw.updated_at),
    fields: keptFields(raw),
  };
}

// ---------------------------------------------------------------------------------------------------
// Project

const sumError = (issue: { input?: unknown }) => t('errorExpectedSum', describe(issue.input));
// phpRank's project `result` is the SUM of its reports' scores, often as a numeric string ("874").
const scoreSumField = z.optional(
  z.union([z.number({ error: sumError }).check(z.gte(0, { error: sumError })), z.string(), z.literal(null)], {
    error: sumError,
  }),
);

const projectFields = z
  .looseObject({
    project: z.optional(z.nullable(z.string().check(z.minLength(1)))),
    name: z.optional(z.nullable(z.string().check(z.minLength(1)))),
    created_at: dateField,
    reports_count: countField,
    // phpRank: the number of reports is `reports`; another server may eager-load them as a list (kept
    // as sent, like every other field of a loose object).
    result: scoreSumField,
  })
  .check(
    z.refine((raw) => Boolean(raw.project ?? raw.name), {
      error: () => t('errorExpectedProjectName'),
      path: ['project'],
    }),
  );

type ProjectFields = z.infer<typeof projectFields>;

function toCount(value: unknown): number | null {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return null;
}

/** The average score of a project: phpRank sends the sum of its reports' scores and their number. */
function toAverage(sum: ProjectFields['result'], count: number | null): number | null {
  if (sum === null || sum === undefined || !count) return null;
  const total = typeof sum === 'number' ? sum : Number(sum.trim());
  if (sum === '' || !Number.isFinite(total) || total < 0) return null;
  return Math.min(100, total / count);
}

function toProject(raw: ProjectFields): Project {
  const reportsCount = toCount(raw.reports_count) ?? toCount(raw.reports);
  const averageScore = toAverage(raw.result, reportsCount);
  return {
    name: (raw.project ?? raw.name) as string,
    createdAt: toDate(raw.created_at),
    reportsCount,
    averageScore,
    averageResult: averageScore === null ? null : bandOfScore(averageScore),
    fields: { ...raw },
  };
}

// ---------------------------------------------------------------------------------------------------
// Lists: Laravel's resource paginator {data, links, meta}, the plain paginator (meta fields beside
// data, `links` an array), either one in its "simple" form (no total/last_page), or a bare array.

const wholeError = (issue: { input?: unknown }) => t('errorExpectedWhole', describe(issue.input));
/** A whole number, maybe as a numeric string (read with Number in toPage). */
const whole = (min: number) =>
  z
    .union(
      [z.int({ error: wholeError }), z.string().check(z.regex(/^\d+$/, { error: wholeError, abort: true }))],
      {
        error: wholeError,
      },
    )
    .check(z.refine((value) => Number(value) >= min, { error: () => t('errorExpectedAtLeast', min) }));

const pageMeta = z.looseObject({
  current_page: z.optional(whole(1)),
  per_page: z.optional(whole(1)),
  total: z.optional(whole(0)),
  last_page: z.optional(whole(0)),
  from: z.optional(z.nullable(whole(0))),
  to: z.optional(z.nullable(whole(0))),
  // next_page_url, prev_page_url, first_page_url: anything, kept as sent (read by toPage).
});

type PageMeta = z.infer<typeof pageMeta>;

// `links`: anything, kept as sent (read by toPage).
function envelopeSchema<T>(item: z.ZodMiniType<T>) {
  return z.looseObject({ ...pageMeta.shape, data: z.array(item), meta: z.optional(pageMeta) });
}

/** A number of the page's meta, as a number. */
function metaNumber(value: number | string | null | undefined): number | null {
  return value === undefined || value === null ? null : Number(value);
}

/** A link counts when it is a non-empty value; we only ever read whether it exists, never follow it. */
function linkPresence(links: unknown, key: 'next' | 'prev', flat: unknown): boolean | undefined {
  const value = isRecord(links) && key in links ? links[key] : flat;
  if (value === undefined) return undefined;
  return value !== null && value !== '';
}

/**
 * The sort the server applied, from the query of its own page link (phpRank silently replaces a sort it
 * does not support, and its links carry what it used). Only read, never followed.
 */
function appliedSort(links: unknown, flatFirst: unknown): Page<unknown>['appliedSort'] {
  const link = isRecord(links) ? (links.first ?? links.last) : flatFirst;
  if (typeof link !== 'string' || link === '') return null;
  let query: URLSearchParams;
  try {
    query = new URL(link, 'http://link.invalid/').searchParams;
  } catch {
    return null;
  }
  const sortBy = query.get('sort_by');
  const sort = query.get('sort');
  return sortBy === null && sort === null ? null : { sortBy, sort };
}

function toPage<T>(items: T[], meta: PageMeta, links: unknown, flatFirst: unknown): Page<T> {
  const page = metaNumber(meta.current_page) ?? 1;
  const lastPage = metaNumber(meta.last_page);
  const next = linkPresence(links, 'next', meta.next_page_url);
  const previous = linkPresence(links, 'prev', meta.prev_page_url);
  return {
    items,
    page,
    perPage: metaNumber(meta.per_page),
    total: metaNumber(meta.total),
    lastPage,
    hasNext: next ?? (lastPage !== null && page < lastPage),
    hasPrevious: previous ?? page > 1,
    from: metaNumber(meta.from),
    to: metaNumber(meta.to),
    appliedSort: appliedSort(links, flatFirst),
  };
}

function bareArrayPage<T>(items: T[]): Page<T> {
  return {
    items,
    page: 1,
    perPage: null,
    total: null,
    lastPage: null,
    hasNext: false,
    hasPrevious: false,
    from: null,
    to: null,
    appliedSort: null,
  };
}

/** A list whose items pass `item`, each then normalised by `convert`. */
function parsePage<R, T>(
  body: unknown,
  item: z.ZodMiniType<R>,
  convert: (raw: R) => T,
  expected: (got: string) => string,
): Parsed<Page<T>> {
  if (Array.isArray(body)) {
    const items = run(z.array(item), body);
    return items.ok ? { ok: true, value: bareArrayPage(items.value.map(convert)) } : items;
  }
  if (isRecord(body) && Array.isArray(body.data)) {
    const envelope = run(envelopeSchema(item), body);
    if (!envelope.ok) return envelope;
    const { data, meta, links } = envelope.value;
    // The resource paginator nests the numbers under `meta`; the plain one puts them beside `data`.
    const items = data.map(convert);
    return { ok: true, value: toPage(items, meta ?? envelope.value, links, envelope.value.first_page_url) };
  }
  return { ok: false, problem: `(response): ${expected(describe(body))}` };
}

export function parseReportPage(body: unknown, serviceBase?: string): Parsed<Page<Report>> {
  const toReportOn = (raw: ReportFields) => toReport(raw, serviceBase);
  return parsePage(body, reportFields, toReportOn, (got) => t('errorExpectedReportList', got));
}

export function parseProjectPage(body: unknown): Parsed<Page<Project>> {
  return parsePage(body, projectFields, toProject, (got) => t('errorExpectedProjectList', got));
}

// ---------------------------------------------------------------------------------------------------
// One item: {data: {...}} (possibly with `status` or `message` beside it) or the bare object.

/** The item inside a `{data: {...}}` wrapper, unless the body already is the item (has `ownKey`). */
function unwrap(body: unknown, ownKey: string): { value: unknown; path: Path } {
  if (isRecord(body) && isRecord(body.data) && !(ownKey in body)) return { value: body.data, path: ['data'] };
  return { value: body, path: [] };
}

export function parseReport(body: unknown, serviceBase?: string): Parsed<Report> {
  const { value, path } = unwrap(body, 'url');
  if (!isRecord(value))
    return { ok: false, problem: `(response): ${t('errorExpectedAReport', describe(value))}` };
  const parsed = run(reportFields, value, path);
  return parsed.ok ? { ok: true, value: toReport(parsed.value, serviceBase) } : parsed;
}

/** Whether a write's answer carries the report itself (some services answer only a message or an id). */
export function containsReport(body: unknown): boolean {
  const { value } = unwrap(body, 'url');
  return isRecord(value) && 'url' in value;
}

/** The id in an answer such as `{id: 5}` or `{data: {id: 5}}`, so the report can be read back. */
export function reportIdIn(body: unknown): ReportId | undefined {
  const { value } = unwrap(body, 'id');
  if (!isRecord(value)) return undefined;
  const id = idField.safeParse(value.id);
  return id.success ? id.data : undefined;
}

// ---------------------------------------------------------------------------------------------------
// The account (phpRank's GET /account, not in API.md): who is connected, on which plan.

// Read by hand: every field is optional and counts as missing when it is not what we expect, so nothing
// here can fail once the body is an object.

/** A string, or undefined for anything else. */
function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function parseAccount(body: unknown): Parsed<Account> {
  const { value } = unwrap(body, 'email');
  if (!isRecord(value))
    return { ok: false, problem: `(response): ${t('errorExpectedAccount', describe(value))}` };
  const name = text(value.name);
  const email = text(value.email);
  const plan = value.plan;
  const planName = typeof plan === 'string' ? plan : isRecord(plan) ? text(plan.name) : undefined;
  return {
    ok: true,
    value: { name: name?.trim() || email?.trim() || null, plan: planName?.trim() || null },
  };
}

// ---------------------------------------------------------------------------------------------------
// Error bodies: Laravel's {message, errors?: {field: [messages]}}, and phpRank's own 422 body
// {message: {field: [messages]}, status}, where the field errors are the message.

type FieldMessages = Record<string, string | string[]>;

/** `{field: [messages] or message}`, or undefined when any field holds something else. */
function fieldMessages(value: unknown): FieldMessages | undefined {
  if (!isRecord(value)) return undefined;
  // A "__proto__" key (JSON can have one) is left out, as a key that names no field.
  const entries = Object.entries(value).filter(([field]) => field !== '__proto__');
  const valid = entries.every(
    ([, messages]) =>
      typeof messages === 'string' ||
      (Array.isArray(messages) && messages.every((message) => typeof message === 'string')),
  );
  return valid ? (Object.fromEntries(entries) as FieldMessages) : undefined;
}

/** The field errors of a body, wherever they are. */
function bodyFieldErrors(body: unknown): FieldMessages {
  if (!isRecord(body)) return {};
  return { ...fieldMessages(body.message), ...fieldMessages(body.errors) };
}

/** The server's own sentence, if the body has one (for phpRank's 422: its first field message). */
export function serverMessage(body: unknown): string | undefined {
  const message = isRecord(body) ? text(body.message) : undefined;
  const first = message ?? Object.values(bodyFieldErrors(body)).flat()[0];
  return first?.trim() ? first.trim() : undefined;
}

/** Per-field messages, with the API's field names turned into ours (per_page -> perPage). */
export function serverFieldErrors(
  body: unknown,
  names: Record<string, string> = {},
): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(bodyFieldErrors(body))) {
    const name = names[field] ?? field;
    result[name] = [...(result[name] ?? []), ...(Array.isArray(messages) ? messages : [messages])];
  }
  return result;
}
