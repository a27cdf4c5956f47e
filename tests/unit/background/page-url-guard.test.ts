// Defence in depth: whatever address a page sends, the background never sends, stores or keys anything
// by `user:password@` or a `#fragment`, and refuses an address longer than the service accepts.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createCreateRuns, createRunsItem } from '@/entrypoints/background/create-runs';
import { createServiceCalls, type HandlerDeps } from '@/entrypoints/background/handlers';
import { createReportStore } from '@/entrypoints/background/report-store';
import { createPopupHandlers } from '@/entrypoints/background/popup-handlers';
import { createBulkChanges } from '@/entrypoints/background/jobs/bulk-change';
import { createSiteReads } from '@/entrypoints/background/site-reads';
import { createMessageRouter, type Handlers } from '@/entrypoints/background/router';
import { createApiClient } from '@/entrypoints/background/service/client';
import { fakeFetch, json, REPORT, type RecordedCall } from './service/fake-fetch';

const trusted = { extensionId: 'abc', extensionBaseUrl: 'chrome-extension://abc/' };
const popupPage = { id: 'abc', url: 'chrome-extension://abc/popup.html' };

const TAB_URL = 'https://user:secret@example.com/article?id=7#section';
const SHAREABLE = 'https://example.com/article?id=7';

const listAnswer = () =>
  json({ data: [], meta: { current_page: 1, last_page: 1, per_page: 100, total: 0 }, status: 200 });

/** The real background (router, core and popup handlers, client) over a fake network. */
function background() {
  const answer = async (call: RecordedCall) =>
    call.method === 'POST'
      ? json({ data: { ...REPORT, url: 'example.com/article?id=7' }, status: 201 }, 201)
      : listAnswer();
  const network = fakeFetch(...Array.from({ length: 20 }, () => answer));
  const deps: HandlerDeps = {
    readSettings: async () => ({ baseUrl: 'https://reports.example', apiKey: 'key-1234567890' }),
    // The one connection, 'a', whose work the popup handlers below are given.
    readConnectionOf: async () => ({
      id: 'a',
      label: '',
      baseUrl: 'https://reports.example',
      apiKey: 'key-1234567890',
    }),
    writeSettings: async () => {},
    oneAtATime: (work) => work(),
    hasHostPermission: async () => true,
    createClient: (settings) => createApiClient({ ...settings, fetch: network.fetch }),
  };
  const { handlers: core, listWhole } = createServiceCalls(deps);
  const now = () => 5000;
  const handlers: Handlers = {
    ...core,
    ...createPopupHandlers({
      isConfigured: async () => true,
      listReports: core['reports.list'],
      active: async () => ({
        ref: { id: 'a', account: 'a' },
        store: createReportStore('a', now),
        creates: createCreateRuns({ now, keepAliveWhile: (work) => work }, createRunsItem('a')),
        follow: async () => {},
      }),
      stillActive: async () => true,
      now,
    }),
    // No page address in these: not part of this test.
    ...createBulkChanges({
      connectionId: 'a',
      update: core['reports.update'],
      get: core['reports.get'],
      list: core['reports.list'],
      now,
      keepAliveWhile: (work) => work,
      alarms: fakeBrowser.alarms,
    }).handlers,
    'history.clear': async () => ({ ok: true, data: null }),
    ...createSiteReads({
      connectionId: 'a',
      list: (query) => listWhole(query, { id: 'a', account: 'a' }),
      now,
      keepAliveWhile: (work) => work,
    }).handlers,
  };
  const spied = Object.fromEntries(
    Object.entries(handlers).map(([type, handler]) => [type, vi.fn(handler)]),
  ) as unknown as Handlers;
  return { route: createMessageRouter(spied, trusted), network, spied };
}

describe('page addresses reaching the background', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  it('are cleaned before any handler sees them, and nothing sent or stored carries the credentials or the fragment', async () => {
    const { route, network, spied } = background();
    for (const message of [
      { type: 'popup.snapshot', payload: { url: TAB_URL } },
      { type: 'popup.pageReport', payload: { url: TAB_URL } },
      { type: 'reports.create', payload: { url: TAB_URL, privacy: 0 } },
      { type: 'popup.awaitCreate', payload: { url: TAB_URL } },
      { type: 'popup.forgetCreate', payload: { url: TAB_URL } },
    ]) {
      const answer = await route(message, popupPage);
      expect(answer.ok, message.type).toBe(true);
    }

    // `true`: parsed by the router, so the client does not check them again.
    expect(spied['popup.snapshot']).toHaveBeenCalledWith({ url: SHAREABLE }, true);
    expect(spied['popup.pageReport']).toHaveBeenCalledWith({ url: SHAREABLE }, true);
    expect(spied['reports.create']).toHaveBeenCalledWith({ url: SHAREABLE, privacy: 0 }, true);
    expect(spied['popup.awaitCreate']).toHaveBeenCalledWith({ url: SHAREABLE }, true);
    expect(spied['popup.forgetCreate']).toHaveBeenCalledWith({ url: SHAREABLE }, true);

    const create = network.calls.find((call) => call.method === 'POST');
    expect(new URLSearchParams(create?.body ?? '').get('url')).toBe(SHAREABLE);
    const sent = JSON.stringify(network.calls.map(({ url, body }) => ({ url, body })));
    expect(sent).not.toMatch(/secret|user|section|%23/);
    const stored = JSON.stringify([
      await fakeBrowser.storage.session.get(null),
      await fakeBrowser.storage.local.get(null),
    ]);
    expect(stored).toContain('example.com/article'); // the page's lookup was kept
    expect(stored).not.toMatch(/secret|section/);
  });

  it('refuses an address longer than the service accepts, sending nothing', async () => {
    const { route, network } = background();
    const tooLong = `https://example.com/${'a'.repeat(2100)}`;
    for (const message of [
      { type: 'popup.pageReport', payload: { url: tooLong } },
      { type: 'reports.create', payload: { url: tooLong } },
    ]) {
      expect(await route(message, popupPage)).toMatchObject({ ok: false });
    }
    expect(network.calls).toEqual([]);
  });
});
