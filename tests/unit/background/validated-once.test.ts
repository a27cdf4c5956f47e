// A request's input is checked against its schema once: by the router for a page's message (the client
// then sends it as parsed), by the client for every other caller (the follower, the toolbar index, the
// bulk runner), and by the menu's own parse for its create.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHandlers, type HandlerDeps } from '@/entrypoints/background/handlers';
import { createMessageRouter } from '@/entrypoints/background/router';
import { createApiClient } from '@/entrypoints/background/service/client';
import {
  createReportInputSchema,
  payloadSchemas,
  reportIdSchema,
  reportListQuerySchema,
  updateReportInputSchema,
} from '@/lib/messaging/inputs';
import { fakeFetch, json, REPORT } from './service/fake-fetch';

const trusted = { extensionId: 'abc', extensionBaseUrl: 'chrome-extension://abc/' };
const optionsPage = { id: 'abc', url: 'chrome-extension://abc/options.html' };

const listAnswer = () =>
  json({ data: [], meta: { current_page: 1, last_page: 1, per_page: 25, total: 0 }, status: 200 });
const reportAnswer = () => json({ data: REPORT, status: 200 });

/** The real handlers and client over a fake network, and the router in front of them. */
function background() {
  const network = fakeFetch(...Array.from({ length: 10 }, () => async () => listAnswer()));
  const reports = fakeFetch(...Array.from({ length: 10 }, () => async () => reportAnswer()));
  const deps: HandlerDeps = {
    readSettings: async () => ({ baseUrl: 'https://reports.example', apiKey: 'key-1234567890' }),
    writeSettings: async () => {},
    oneAtATime: (work) => work(),
    hasHostPermission: async () => true,
    createClient: (settings) =>
      createApiClient({
        ...settings,
        fetch: (input, init) =>
          (init?.method === 'GET' && String(input).includes('/reports?') ? network : reports).fetch(
            input,
            init,
          ),
      }),
  };
  const handlers = createHandlers(deps);
  const route = createMessageRouter(handlers as never, trusted);
  return { handlers, route, network, reports };
}

/** Counts the parses against each schema (safeParse is what the router and the client call). */
function countParses() {
  const spies = {
    list: vi.spyOn(reportListQuerySchema, 'safeParse'),
    create: vi.spyOn(createReportInputSchema, 'safeParse'),
    id: vi.spyOn(reportIdSchema, 'safeParse'),
    update: vi.spyOn(updateReportInputSchema, 'safeParse'),
    routedUpdate: vi.spyOn(payloadSchemas['reports.update'], 'safeParse'),
  };
  return () => Object.fromEntries(Object.entries(spies).map(([name, spy]) => [name, spy.mock.calls.length]));
}

afterEach(() => vi.restoreAllMocks());

describe('a request is validated once', () => {
  it('a routed list: once, by the router; the client sends it as parsed', async () => {
    const { route, network } = background();
    const parses = countParses();
    const answer = await route(
      { type: 'reports.list', payload: { perPage: 25, search: ' a ' } },
      optionsPage,
    );
    expect(answer.ok).toBe(true);
    expect(network.calls).toHaveLength(1);
    expect(parses()).toMatchObject({ list: 1 });
  });

  it('a routed create and update: once each, by the router', async () => {
    const { route, reports } = background();
    const parses = countParses();
    const created = await route(
      { type: 'reports.create', payload: { url: 'https://example.com/a', privacy: 0 } },
      optionsPage,
    );
    const updated = await route({ type: 'reports.update', payload: { id: 1, privacy: 1 } }, optionsPage);
    expect([created.ok, updated.ok]).toEqual([true, true]);
    expect(reports.calls.map((call) => call.method)).toEqual(['POST', 'PATCH']);
    expect(parses()).toEqual({ list: 0, create: 1, id: 0, update: 0, routedUpdate: 1 });
  });

  it('a caller outside the router (follower, toolbar index, bulk runner): once, by the client', async () => {
    const { handlers, network, reports } = background();
    const parses = countParses();
    expect((await handlers['reports.list']({ sortBy: 'id', sort: 'desc', perPage: 25 })).ok).toBe(true);
    expect((await handlers['reports.get']({ id: 1 })).ok).toBe(true);
    expect((await handlers['reports.update']({ id: 1, regenerate: true })).ok).toBe(true);
    expect(network.calls).toHaveLength(1);
    expect(reports.calls).toHaveLength(2);
    expect(parses()).toEqual({ list: 1, create: 0, id: 2, update: 1, routedUpdate: 0 });
  });

  it('the client called directly still refuses bad input before sending', async () => {
    const network = fakeFetch();
    const client = createApiClient({ baseUrl: 'https://reports.example', apiKey: 'k', fetch: network.fetch });
    const parses = countParses();
    const answer = await client.listReports({ perPage: 7 as 25 });
    expect(answer).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
    expect(network.calls).toHaveLength(0);
    expect(parses()).toMatchObject({ list: 1 });
  });
});
