// What pages may send, declared once: one zod schema per message payload, strict (no unknown field) and
// bounded. The background's router checks every message against it; the API client checks its own input
// against the same schemas, with the same sentences, so a value it refuses is named next to its field.
// Pages import only the types (`import type`): zod stays out of their bundles.
import { z } from '../zod';
import {
  PER_PAGE_VALUES,
  PRIVACY_VALUES,
  PROJECT_SORT_KEYS,
  REPORT_RESULTS,
  REPORT_SORT_KEYS,
} from '../api/types';
import { MAX_PAGE_URL_LENGTH, PAGE_URL_TOO_LONG, shareableUrl } from '../page-url';
import { searchProblem } from '../request-limits';
import { isWebUrl } from '../web-url';

// ---------------------------------------------------------------------------------------------------
// Fields

const PAGE_NUMBER = 'The page must be a whole number of 1 or more.';
const page = z
  .int({ error: PAGE_NUMBER })
  .check(z.minimum(1, PAGE_NUMBER), z.maximum(1_000_000, PAGE_NUMBER));
const perPage = z.literal(PER_PAGE_VALUES, { error: 'Choose 10, 25, 50 or 100 per page.' });
const sort = z.literal(['asc', 'desc'] as const, { error: 'Sort ascending or descending.' });
const privacy = z.literal(PRIVACY_VALUES, { error: 'Choose Public, Private or Password.' });
const password = z.string({ error: 'The password must be text.' }).check(z.maxLength(1000));

// Checked as the client will send it (trimmed), so a search the service cannot take never leaves.
const search = z.string({ error: 'The search must be text.' }).check(
  z.superRefine((value, ctx) => {
    const problem = searchProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
  }),
);

// "." and ".." are dot-segments: a URL parser would resolve them (even as %2E) to another path.
function segmentProblem(value: string, label: string): string | null {
  if (value.trim() === '') return `${label} is empty.`;
  if (value === '.' || value === '..') return `${label} cannot be used in an address.`;
  // A lone surrogate (valid JSON) has no encoding: encodeURIComponent would throw.
  if (!value.isWellFormed()) return `${label} contains characters that cannot be sent.`;
  return null;
}

/** A report id or a project name, which goes into the address of the request as one path segment. */
function segmentCheck<T extends string | number>(label: string) {
  return z.superRefine<T>((value, ctx) => {
    const problem = typeof value === 'string' ? segmentProblem(value, label) : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
  });
}

const id = z
  .union([z.int().check(z.nonnegative()), z.string().check(z.maxLength(200))], {
    error: 'The report id must be a whole number or text.',
  })
  .check(segmentCheck('The report id'));

const projectName = z
  .string({ error: 'The project name must be text.' })
  .check(z.maxLength(500), segmentCheck('The project name'));

// The tab's address, as the popup looks it up: cleaned here again, so no handler ever sees, stores or
// sends `user:password@` or a `#fragment`, whatever a page sent (the popup sends it cleaned already).
const tabUrl = z.string().check(z.minLength(1), z.maxLength(MAX_PAGE_URL_LENGTH), z.overwrite(shareableUrl));

// The page a report is created for: a web address, cleaned the same way, no longer than the service takes.
// Each failed check stops the ones after it, so one sentence says what is wrong.
const ENTER_ADDRESS = 'Enter the address of the page.';
const newReportUrl = z
  .string({ error: ENTER_ADDRESS })
  .check(
    z.trim(),
    z.minLength(1, { error: ENTER_ADDRESS, abort: true }),
    z.refine(isWebUrl, { error: 'Enter a web address that starts with http:// or https://.', abort: true }),
    z.overwrite(shareableUrl),
    z.maxLength(MAX_PAGE_URL_LENGTH, { error: PAGE_URL_TOO_LONG }),
  );

// A hostname as URL() gives it (lower case, IPv6 in brackets): what "This site only" filters on.
const host = z.string().check(z.minLength(1), z.maxLength(253), z.regex(/^[a-z0-9.:[\]_-]+$/));

// ---------------------------------------------------------------------------------------------------
// Inputs of the API client (each also a message payload, or part of one)

export const reportListQuerySchema = z.strictObject({
  search: z.optional(search),
  searchBy: z.optional(z.literal('url', { error: 'Reports can be searched by URL only.' })),
  project: z.optional(z.string({ error: 'The project must be text.' }).check(z.maxLength(500))),
  result: z.optional(z.literal(REPORT_RESULTS, { error: 'Choose good, decent or bad.' })),
  sortBy: z.optional(
    z.literal(REPORT_SORT_KEYS, { error: 'Sort by date created, date generated, URL or result.' }),
  ),
  sort: z.optional(sort),
  perPage: z.optional(perPage),
  page: z.optional(page),
});

export const projectListQuerySchema = z.strictObject({
  search: z.optional(search),
  searchBy: z.optional(z.literal('project', { error: 'Projects can be searched by name only.' })),
  sortBy: z.optional(z.literal(PROJECT_SORT_KEYS, { error: 'Sort by date created or name.' })),
  sort: z.optional(sort),
  perPage: z.optional(perPage),
  page: z.optional(page),
});

export const createReportInputSchema = z.strictObject({
  url: newReportUrl,
  privacy: z.optional(privacy),
  /** Sent only with privacy 2. */
  password: z.optional(password),
});

export const updateReportInputSchema = z.strictObject({
  privacy: z.optional(privacy),
  /** Sent only with privacy 2. */
  password: z.optional(password),
  /** true asks the service to generate the results again (results=1). */
  regenerate: z.optional(z.boolean({ error: 'Regenerate must be true or false.' })),
});

export const reportIdSchema = z.strictObject({ id });
export const projectNameSchema = z.strictObject({ name: projectName });

export type ReportListQuery = z.input<typeof reportListQuerySchema>;
export type ProjectListQuery = z.input<typeof projectListQuerySchema>;
export type CreateReportInput = z.input<typeof createReportInputSchema>;
export type UpdateReportInput = z.input<typeof updateReportInputSchema>;

// ---------------------------------------------------------------------------------------------------
// Every message's payload

const empty = z.strictObject({});

export const payloadSchemas = {
  'settings.get': empty,
  /** apiKey omitted keeps the stored key; an empty string removes it. */
  'settings.save': z.strictObject({
    baseUrl: z.string().check(z.maxLength(2000)),
    apiKey: z.optional(z.string().check(z.maxLength(20_000))),
  }),
  'settings.test': empty,
  'reports.list': reportListQuerySchema,
  'reports.get': reportIdSchema,
  'reports.create': createReportInputSchema,
  'reports.update': z.strictObject({ id, ...updateReportInputSchema.shape }),
  'reports.delete': reportIdSchema,
  'projects.list': projectListQuerySchema,
  'projects.delete': projectNameSchema,
  'popup.snapshot': z.strictObject({ url: z.optional(tabUrl), host: z.optional(host) }),
  'popup.pageReport': z.strictObject({ url: tabUrl }),
  'popup.recentReports': z.strictObject({ host: z.optional(host) }),
  'popup.rememberPrivacy': z.strictObject({ privacy }),
  'popup.awaitCreate': z.strictObject({ url: tabUrl }),
  'popup.forgetCreate': z.strictObject({ url: tabUrl }),
};

export type PayloadSchemas = typeof payloadSchemas;
/** What a page sends with each message. */
export type Payloads = { [T in keyof PayloadSchemas]: z.input<PayloadSchemas[T]> };

export function isMessageType(type: unknown): type is keyof PayloadSchemas {
  return typeof type === 'string' && Object.hasOwn(payloadSchemas, type);
}

/** Per-field messages for input that failed a schema above ('_form' for the whole). */
export function inputFieldErrors(error: z.core.$ZodError): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : '_form';
    fieldErrors[key] = [...(fieldErrors[key] ?? []), issue.message];
  }
  return fieldErrors;
}
