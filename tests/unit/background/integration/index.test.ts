// The browser integration as the worker runs it: the menu's and the command's listeners, the badge, the
// notifications and their clicks, the menu following the setting, a popup's create that ends after it closed.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { apiError } from '@/entrypoints/background/error-messages';
import type { Result } from '@/lib/api/errors';
import type { Report, ReportId, ReportSummary } from '@/lib/api/types';
import { integrationPrefsItem, saveIntegrationPrefs } from '@/lib/settings/items';
import { t } from '@/lib/i18n';
import { announcedIfPopupCloses, registerBrowserIntegration } from '@/entrypoints/background/integration';
import { writeConnections } from '@/entrypoints/background/settings/storage';
import { createBackground } from '@/entrypoints/background/wiring';
import { MENU_LINK, MENU_PAGE } from '@/entrypoints/background/integration';
import { failed, makeReport, ok } from '../../popup/fixtures';

const TAB = { id: 7, url: 'https://example.com/a' };
const FETCH_FAILED = 'The service could not fetch this page: cURL error 6: Could not resolve host.';

type FakeApi = Record<string, unknown>;
const fake = fakeBrowser as unknown as Record<string, FakeApi>;
const notificationsApi = fake.notifications;

/** An event the fake browser leaves unimplemented: listeners kept, trigger() awaits them all. */
function fakeEvent() {
  const listeners: Array<(...args: never[]) => unknown> = [];
  return {
    addListener: (listener: (...args: never[]) => unknown) => void listeners.push(listener),
    trigger: async (...args: unknown[]) => {
      await Promise.all(listeners.map((listener) => listener(...(args as never[]))));
    },
  };
}
const events = {
  menuClicked: fakeEvent(),
  command: fakeEvent(),
  notificationClicked: fakeEvent(),
};

function setup(
  answer: Result<Report> = ok(makeReport({ id: 12, url: 'example.com/a', score: 86 })),
  background?: ReturnType<typeof createBackground>,
  found: Result<ReportSummary | null> = ok(null),
) {
  Object.assign(events, { menuClicked: fakeEvent(), command: fakeEvent(), notificationClicked: fakeEvent() });
  fake.contextMenus!.onClicked = events.menuClicked;
  fake.commands!.onCommand = events.command;
  fake.notifications!.onClicked = events.notificationClicked;
  fake.permissions!.onAdded = fakeEvent();
  const menus = new Set<string>();
  fake.contextMenus!.create = vi.fn((properties: { id: string }, done?: () => void) => {
    menus.add(properties.id);
    done?.();
    return properties.id;
  });
  fake.contextMenus!.removeAll = vi.fn(async () => menus.clear());
  const notifications = {
    create: vi.fn(async (id: string, _options: Record<string, unknown>) => id),
    clear: vi.fn(async () => true),
  };
  Object.assign(fake.notifications!, notifications);
  const tabsCreate = vi.fn(async () => ({}));
  fake.tabs!.create = tabsCreate;
  const create = vi.fn(async (_input: { url: string; privacy?: number }) => answer);
  const update = vi.fn(async () =>
    ok(makeReport({ id: 12, url: 'example.com/a', score: 40, result: 'bad' })),
  );
  const lookUp = vi.fn(async (_url: string) => found);
  const regenerate = vi.fn(async (_id: ReportId) =>
    ok(makeReport({ id: 12, url: 'example.com/a', score: 91 })),
  );
  // The active connection's work, where nothing for the page is on its way.
  const work = {
    creates: {
      busy: () => false,
      run: (_url: string, send: () => Promise<unknown>) => send(),
      dismiss: async () => undefined,
    },
    service: {
      pageReport: (url: string) => lookUp(url),
      updateReport: (id: ReportId) => regenerate(id),
      createReport: create,
    },
    store: {},
  };
  registerBrowserIntegration(background?.activeWork ?? (async () => work as never));
  // A page's create and regeneration as the handlers run them.
  const handlers = {
    'reports.create': (input: { url: string; privacy?: number }) =>
      announcedIfPopupCloses('create', input.url, () => create(input)),
    'reports.update': (input: { id: number; regenerate?: boolean; privacy?: number }) =>
      input.regenerate === true ? announcedIfPopupCloses('regenerate', null, update) : update(),
  };
  return { handlers, create, update, lookUp, regenerate, menus, notifications, tabsCreate };
}

const badge = async (tabId = TAB.id) => ({
  text: await fakeBrowser.action.getBadgeText({ tabId }),
  title: await fakeBrowser.action.getTitle({ tabId }),
});

/** A service whose page lookups find nothing and whose creates wait until `release()`; what it was sent. */
function heldCreates() {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const sent: { method: string; origin: string }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    sent.push({ method, origin: new URL(String(input)).origin });
    if (method === 'GET') {
      const none = { data: [], meta: { current_page: 1, last_page: 1, per_page: 100, total: 0 } };
      return new Response(JSON.stringify(none), { headers: { 'content-type': 'application/json' } });
    }
    await held;
    const report = { id: 12, url: 'example.com/a', result: 86, privacy: 0, password: false };
    return new Response(JSON.stringify({ data: report }), {
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetch: fetch as typeof globalThis.fetch, sent, release };
}

async function clickMenu(info: Record<string, unknown>, tab: { id?: number; url?: string } = TAB) {
  await events.menuClicked.trigger(info, tab);
}

describe('browser integration', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    fake.notifications = notificationsApi!;
    delete (fake.runtime as FakeApi).getContexts;
  });

  it('"Create report for this page" creates one with the privacy from Settings, "…" on the badge meanwhile, then the score', async () => {
    let finish!: (answer: Result<Report>) => void;
    const { create } = setup();
    create.mockImplementationOnce(() => new Promise((resolve) => (finish = resolve)));
    await clickMenu({ menuItemId: MENU_PAGE, pageUrl: TAB.url });
    // `true`: the menu parsed it against the create schema, so the client does not check it again.
    await vi.waitFor(() => expect(create).toHaveBeenCalledWith({ url: 'https://example.com/a', privacy: 0 }));
    expect(await badge()).toEqual({
      text: '…',
      title: 'Page Reports: the service is analysing example.com/a…',
    });
    finish(ok(makeReport({ id: 12, url: 'example.com/a', score: 86 })));
    await vi.waitFor(async () => expect((await badge()).text).toBe('86'));
    expect((await badge()).title).toBe('Report created: Result for example.com/a: Good · 86');
  });

  it('"Create report for this link" creates one for the link, Private when Settings say so, without credentials or fragment', async () => {
    await saveIntegrationPrefs({ privacy: 1 });
    const { create } = setup();
    await clickMenu({
      menuItemId: MENU_LINK,
      pageUrl: TAB.url,
      linkUrl: 'https://ann:secret@example.org/b?x=1#top',
    });
    await vi.waitFor(() =>
      expect(create).toHaveBeenCalledWith({ url: 'https://example.org/b?x=1', privacy: 1 }),
    );
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('the create-report command creates one for the tab it was pressed on; other commands do nothing', async () => {
    const { create } = setup();
    await events.command.trigger('other', TAB);
    await events.command.trigger('create-report', TAB);
    await vi.waitFor(() => expect(create).toHaveBeenCalledWith({ url: TAB.url, privacy: 0 }));
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('a page with a report is regenerated, not made twice: the notification says it had one', async () => {
    await saveIntegrationPrefs({ notifications: true });
    const existing = makeReport({ id: 12, url: 'example.com/a', score: 70 });
    const { create, lookUp, regenerate, notifications } = setup(undefined, undefined, ok(existing));
    await events.command.trigger('create-report', TAB);
    await vi.waitFor(() => expect(notifications.create).toHaveBeenCalledTimes(1));
    expect(lookUp).toHaveBeenCalledWith(TAB.url);
    expect(regenerate).toHaveBeenCalledWith(12);
    expect(create).not.toHaveBeenCalled();
    expect(notifications.create.mock.calls[0]![1]).toMatchObject({
      title: 'It had a report: results regenerated',
      message: 'Result for example.com/a: Good · 91',
    });
  });

  it('a lookup that failed makes nothing, and says so', async () => {
    const { create, regenerate } = setup(undefined, undefined, failed(apiError('network')));
    await clickMenu({ menuItemId: MENU_PAGE, pageUrl: TAB.url });
    await vi.waitFor(async () => expect((await badge()).text).toBe('!'));
    expect((await badge()).title).toBe(
      'Report not created: For example.com/a: Page Reports could not check whether it already has a report, so it made none. Could not reach the service. Check your connection and the API base URL.',
    );
    expect(create).not.toHaveBeenCalled();
    expect(regenerate).not.toHaveBeenCalled();
  });

  it.each([
    ['chrome://settings/', 'This is a page of the browser or of an extension.'],
    ['file:///home/ann/notes.html', 'This is a file on your computer'],
    [
      'https://chromewebstore.google.com/detail/x',
      'The browser does not let extensions work on its add-on store.',
    ],
    ['about:blank', 'This is an empty page (about:blank).'],
  ])('refuses %s as the popup does, saying why on the badge, and sends nothing', async (url, reason) => {
    const { create } = setup();
    await clickMenu({ menuItemId: MENU_LINK, linkUrl: url });
    await vi.waitFor(async () => expect((await badge()).text).toBe('!'));
    expect((await badge()).title).toContain(reason);
    expect((await badge()).title).toMatch(/^Report not created: /);
    expect(create).not.toHaveBeenCalled();
  });

  it('refuses an address longer than the service takes', async () => {
    const { create } = setup();
    await clickMenu({ menuItemId: MENU_PAGE, pageUrl: `https://example.com/${'a'.repeat(2100)}` });
    await vi.waitFor(async () => expect((await badge()).text).toBe('!'));
    expect((await badge()).title).toContain('longer than the 2,048 characters');
    expect(create).not.toHaveBeenCalled();
  });

  it('with notifications on, a notification says how it ended (address, score and band) and the badge is cleared', async () => {
    await saveIntegrationPrefs({ notifications: true });
    const { notifications } = setup();
    await clickMenu({ menuItemId: MENU_PAGE, pageUrl: TAB.url });
    await vi.waitFor(() => expect(notifications.create).toHaveBeenCalledTimes(1));
    const [id, options] = notifications.create.mock.calls[0]!;
    expect(id).toMatch(/^page-reports:report:12:\d+$/);
    expect(options).toMatchObject({
      type: 'basic',
      title: 'Report created',
      message: 'Result for example.com/a: Good · 86',
    });
    await vi.waitFor(async () => expect((await badge()).text).toBe(''));
  });

  it('a failure’s notification says why, in the background’s sentence', async () => {
    await saveIntegrationPrefs({ notifications: true });
    const { notifications } = setup(failed(apiError('invalid_input', { message: FETCH_FAILED })));
    await events.command.trigger('create-report', TAB);
    await vi.waitFor(() => expect(notifications.create).toHaveBeenCalledTimes(1));
    expect(notifications.create.mock.calls[0]![1]).toMatchObject({
      title: 'Report not created',
      message: `For example.com/a: ${FETCH_FAILED}`,
    });
  });

  it('with notifications on but their permission gone, the badge says it instead', async () => {
    await saveIntegrationPrefs({ notifications: true });
    setup(failed(apiError('invalid_input', { message: FETCH_FAILED })));
    delete (fake as Record<string, unknown>).notifications;
    await clickMenu({ menuItemId: MENU_PAGE, pageUrl: TAB.url });
    await vi.waitFor(async () => expect((await badge()).text).toBe('!'));
    expect((await badge()).title).toBe(`Report not created: For example.com/a: ${FETCH_FAILED}`);
  });

  it('a click on a report’s notification opens its details in the options page; a failure’s only goes away', async () => {
    const { notifications, tabsCreate } = setup();
    await events.notificationClicked.trigger('page-reports:report:12:5');
    await vi.waitFor(() => expect(tabsCreate).toHaveBeenCalledTimes(1));
    expect(tabsCreate).toHaveBeenCalledWith({
      url: 'chrome-extension://test-extension-id/options.html#/reports?details=12',
    });
    expect(notifications.clear).toHaveBeenCalledWith('page-reports:report:12:5');

    await events.notificationClicked.trigger('page-reports:failed:6');
    await vi.waitFor(() => expect(notifications.clear).toHaveBeenCalledWith('page-reports:failed:6'));
    await events.notificationClicked.trigger('someone-else');
    expect(tabsCreate).toHaveBeenCalledTimes(1);
  });

  it('the menu follows the setting: shown at start, removed and added at once when it changes', async () => {
    const { menus } = setup();
    await vi.waitFor(() => expect([...menus].sort()).toEqual([MENU_LINK, MENU_PAGE]));
    await saveIntegrationPrefs({ menu: false });
    await vi.waitFor(() => expect([...menus]).toEqual([]));
    await saveIntegrationPrefs({ menu: true });
    await vi.waitFor(() => expect(menus.size).toBe(2));
  });

  it('starts without a menu when Settings turned it off', async () => {
    await integrationPrefsItem.setValue({ menu: false, privacy: 0, notifications: false });
    const { menus } = setup();
    await vi.waitFor(() => expect(fake.contextMenus!.removeAll).toHaveBeenCalled());
    expect(menus.size).toBe(0);
    expect(fake.contextMenus!.create).not.toHaveBeenCalled();
  });

  function popups(...open: boolean[]) {
    const getContexts = vi.fn(async () => (open.shift() ? [{ contextType: 'POPUP' }] : []));
    (fake.runtime as FakeApi).getContexts = getContexts;
    return getContexts;
  }

  it('the menu creates on the connection active at the click, noted running for the popup, and says how it ended once', async () => {
    const A = { id: 'a', label: 'A', baseUrl: 'https://a.example', apiKey: 'key-of-a-1111' };
    const B = { id: 'b', label: 'B', baseUrl: 'https://b.example', apiKey: 'key-of-b-2222' };
    await writeConnections({ active: A.id, list: [A, B] });
    vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true);
    await saveIntegrationPrefs({ notifications: true });
    const service = heldCreates();
    const posted = () => service.sent.map(({ method, origin }) => `${method} ${origin}`);
    const background = createBackground({ client: { fetch: service.fetch } });
    const { notifications } = setup(undefined, background);
    // A popup open when the create starts, closed by the time it ends: the menu's own outcome says it.
    popups(true, false);
    await clickMenu({ menuItemId: MENU_PAGE, pageUrl: TAB.url });
    await vi.waitFor(() => expect(posted()).toEqual(['GET https://a.example', 'POST https://a.example']));
    expect((await background.handlers['connections.switch']({ id: B.id })).ok).toBe(true);
    const snapshot = await background.handlers['popup.snapshot']({
      connection: { id: A.id, account: A.id },
      url: TAB.url,
    });
    expect(snapshot).toMatchObject({ ok: true, data: { create: { startedAt: expect.any(Number) } } });
    service.release();
    await vi.waitFor(async () => expect((await badge()).text).toBe(''));
    await vi.waitFor(() => expect(notifications.create).toHaveBeenCalledTimes(1));
    expect(notifications.create.mock.calls[0]![1]).toMatchObject({ title: 'Report created' });
    expect(posted()).toEqual(['GET https://a.example', 'POST https://a.example']);
  });

  it('with no connection set up, the shortcut sends nothing and says why on the tab', async () => {
    const service = heldCreates();
    const background = createBackground({ client: { fetch: service.fetch } });
    setup(undefined, background);
    await events.command.trigger('create-report', TAB);
    await vi.waitFor(async () => expect((await badge()).text).toBe('!'));
    expect((await badge()).title).toContain(t('errorNotConfigured'));
    expect(service.sent).toEqual([]);
  });

  it('a second press while the page’s create is on its way sends nothing, and says a report is being made', async () => {
    const A = { id: 'a', label: 'A', baseUrl: 'https://a.example', apiKey: 'key-of-a-1111' };
    await writeConnections({ active: A.id, list: [A] });
    vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true);
    const service = heldCreates();
    const posted = () => service.sent.map(({ method }) => method);
    const background = createBackground({ client: { fetch: service.fetch } });
    setup(undefined, background);
    await events.command.trigger('create-report', TAB);
    await vi.waitFor(() => expect(posted()).toEqual(['GET', 'POST']));
    await events.command.trigger('create-report', TAB);
    await vi.waitFor(async () => expect((await badge()).text).toBe('!'));
    expect((await badge()).title).toBe(
      'Report not created: For example.com/a: A report for this page is already being made; its outcome follows.',
    );
    service.release();
    await vi.waitFor(async () => expect((await badge()).text).not.toBe('!'));
    expect(posted()).toEqual(['GET', 'POST']);
  });

  /** A service that holds what `hold` picks until released; `report` lists for the page (null: none). */
  function heldService(
    hold: (method: string) => boolean,
    report: Record<string, unknown> | null = null,
    writeStatus = 200,
  ) {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const sent: string[] = [];
    const fetch = async (_input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      sent.push(method);
      if (hold(method)) await held;
      const made = { id: 12, url: 'example.com/a', result: 86, privacy: 0, password: false };
      const items = report ? [report] : [];
      const meta = { current_page: 1, last_page: 1, per_page: 100, total: items.length };
      const body = method === 'GET' ? { data: items, meta } : { data: made };
      const status = method === 'GET' ? 200 : writeStatus;
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    };
    return { fetch: fetch as typeof globalThis.fetch, sent, release };
  }

  async function onConnectionA(service: ReturnType<typeof heldService>) {
    const A = { id: 'a', label: 'A', baseUrl: 'https://a.example', apiKey: 'key-of-a-1111' };
    await writeConnections({ active: A.id, list: [A] });
    vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true);
    const background = createBackground({ client: { fetch: service.fetch } });
    return { background, ...setup(undefined, background), connection: { id: A.id, account: A.id } };
  }

  const ALREADY =
    'Report not created: For example.com/a: A report for this page is already being made; its outcome follows.';

  it('a second press, or a popup’s create, while the page is being looked up makes no second report', async () => {
    const service = heldService((method) => method === 'GET');
    const { background, connection } = await onConnectionA(service);
    await clickMenu({ menuItemId: MENU_PAGE, pageUrl: TAB.url });
    await vi.waitFor(() => expect(service.sent).toEqual(['GET']));
    await events.command.trigger('create-report', TAB);
    await vi.waitFor(async () => expect(await badge()).toEqual({ text: '!', title: ALREADY }));
    // The popup's create is answered with the page's report on its way.
    const popupCreate = background.handlers['reports.create']({ connection, url: TAB.url, privacy: 0 });
    service.release();
    expect(await popupCreate).toMatchObject({ ok: true, data: { id: 12 } });
    await vi.waitFor(async () => expect((await badge()).text).toBe('86'));
    expect(service.sent).toEqual(['GET', 'POST']);
  });

  it('a second press while the page’s report is being regenerated regenerates nothing more', async () => {
    const existing = { id: 12, url: 'example.com/a', result: 70, privacy: 0, password: false };
    const service = heldService((method) => method === 'PATCH', existing);
    await saveIntegrationPrefs({ notifications: true });
    const { notifications } = await onConnectionA(service);
    const titles = () => notifications.create.mock.calls.map(([, options]) => options.title);
    await events.command.trigger('create-report', TAB);
    await vi.waitFor(() => expect(service.sent).toEqual(['GET', 'PATCH']));
    await events.command.trigger('create-report', TAB);
    await vi.waitFor(() => expect(titles()).toEqual(['Report not created']));
    expect(notifications.create.mock.calls[0]![1].message).toBe(ALREADY.replace('Report not created: ', ''));
    service.release();
    await vi.waitFor(() =>
      expect(titles()).toEqual(['Report not created', 'It had a report: results regenerated']),
    );
    expect(service.sent).toEqual(['GET', 'PATCH']);
  });

  it('a regeneration’s failure is said on the tab, and not kept as a create’s for the next popup', async () => {
    const existing = { id: 12, url: 'example.com/a', result: 70, privacy: 0, password: false };
    const service = heldService(() => false, existing, 404);
    const { background, connection } = await onConnectionA(service);
    await events.command.trigger('create-report', TAB);
    await vi.waitFor(async () => expect((await badge()).text).toBe('!'));
    expect(service.sent).toEqual(['GET', 'PATCH']);
    const snapshot = await background.handlers['popup.snapshot']({ connection, url: TAB.url });
    expect(snapshot).toMatchObject({ ok: true, data: { create: null } });
  });

  it('a lookup the service refused makes nothing, is said on the tab, and is not kept as a create’s', async () => {
    const service = heldService(() => false);
    const answer = service.fetch;
    service.fetch = (async (input: RequestInfo | URL, init?: RequestInit) =>
      (init?.method ?? 'GET') === 'GET'
        ? new Response(JSON.stringify({ message: 'Unauthenticated.' }), { status: 401 })
        : answer(input, init)) as typeof globalThis.fetch;
    const { background, connection } = await onConnectionA(service);
    await events.command.trigger('create-report', TAB);
    await vi.waitFor(async () => expect((await badge()).text).toBe('!'));
    expect((await badge()).title).toMatch(/^Report not created: .*could not check/i);
    expect(service.sent).toEqual([]);
    const snapshot = await background.handlers['popup.snapshot']({ connection, url: TAB.url });
    expect(snapshot).toMatchObject({ ok: true, data: { create: null } });
  });

  describe('a popup’s create or regeneration', () => {
    it('is notified when its popup closed before it ended', async () => {
      await saveIntegrationPrefs({ notifications: true });
      const { handlers, notifications } = setup();
      popups(true, false);
      await handlers['reports.create']({ url: TAB.url, privacy: 0 });
      expect(notifications.create).toHaveBeenCalledTimes(1);
      expect(notifications.create.mock.calls[0]![1]).toMatchObject({ title: 'Report created' });

      popups(true, false);
      await handlers['reports.update']({ id: 12, regenerate: true });
      expect(notifications.create.mock.calls[1]![1]).toMatchObject({
        title: 'Results regenerated',
        message: 'Result for example.com/a: Bad · 40',
      });
    });

    it('is notified through the background’s own handlers', async () => {
      const A = { id: 'a', label: 'A', baseUrl: 'https://a.example', apiKey: 'key-of-a-1111' };
      await writeConnections({ active: A.id, list: [A] });
      vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true);
      await saveIntegrationPrefs({ notifications: true });
      const service = heldCreates();
      service.release();
      const background = createBackground({ client: { fetch: service.fetch } });
      const { notifications } = setup(undefined, background);
      const connection = { id: A.id, account: A.id };
      popups(true, false);
      await background.handlers['reports.create']({ connection, url: TAB.url, privacy: 0 });
      popups(true, false);
      await background.handlers['reports.update']({ connection, id: 12, regenerate: true });
      const titles = notifications.create.mock.calls.map(([, options]) => options.title);
      expect(titles).toEqual(['Report created', 'Results regenerated']);
    });

    it('is not notified while its popup is still open, nor when the options page started it, nor with notifications off', async () => {
      const { handlers, notifications } = setup();
      await saveIntegrationPrefs({ notifications: true });
      popups(true, true);
      await handlers['reports.create']({ url: TAB.url, privacy: 0 });
      popups(false, false);
      await handlers['reports.update']({ id: 12, regenerate: true });
      popups(true, false);
      await handlers['reports.update']({ id: 12, privacy: 1 });
      await saveIntegrationPrefs({ notifications: false });
      popups(true, false);
      await handlers['reports.create']({ url: TAB.url, privacy: 0 });
      expect(notifications.create).not.toHaveBeenCalled();
    });
  });
});
