// The service's answers declared in zod, each schema transforming an answer into the one shape of
// lib/api/types. One schema takes both dialects field by field: API.md's and phpRank's (a 0–100 score,
// numbers as strings, a project's `reports` and sum of scores, its own 422 body).
import { t } from '@/lib/i18n';
import { isRecord } from '@/lib/is-record';
import { z } from '@/lib/zod';
import { pageAddress } from '@/lib/page-address';
import { reachedAddress, summarizeChecks } from '@/lib/api/report-checks';
import { bandOfScore } from '@/lib/api/score';
import {
  PRIVACY_VALUES,
  type Account,
  REPORT_RESULTS,
  type Page,
  privacyOf,
  type Project,
  type Report,
  type ReportId,
} from '@/lib/api/types';

export type Parsed<T> = { ok: true; value: T } | { ok: false; problem: string };

/** On failure "data.2.result: …" for the first three issues (zod's words): enough to see what was sent. */
function run<T>(schema: z.ZodMiniType<T>, value: unknown, prefix: PropertyKey[] = []): Parsed<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issues = parsed.error.issues.map(({ path, message }) => {
    const at = [...prefix, ...path];
    return `${at.length === 0 ? '(response)' : at.map(String).join('.')}: ${message}`;
  });
  const shown = issues.slice(0, 3).join('; ');
  return { ok: false, problem: issues.length > 3 ? t('errorAndMore', shown, issues.length - 3) : shown };
}

const SCORE_TEXT = /^\s*(?:100(?:\.0+)?|\d{1,2}(?:\.\d+)?)\s*$/;
// Laravel's ISO 8601 (maybe with microseconds), or "Y-m-d H:i:s"; "" means none.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

// A lone surrogate has no URL encoding: such an id could name no report page.
const idField = z.union([
  z.int().check(z.gte(0)),
  z.string().check(
    z.minLength(1),
    z.refine((id) => id.isWellFormed()),
  ),
]);
const dateField = z.optional(
  z.union([z.string().check(z.refine((text) => DATE_TIME.test(text))), z.literal(['', null])]),
);
const countField = z.optional(
  z.union([z.int().check(z.gte(0)), z.string().check(z.regex(/^\d+$/)), z.literal(null)]),
);
const whole = (min: number) =>
  z.pipe(
    z.pipe(z.union([z.int(), z.string().check(z.regex(/^\d+$/))]), z.transform(Number)),
    z.number().check(z.gte(min)),
  );

const toDate = (value: string | null | undefined) => value || null;
const toCount = (value: number | string | null | undefined) =>
  value === null || value === undefined ? null : Number(value);

const reportFields = z.looseObject({
  id: idField,
  url: z.string(),
  // Its name; an eager-loaded relation arrives as an object.
  project: z.optional(
    z.union([
      z.string(),
      z.literal(null),
      z.looseObject({ project: z.string() }),
      z.looseObject({ name: z.string() }),
    ]),
  ),
  // API.md's word, or phpRank's score (unrounded after a create; a numeric string from some setups).
  result: z.optional(
    z.union([
      z.literal([...REPORT_RESULTS, null]),
      z.number().check(z.gte(0), z.lte(100)),
      z.string().check(z.refine((text) => SCORE_TEXT.test(text))),
    ]),
  ),
  privacy: z.optional(z.literal([...PRIVACY_VALUES, '0', '1', '2', null])),
  // Whether a password is set: phpRank's boolean; a string (never shown) counts as set.
  password: z.optional(z.union([z.literal([true, false, 0, 1, null]), z.string()])),
  generated_at: dateField,
  created_at: dateField,
  updated_at: dateField,
});

/** `serviceBase` gives the report's page on the service (`{base}/reports/{id}`). */
function reportSchema(serviceBase?: string) {
  return z.pipe(
    reportFields,
    z.transform((raw): Report => {
      const word = REPORT_RESULTS.find((result) => result === raw.result) ?? null;
      const score = raw.result === null || raw.result === undefined || word ? null : Number(raw.result);
      const ref = raw.project;
      const project =
        typeof ref === 'string' || !ref ? ref : typeof ref.project === 'string' ? ref.project : ref.name;
      const password = typeof raw.password === 'string' ? raw.password.length > 0 : raw.password;
      const id = encodeURIComponent(String(raw.id));
      return {
        id: raw.id,
        url: raw.url,
        pageUrl: pageAddress(raw.url, reachedAddress(raw.results)),
        serviceUrl: serviceBase ? `${serviceBase.replace(/\/+$/, '')}/reports/${id}` : null,
        project: typeof project === 'string' && project !== '' ? project : null,
        result: word ?? (score === null ? null : bandOfScore(score)),
        score,
        checks: summarizeChecks(raw.results),
        privacy: privacyOf(raw.privacy),
        hasPassword: password === null || password === undefined ? null : Boolean(password),
        generatedAt: toDate(raw.generated_at),
        createdAt: toDate(raw.created_at),
        updatedAt: toDate(raw.updated_at),
        // As sent, but never a password: only whether one is set.
        fields: typeof raw.password === 'string' ? { ...raw, password } : { ...raw },
      };
    }),
  );
}

const projectSchema = z.pipe(
  z
    .looseObject({
      project: z.optional(z.nullable(z.string().check(z.minLength(1)))),
      name: z.optional(z.nullable(z.string().check(z.minLength(1)))),
      created_at: dateField,
      reports_count: countField,
      result: z.optional(z.union([z.number().check(z.gte(0)), z.string(), z.literal(null)])),
    })
    .check(z.refine((raw) => Boolean(raw.project ?? raw.name), { path: ['project'] })),
  z.transform((raw): Project => {
    // Another server may eager-load the reports as a list (kept in `fields` as sent).
    const countOf = countField.safeParse(raw.reports);
    const reportsCount = toCount(raw.reports_count) ?? (countOf.success ? toCount(countOf.data) : null);
    const sum = typeof raw.result === 'string' && raw.result.trim() !== '' ? Number(raw.result) : raw.result;
    const averageScore =
      typeof sum === 'number' && Number.isFinite(sum) && sum >= 0 && reportsCount
        ? Math.min(100, sum / reportsCount)
        : null;
    return {
      name: (raw.project ?? raw.name) as string,
      createdAt: toDate(raw.created_at),
      reportsCount,
      averageScore,
      averageResult: averageScore === null ? null : bandOfScore(averageScore),
      fields: { ...raw },
    };
  }),
);

// Laravel's paginator, its "simple" form (no total/last_page), or a bare array.
const pageMeta = z.looseObject({
  current_page: z.optional(whole(1)),
  per_page: z.optional(whole(1)),
  total: z.optional(whole(0)),
  last_page: z.optional(whole(0)),
  from: z.optional(z.nullable(whole(0))),
  to: z.optional(z.nullable(whole(0))),
});

/** Whether a link exists (never followed): `links.next` of the resource paginator, or the flat one. */
function linkPresence(links: unknown, key: 'next' | 'prev', flat: unknown): boolean | undefined {
  const value = isRecord(links) && key in links ? links[key] : flat;
  return value === undefined ? undefined : value !== null && value !== '';
}

/** The sort the server applied, from its own page link (phpRank silently replaces one it does not support). */
function appliedSort(link: unknown): Page<unknown>['appliedSort'] {
  if (typeof link !== 'string' || link === '') return null;
  try {
    const query = new URL(link, 'http://link.invalid/').searchParams;
    const sortBy = query.get('sort_by');
    const sort = query.get('sort');
    return sortBy === null && sort === null ? null : { sortBy, sort };
  } catch {
    return null;
  }
}

function pageSchema<T>(item: z.ZodMiniType<T>) {
  return z.pipe(
    z.looseObject({ ...pageMeta.shape, data: z.array(item), meta: z.optional(pageMeta) }),
    z.transform((body): Page<T> => {
      const meta = body.meta ?? body;
      const links = body.links;
      const page = meta.current_page ?? 1;
      const lastPage = meta.last_page ?? null;
      return {
        items: body.data,
        page,
        perPage: meta.per_page ?? null,
        total: meta.total ?? null,
        lastPage,
        hasNext: linkPresence(links, 'next', meta.next_page_url) ?? (lastPage !== null && page < lastPage),
        hasPrevious: linkPresence(links, 'prev', meta.prev_page_url) ?? page > 1,
        from: meta.from ?? null,
        to: meta.to ?? null,
        appliedSort: appliedSort(isRecord(links) ? (links.first ?? links.last) : body.first_page_url),
      };
    }),
  );
}

function parsePage<T>(body: unknown, item: z.ZodMiniType<T>): Parsed<Page<T>> {
  const page = run(pageSchema(item), Array.isArray(body) ? { data: body } : body);
  if (page.ok || !Array.isArray(body)) return page;
  // A bare array's issues are named from the array ("0.result"), not from the wrapper.
  const items = run(z.array(item), body);
  return items.ok ? page : items;
}

export const parseReportPage = (body: unknown, serviceBase?: string) =>
  parsePage(body, reportSchema(serviceBase));
export const parseProjectPage = (body: unknown) => parsePage(body, projectSchema);

/** The item inside a `{data: {...}}` wrapper, unless the body already is the item (has `ownKey`). */
function readItem<T>(schema: z.ZodMiniType<T>, body: unknown, ownKey: string): Parsed<T> {
  const wrapped = isRecord(body) && isRecord(body.data) && !(ownKey in body);
  return run(schema, wrapped ? body.data : body, wrapped ? ['data'] : []);
}

export const parseReport = (body: unknown, serviceBase?: string) =>
  readItem(reportSchema(serviceBase), body, 'url');

/** Whether a write's answer carries the report itself (some services answer only a message or an id). */
export function containsReport(body: unknown): boolean {
  const item = isRecord(body) && isRecord(body.data) && !('url' in body) ? body.data : body;
  return isRecord(item) && 'url' in item;
}

/** The id in an answer such as `{id: 5}` or `{data: {id: 5}}`, so the report can be read back. */
export function reportIdIn(body: unknown): ReportId | undefined {
  const answer = readItem(z.looseObject({ id: idField }), body, 'id');
  return answer.ok ? answer.value.id : undefined;
}

// phpRank's GET /account (not in API.md): every field counts as missing when it is not what we expect.
const text = z.catch(z.optional(z.string()), undefined);
const accountSchema = z.pipe(
  z.looseObject({
    name: text,
    email: text,
    plan: z.catch(z.optional(z.union([z.string(), z.looseObject({ name: text })])), undefined),
  }),
  z.transform((raw): Account => ({
    name: raw.name?.trim() || raw.email?.trim() || null,
    plan: (typeof raw.plan === 'string' ? raw.plan : raw.plan?.name)?.trim() || null,
  })),
);

export const parseAccount = (body: unknown) => readItem(accountSchema, body, 'email');

// Laravel's {message, errors: {field: [messages]}} and phpRank's 422 {message: {field: [messages]}}; field
// messages that are not all text name no field.
const fieldMessages = z.catch(z.record(z.string(), z.union([z.string(), z.array(z.string())])), {});
const errorBody = z.catch(
  z.object({ message: z.optional(z.union([z.string(), fieldMessages])), errors: z.optional(fieldMessages) }),
  {},
);

/** The API's field names -> ours, for 422 messages: the list queries' and an update's `results`. */
const FIELD_NAMES = { search_by: 'searchBy', sort_by: 'sortBy', per_page: 'perPage', results: 'regenerate' };

/** The server's own sentence (for phpRank's 422: its first field message) and its messages per field, under
 * our field names. */
export function serverError(body: unknown) {
  const { message, errors } = errorBody.parse(body);
  const fieldErrors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries({
    ...(typeof message === 'object' ? message : {}),
    ...errors,
  })) {
    const name = (FIELD_NAMES as Record<string, string>)[field] ?? field;
    fieldErrors[name] = [...(fieldErrors[name] ?? []), ...[messages].flat()];
  }
  const said = typeof message === 'string' ? message : Object.values(fieldErrors).flat()[0];
  return { message: said?.trim() || undefined, fieldErrors };
}
