// Defence in depth: whatever address a page sends, the background never sends, stores or keys anything
// by `user:password@` or a `#fragment`, and refuses an address longer than the service accepts.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createMessageRouter, type Handlers } from '@/entrypoints/background/router';
import { writeConnections } from '@/entrypoints/background/settings/storage';
import { createBackground } from '@/entrypoints/background/wiring';
import { fakeFetch, json, REPORT, type RecordedCall } from './service/fake-fetch';

const trusted = { extensionId: 'abc', extensionBaseUrl: 'chrome-extension://abc/' };
const popupPage = { id: 'abc', url: 'chrome-extension://abc/popup.html' };

const TAB_URL = 'https://user:secret@example.com/article?id=7#section';
const SHAREABLE = 'https://example.com/article?id=7';

const listAnswer = () =>
  json({ data: [], meta: { current_page: 1, last_page: 1, per_page: 100, total: 0 }, status: 200 });

const connection = { id: 'a', account: 'a' };

/** The real background (router, handlers, services, client) over a fake network. */
async function background() {
  const answer = async (call: RecordedCall) =>
    call.method === 'POST'
      ? json({ data: { ...REPORT, url: 'example.com/article?id=7' }, status: 201 }, 201)
      : listAnswer();
  const network = fakeFetch(...Array.from({ length: 20 }, () => answer));
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true);
  await writeConnections({
    active: 'a',
    list: [{ id: 'a', label: '', baseUrl: 'https://reports.example', apiKey: 'key-1234567890' }],
  });
  const { handlers } = createBackground({ client: { fetch: network.fetch } });
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
    const { route, network, spied } = await background();
    for (const message of [
      { type: 'popup.snapshot', payload: { connection, url: TAB_URL } },
      { type: 'popup.pageReport', payload: { connection, url: TAB_URL } },
      { type: 'reports.create', payload: { connection, url: TAB_URL, privacy: 0 } },
      { type: 'popup.awaitCreate', payload: { connection, url: TAB_URL } },
      { type: 'popup.forgetCreate', payload: { connection, url: TAB_URL } },
    ]) {
      const answer = await route(message, popupPage);
      expect(answer.ok, message.type).toBe(true);
    }

    expect(spied['popup.snapshot']).toHaveBeenCalledWith({ connection, url: SHAREABLE });
    expect(spied['popup.pageReport']).toHaveBeenCalledWith({ connection, url: SHAREABLE });
    expect(spied['reports.create']).toHaveBeenCalledWith({ connection, url: SHAREABLE, privacy: 0 });
    expect(spied['popup.awaitCreate']).toHaveBeenCalledWith({ connection, url: SHAREABLE });
    expect(spied['popup.forgetCreate']).toHaveBeenCalledWith({ connection, url: SHAREABLE });

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
    const { route, network } = await background();
    const tooLong = `https://example.com/${'a'.repeat(2100)}`;
    for (const message of [
      { type: 'popup.pageReport', payload: { connection, url: tooLong } },
      { type: 'reports.create', payload: { connection, url: tooLong } },
    ]) {
      expect(await route(message, popupPage)).toMatchObject({ ok: false });
    }
    expect(network.calls).toEqual([]);
  });
});
