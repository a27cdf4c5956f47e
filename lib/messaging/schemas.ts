// The zod side of the protocol: one strict schema per message payload. Background only.
import { z } from 'zod';
import {
  PER_PAGE_VALUES,
  PRIVACY_VALUES,
  PROJECT_SORT_KEYS,
  REPORT_RESULTS,
  REPORT_SORT_KEYS,
} from '../api/types';
import { MAX_PAGE_URL_LENGTH, shareableUrl } from '../page-url';
import { MAX_SEARCH_LENGTH } from '../request-limits';
import type { MessageInput, MessageType } from './protocol';

const id = z.union([z.string().min(1).max(200), z.number().int().nonnegative()]);
const privacy = z.literal(PRIVACY_VALUES);
const perPage = z.literal(PER_PAGE_VALUES);
const page = z.number().int().min(1).max(1_000_000);
const search = z.string().max(MAX_SEARCH_LENGTH);
// A page's address: the popup sends it already cleaned (lib/page-url.ts); cleaned here again, so no
// handler ever sees, stores or sends `user:password@` or a `#fragment`, whatever a page sent.
const pageUrl = z.string().min(1).max(MAX_PAGE_URL_LENGTH).transform(shareableUrl);
const sort = z.enum(['asc', 'desc']);
const empty = z.strictObject({});
// A hostname as URL() gives it (lower case, IPv6 in brackets): what "This site only" filters on.
const host = z
  .string()
  .min(1)
  .max(253)
  .regex(/^[a-z0-9.:[\]_-]+$/);

export const payloadSchemas = {
  'settings.get': empty,
  'settings.save': z.strictObject({
    baseUrl: z.string().max(2000),
    apiKey: z.string().max(20_000).optional(),
  }),
  'settings.test': empty,
  'reports.list': z.strictObject({
    search: search.optional(),
    searchBy: z.literal('url').optional(),
    project: z.string().max(500).optional(),
    result: z.enum(REPORT_RESULTS).optional(),
    sortBy: z.enum(REPORT_SORT_KEYS).optional(),
    sort: sort.optional(),
    perPage: perPage.optional(),
    page: page.optional(),
  }),
  'reports.get': z.strictObject({ id }),
  'reports.create': z.strictObject({
    url: pageUrl,
    privacy: privacy.optional(),
    password: z.string().max(1000).optional(),
  }),
  'reports.update': z.strictObject({
    id,
    privacy: privacy.optional(),
    password: z.string().max(1000).optional(),
    regenerate: z.boolean().optional(),
  }),
  'reports.delete': z.strictObject({ id }),
  'projects.list': z.strictObject({
    search: search.optional(),
    searchBy: z.literal('project').optional(),
    sortBy: z.enum(PROJECT_SORT_KEYS).optional(),
    sort: sort.optional(),
    perPage: perPage.optional(),
    page: page.optional(),
  }),
  'projects.delete': z.strictObject({ name: z.string().min(1).max(500) }),
  'popup.snapshot': z.strictObject({ url: pageUrl.optional(), host: host.optional() }),
  'popup.pageReport': z.strictObject({ url: pageUrl }),
  'popup.recentReports': z.strictObject({ host: host.optional() }),
  'popup.rememberPrivacy': z.strictObject({ privacy }),
  'popup.awaitCreate': z.strictObject({ url: pageUrl }),
  'popup.forgetCreate': z.strictObject({ url: pageUrl }),
} satisfies { [T in MessageType]: z.ZodType<MessageInput<T>> };

export function isMessageType(type: unknown): type is MessageType {
  return typeof type === 'string' && Object.hasOwn(payloadSchemas, type);
}
