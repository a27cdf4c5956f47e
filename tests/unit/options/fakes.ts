// Test data and a fake background for the options page: `send` answered from handlers, with every call
// recorded, and deferred answers for tests about order and timing. A test file that fakes `send` mocks
// '@/lib/messaging/send' (vi.mock) so the pages' own import answers from the fake.
import { vi } from 'vitest';
import { apiError } from '@/entrypoints/background/error-messages';
import type { ApiError, ApiErrorKind, Result } from '@/lib/api/errors';
import type { Page, Project, Report, ReportId } from '@/lib/api/types';
import type { PageInput, MessageOutput, MessageType } from '@/lib/messaging/protocol';
import { send as pageSend } from '@/lib/messaging/send';
import { startFakeFollower } from '../fake-follower';

export function makeReport(id: number, overrides: Partial<Report> = {}): Report {
  const url = overrides.url ?? `https://site.example/page-${id}`;
  const base: Report = {
    id,
    url,
    pageUrl: url,
    serviceUrl: `https://reports.example/reports/${id}`,
    project: 'Client A / Landing pages',
    result: 'good',
    score: null,
    checks: null,
    privacy: 0,
    hasPassword: false,
    generatedAt: '2024-05-02T10:00:00Z',
    createdAt: '2024-05-01T09:30:00Z',
    updatedAt: '2024-05-02T10:00:00Z',
    fields: {},
  };
  const report = { ...base, ...overrides };
  return {
    ...report,
    fields: Object.keys(overrides.fields ?? {}).length
      ? overrides.fields!
      : { id, url, project: report.project, result: report.result, privacy: report.privacy, password: false },
  };
}

export function makeProject(name: string, overrides: Partial<Project> = {}): Project {
  return {
    name,
    createdAt: '2024-03-01T08:00:00Z',
    reportsCount: 3,
    averageScore: null,
    averageResult: null,
    fields: { project: name },
    ...overrides,
  };
}

/** A page as the background hands it over: Laravel's meta turned into our fields. */
export function makePage<T>(items: T[], { page = 1, perPage = 10, total = items.length } = {}): Page<T> {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  return {
    items,
    page,
    perPage,
    total,
    lastPage,
    hasNext: page < lastPage,
    hasPrevious: page > 1,
    from: items.length ? (page - 1) * perPage + 1 : null,
    to: items.length ? (page - 1) * perPage + items.length : null,
    appliedSort: null,
  };
}

export const ok = <T>(data: T): Result<T> => ({ ok: true, data });
export const fail = (
  kind: ApiErrorKind,
  extra: Parameters<typeof apiError>[1] = {},
): { ok: false; error: ApiError } => ({
  ok: false,
  error: apiError(kind, extra),
});

export type Handler<T extends MessageType> = (
  payload: PageInput<T>,
) => Result<MessageOutput<T>> | Promise<Result<MessageOutput<T>>>;
export type Handlers = { [T in MessageType]?: Handler<T> };

/**
 * The pages' `send` answered by `handlers`; a message without a handler fails the test loudly. Behind it
 * runs the background's follower (../fake-follower): `followerReads(send)` lists what it read.
 */
export function fakeSend(handlers: Handlers) {
  const follower = startFakeFollower(handlers['reports.get']);
  const send = vi.fn(async <T extends MessageType>(type: T, payload: PageInput<T>) => {
    const handler = handlers[type] as Handler<T> | undefined;
    if (!handler) throw new Error(`unexpected message ${type}`);
    const answer = await handler(payload);
    await follower.afterAnswer(type, payload, answer as Result<unknown>);
    return answer;
  });
  readsOf.set(send, follower.reads);
  vi.mocked(pageSend).mockImplementation(send as never);
  return send;
}

const readsOf = new WeakMap<object, ReportId[]>();

/** The ids the background's follower read behind a `fakeSend`, in order. */
export function followerReads(send: object): ReportId[] {
  return readsOf.get(send) ?? [];
}

/** The payloads `send` was called with for one message type, in order. */
export function callsOf<T extends MessageType>(
  send: { mock: { calls: unknown[][] } },
  type: T,
): PageInput<T>[] {
  return send.mock.calls.filter(([t]) => t === type).map(([, payload]) => payload as PageInput<T>);
}

export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Reports 1..n, newest (highest id) first. */
export function reportRange(from: number, to: number): Report[] {
  const reports: Report[] = [];
  for (let id = to; id >= from; id--) reports.push(makeReport(id));
  return reports;
}
