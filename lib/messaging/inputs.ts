// What pages may send: one strict, bounded zod schema per message payload, checked once by the router.
// Every message that reads or changes the service names its connection. Pages import only the types.
// A value only a page's bug can send is refused in zod's words (lib/zod.ts); what a person types, in ours.
import { t } from '../i18n';
import { isRecord } from '../is-record';
import { z } from '../zod';
import { PRIVACY, PRIVACY_VALUES } from '../api/types';
import { PER_PAGE_VALUES, PROJECT_SORT_KEYS, REPORT_RESULTS, REPORT_SORT_KEYS } from '../api/types';
import { isWebUrl, MAX_PAGE_URL_LENGTH, pageUrlTooLong, searchProblem, shareableUrl } from '../page-url';
import type { Page, Project, Report, ReportSummary } from '../api/types';
import type { ExportPage } from '../export/export-row';
import type { SitePage } from '../site';
import type { Cached, ConnectionTestResult, PopupSnapshot, SavedSettings, SettingsSummary } from './protocol';

const sort = z.literal(['asc', 'desc'] as const);
const privacy = z.literal(PRIVACY_VALUES);
const password = z.string().check(z.maxLength(1000, { error: () => t('inputPasswordTooLong') }));

/** A check whose message is what `problem` finds wrong in the value (null: it passes). */
function noProblem<T>(problem: (value: T) => string | null, path?: PropertyKey[]) {
  return z.superRefine<T>((value, ctx) => {
    const message = problem(value);
    if (message !== null) ctx.addIssue({ code: 'custom', message, input: value, ...(path ? { path } : {}) });
  });
}

// Checked as the client will send it (trimmed), so a search the service cannot take never leaves.
const search = z.string().check(noProblem(searchProblem));

// "." and ".." are dot-segments: a URL parser would resolve them (even as %2E) to another path.
export function segmentProblem(value: string, label: () => string): string | null {
  if (value.trim() === '') return t('inputSegmentEmpty', label());
  if (value === '.' || value === '..') return t('inputSegmentDots', label());
  // A lone surrogate (valid JSON) has no encoding: encodeURIComponent would throw.
  if (!value.isWellFormed()) return t('inputSegmentUnsendable', label());
  return null;
}

/** A report id or a project name, which goes into the address of the request as one path segment. */
function segmentCheck<T extends string | number>(label: () => string) {
  return noProblem<T>((value) => (typeof value === 'string' ? segmentProblem(value, label) : null));
}

const id = z
  .union([z.int().check(z.gte(0)), z.string().check(z.maxLength(200))])
  .check(segmentCheck(() => t('inputReportIdLabel')));

const projectName = z.string().check(
  z.maxLength(500),
  segmentCheck(() => t('inputProjectNameLabel')),
);

// The tab's address: a web address only, cleaned here again, so no handler ever sees, stores or sends
// `user:password@` or a `#fragment`, whatever a page sent.
const tabUrl = z
  .string()
  .check(
    z.maxLength(MAX_PAGE_URL_LENGTH, { error: pageUrlTooLong, abort: true }),
    z.refine(isWebUrl, { abort: true }),
    z.overwrite(shareableUrl),
  );

// The page a report is created for, cleaned the same way; each failed check stops the ones after it.
const ENTER_ADDRESS = { error: () => t('inputEnterAddress') };
const newReportUrl = z
  .string(ENTER_ADDRESS)
  .check(
    z.trim(),
    z.minLength(1, { ...ENTER_ADDRESS, abort: true }),
    z.refine(isWebUrl, { error: () => t('inputWebAddress'), abort: true }),
    z.overwrite(shareableUrl),
    z.maxLength(MAX_PAGE_URL_LENGTH, { error: pageUrlTooLong }),
  );

// A hostname as URL() gives it (lower case, IPv6 in brackets): what "This site only" filters on.
const host = z.string().check(z.maxLength(253), z.regex(/^[a-z0-9.:[\]_-]+$/));

/** The connection a message is for: its id and account (random tokens, no secret); empty when none is set up. */
const connection = z.strictObject({
  id: z.string().check(z.maxLength(100)),
  account: z.string().check(z.maxLength(100)),
});
const forConnection = <S extends z.ZodMiniObject>(schema: S) => z.extend(schema, { connection });

const paging = {
  perPage: z.optional(z.literal(PER_PAGE_VALUES)),
  page: z.optional(z.int().check(z.gte(1), z.lte(1_000_000))),
};

// The report list's filters: with a page, a list query; alone, "every report matching" of a bulk change.
const reportFilters = {
  search: z.optional(search),
  searchBy: z.optional(z.literal('url')),
  project: z.optional(z.string().check(z.maxLength(500))),
  result: z.optional(z.literal(REPORT_RESULTS)),
  sortBy: z.optional(z.literal(REPORT_SORT_KEYS)),
  sort: z.optional(sort),
};

export const reportListQuerySchema = z.strictObject({ ...reportFilters, ...paging });

export const projectListQuerySchema = z.strictObject({
  search: z.optional(search),
  searchBy: z.optional(z.literal('project')),
  sortBy: z.optional(z.literal(PROJECT_SORT_KEYS)),
  sort: z.optional(sort),
  ...paging,
});

export const createReportInputSchema = z.strictObject({
  url: newReportUrl,
  privacy: z.optional(privacy),
  /** Sent only with Password privacy. */
  password: z.optional(password),
});

export const updateReportInputSchema = z.strictObject({
  privacy: z.optional(privacy),
  /** Sent only with Password privacy. */
  password: z.optional(password),
  /** true asks the service to generate the results again (results=1). */
  regenerate: z.optional(z.boolean()),
});

export const reportIdSchema = z.strictObject({ id });
export const projectNameSchema = z.strictObject({ name: projectName });

export type ReportListQuery = z.input<typeof reportListQuerySchema>;
export type ProjectListQuery = z.input<typeof projectListQuerySchema>;
export type CreateReportInput = z.input<typeof createReportInputSchema>;
export type UpdateReportInput = z.input<typeof updateReportInputSchema>;

/** The most reports one job takes: more would make each progress write (the whole job) slow. */
export const MAX_BULK_REPORTS = 2000;

const bulkAction = z.union([
  z.strictObject({ kind: z.literal('privacy'), privacy }),
  z.strictObject({ kind: z.literal('regenerate') }),
  z.strictObject({ kind: z.literal('delete') }),
]);

const bulkTarget = z.union(
  [
    z.strictObject({
      reports: z
        .array(
          z.strictObject({
            id,
            label: z.string().check(z.maxLength(MAX_PAGE_URL_LENGTH, { error: pageUrlTooLong })),
            /** Its score as the page shows it: what new results are compared with. */
            score: z.optional(z.nullable(z.number())),
          }),
        )
        .check(
          z.minLength(1, { error: () => t('fieldsBulkNoReports') }),
          // The sentence says 2,000: MAX_BULK_REPORTS.
          z.maxLength(MAX_BULK_REPORTS, { error: () => t('fieldsBulkTooMany') }),
        ),
    }),
    z.strictObject({ query: z.strictObject(reportFilters) }),
  ],
  // When neither fits, the union may not say which failed: too many reports named, or none.
  { error: (issue) => (tooManyReports(issue.input) ? t('fieldsBulkTooMany') : t('fieldsBulkNoReports')) },
);

function tooManyReports(input: unknown): boolean {
  const reports = isRecord(input) ? input.reports : null;
  return Array.isArray(reports) && reports.length > MAX_BULK_REPORTS;
}

const bulkStartFields = forConnection(
  z.strictObject({ action: bulkAction, target: bulkTarget, password: z.optional(password) }),
);
type BulkStartFields = z.output<typeof bulkStartFields>;

const bulkStart = bulkStartFields.check(
  noProblem<BulkStartFields>(
    (value) => {
      // Password privacy needs one (as the service says); any other change never carries one.
      const wantsPassword = value.action.kind === 'privacy' && value.action.privacy === PRIVACY.password;
      if (wantsPassword === (value.password !== undefined && value.password !== '')) return null;
      return wantsPassword ? t('bulkPasswordRequired') : t('inputPasswordNeedsPrivacy');
    },
    ['password'],
  ),
  // Delete selected names its reports: "every report matching" is never deleted.
  noProblem<BulkStartFields>((value) =>
    value.action.kind === 'delete' && 'query' in value.target ? t('fieldsBulkNoReports') : null,
  ),
);

const onConnection = z.strictObject({ connection });
const baseUrl = z.string().check(z.maxLength(2000));
const apiKey = z.string().check(z.maxLength(20_000));

// The label's length is checked by the handler, with a sentence next to the field.
const connectionId = z.string().check(z.minLength(1), z.maxLength(100));
const connectionRef = z.strictObject({ id: connectionId });
const connectionLabel = z.string().check(z.maxLength(1000));
/** The key is tried on the service first; one it rejects is not stored. */
const checkKey = z.optional(z.boolean());

// What a message answers is a type only, carried on its schema: pages import nothing at run time.
declare const REPLY: unique symbol;
export type ReplyOf<S> = S extends { [REPLY]: infer Reply } ? Reply : never;
const message =
  <Reply = null>() =>
  <Payload extends z.ZodMiniType>(payload: Payload) =>
    payload as Payload & { [REPLY]: Reply };

/** Every message a page may send: the schema its payload passes (once, at the router) and its answer. */
export const messages = {
  'settings.get': message<SettingsSummary>()(z.strictObject({})),
  /** apiKey omitted keeps the stored key; an empty string removes it. */
  'settings.save': message<SavedSettings>()(
    z.strictObject({ connection, baseUrl, apiKey: z.optional(apiKey), checkKey }),
  ),
  'settings.test': message<ConnectionTestResult>()(onConnection),
  /** Adds a connection and makes it the active one. A blank label becomes the address's host. */
  'connections.add': message<SavedSettings>()(
    z.strictObject({ label: z.optional(connectionLabel), baseUrl, apiKey, checkKey }),
  ),
  'connections.rename': message<SettingsSummary>()(
    z.strictObject({ id: connectionId, label: connectionLabel }),
  ),
  /** Gives the origin's permission back unless another connection uses it; another one becomes active. */
  'connections.remove': message<SettingsSummary>()(connectionRef),
  'connections.switch': message<SettingsSummary>()(connectionRef),
  /** Reports as lists carry them (summaries); the details view reads its report whole. */
  'reports.list': message<Page<ReportSummary>>()(forConnection(reportListQuerySchema)),
  /** A page of the list for the CSV export: each report reduced to the file's columns. */
  'reports.exportPage': message<ExportPage>()(forConnection(reportListQuerySchema)),
  'reports.get': message<Report>()(forConnection(reportIdSchema)),
  'reports.create': message<Report>()(forConnection(createReportInputSchema)),
  'reports.update': message<Report>()(z.strictObject({ connection, id, ...updateReportInputSchema.shape })),
  'reports.delete': message()(forConnection(reportIdSchema)),
  'projects.list': message<Page<Project>>()(forConnection(projectListQuerySchema)),
  'projects.delete': message()(forConnection(projectNameSchema)),
  /** Never the network: answers at once. */
  'popup.snapshot': message<PopupSnapshot>()(z.strictObject({ connection, url: z.optional(tabUrl) })),
  /** The newest report for exactly this URL (null: none), fetched now and kept. */
  'popup.pageReport': message<Cached<ReportSummary | null>>()(z.strictObject({ connection, url: tabUrl })),
  /** The RECENT_COUNT newest reports, of one host when given, fetched now and kept. */
  'popup.recentReports': message<Cached<ReportSummary[]>>()(
    z.strictObject({ connection, host: z.optional(host) }),
  ),
  'popup.rememberPrivacy': message()(z.strictObject({ connection, privacy })),
  /** Waits for this page's running create: its report, its error, or null when none runs. */
  'popup.awaitCreate': message<Report | null>()(z.strictObject({ connection, url: tabUrl })),
  /** The outcome of this page's create was shown: the next popup need not show it again. */
  'popup.forgetCreate': message()(z.strictObject({ connection, url: tabUrl })),
  /** Starts a bulk change; pages watch its progress in storage (lib/bulk-job.ts). */
  'bulk.start': message()(bulkStart),
  /** Sends nothing more; a request on its way finishes. */
  'bulk.stop': message()(onConnection),
  /** Starts the last job again over its failures that are safe to send again. */
  'bulk.retryFailed': message()(onConnection),
  /** Forgets an ended job (and the password it held). */
  'bulk.dismiss': message()(onConnection),
  'history.clear': message()(onConnection),
  /** Reads project `name`'s reports with their tests (or finds the kept read still current); `fresh` reads all again. */
  'site.read': message()(z.strictObject({ connection, name: projectName, fresh: z.optional(z.boolean()) })),
  /** Sends nothing more for that project's read; the next read goes on from what was read. */
  'site.stop': message()(forConnection(projectNameSchema)),
  /** The kept pages of project `name` that fail test `test` (no request). */
  'site.pages': message<SitePage[]>()(
    z.strictObject({
      connection,
      name: projectName,
      test: z.string().check(z.minLength(1), z.maxLength(200)),
    }),
  ),
};

export function isMessageType(type: unknown): type is keyof typeof messages {
  return typeof type === 'string' && Object.hasOwn(messages, type);
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
