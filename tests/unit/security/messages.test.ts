// Forged and malformed messages reach no handler: the router refuses them with an error answer.
// Every handler is a spy, so "refused" also means "nothing ran", whichever message a forgery names.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMessageRouter, type Handlers, type MessageSender } from '@/entrypoints/background/router';
import type { MessageType } from '@/lib/messaging/protocol';
import { messages } from '@/lib/messaging/inputs';
import { MAX_SEARCH_LENGTH } from '@/lib/page-url';
import { MESSAGE_TYPES, PAGE_URL, VALID_PAYLOADS } from './valid-payloads';

const ID = 'abcdefghijklmnopabcdefghijklmnop';
const chromeTrusted = { extensionId: ID, extensionBaseUrl: `chrome-extension://${ID}/` };
const firefoxTrusted = {
  extensionId: 'page-reports@example.org',
  extensionBaseUrl: 'moz-extension://0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0/',
};
const popup = { id: ID, url: `chrome-extension://${ID}/popup.html` };

/** What a browser adds to the sender of a content script or a web page's frame. */
interface BrowserSender extends MessageSender {
  tab?: { id: number; url: string };
  frameId?: number;
  origin?: string;
}

function spyHandlers() {
  const spies = Object.fromEntries(
    Object.keys(messages).map((type) => [type, vi.fn(async () => ({ ok: true as const, data: null }))]),
  ) as unknown as Record<MessageType, ReturnType<typeof vi.fn>>;
  return { spies, handlers: spies as unknown as Handlers };
}

function expectNoHandlerRan(spies: Record<MessageType, ReturnType<typeof vi.fn>>) {
  for (const [type, spy] of Object.entries(spies)) expect(spy, type).not.toHaveBeenCalled();
}

/** A payload with `key` as its own property, as JSON.parse makes it (a literal `__proto__:` would set the prototype). */
function withOwnKey(payload: object, key: string, value: unknown): unknown {
  return JSON.parse(JSON.stringify({ ...payload, OWN_KEY: value }).replace('"OWN_KEY"', JSON.stringify(key)));
}

/** Messages cross the boundary as clones: what a handler could receive is what survives one. */
const delivered = (message: unknown) => structuredClone(message);

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('the valid payload table', () => {
  it('has one entry for every message the background answers, each accepted by its schema', () => {
    expect(MESSAGE_TYPES.toSorted()).toEqual(Object.keys(messages).toSorted());
    for (const type of MESSAGE_TYPES) {
      expect(messages[type].safeParse(VALID_PAYLOADS[type]).success, type).toBe(true);
    }
  });
});

describe('senders', () => {
  // The control: without it, a router that refused everything would pass every test below.
  it.each([
    ['the popup', popup],
    [
      'the options page opened in a tab',
      { id: ID, url: `chrome-extension://${ID}/options.html`, tab: { id: 3 } },
    ],
  ])('answers %s for every message type', async (_name, sender) => {
    const { spies, handlers } = spyHandlers();
    const route = createMessageRouter(handlers, chromeTrusted);
    for (const type of MESSAGE_TYPES) {
      expect(await route(delivered({ type, payload: VALID_PAYLOADS[type] }), sender), type).toEqual({
        ok: true,
        data: null,
      });
      expect(spies[type], type).toHaveBeenCalledTimes(1);
    }
  });

  const forged: [string, BrowserSender][] = [
    [
      'another extension',
      {
        id: 'otherextensionidotherextensionid',
        url: 'chrome-extension://otherextensionidotherextensionid/x.html',
      },
    ],
    ['another extension naming our page', { id: 'otherextensionidotherextensionid', url: popup.url }],
    ['a web page (externally_connectable)', { url: 'https://evil.example/', origin: 'https://evil.example' }],
    ['a web page with our id', { id: ID, url: 'https://evil.example/' }],
    [
      'a content script in a web page',
      { id: ID, url: PAGE_URL, tab: { id: 7, url: PAGE_URL }, frameId: 0, origin: 'https://example.com' },
    ],
    [
      'a content script in a frame of a web page',
      { id: ID, url: 'https://ads.example/frame.html', tab: { id: 7, url: PAGE_URL }, frameId: 12 },
    ],
    ['an extension whose id starts like ours', { id: `${ID}x`, url: `chrome-extension://${ID}x/popup.html` }],
    ['our id with another extension’s address', { id: ID, url: `chrome-extension://${ID}x/popup.html` }],
    [
      'our id with our address as a query',
      { id: ID, url: `https://evil.example/?chrome-extension://${ID}/` },
    ],
    ['our id with no address', { id: ID }],
    ['a data: page', { id: ID, url: `data:text/html,chrome-extension://${ID}/` }],
    ['nothing at all', {}],
  ];

  it.each(forged)('refuses %s for every message type, running nothing', async (_name, sender) => {
    const { spies, handlers } = spyHandlers();
    const route = createMessageRouter(handlers, chromeTrusted);
    for (const type of MESSAGE_TYPES) {
      const answer = await route(delivered({ type, payload: VALID_PAYLOADS[type] }), sender);
      expect(answer, type).toMatchObject({
        ok: false,
        error: { kind: 'unexpected', detail: 'forbidden sender' },
      });
    }
    expectNoHandlerRan(spies);
  });

  it('refuses, in Firefox, another add-on and a page of another add-on’s UUID', async () => {
    const { spies, handlers } = spyHandlers();
    const route = createMessageRouter(handlers, firefoxTrusted);
    const ownPage = { id: firefoxTrusted.extensionId, url: `${firefoxTrusted.extensionBaseUrl}popup.html` };
    expect(await route({ type: 'settings.get', payload: {} }, ownPage)).toMatchObject({ ok: true });
    expect(spies['settings.get']).toHaveBeenCalledTimes(1);
    spies['settings.get'].mockClear();
    for (const sender of [
      { id: 'evil@example.org', url: 'moz-extension://ffffffff-0000-4000-8000-000000000000/popup.html' },
      { id: 'evil@example.org', url: ownPage.url },
      {
        id: firefoxTrusted.extensionId,
        url: 'moz-extension://ffffffff-0000-4000-8000-000000000000/popup.html',
      },
      { id: firefoxTrusted.extensionId, url: PAGE_URL, tab: { id: 1, url: PAGE_URL } },
    ]) {
      expect(await route({ type: 'settings.get', payload: {} }, sender)).toMatchObject({ ok: false });
    }
    expectNoHandlerRan(spies);
  });
});

describe('messages from our own page', () => {
  async function expectRefused(message: unknown, why: RegExp, kind = 'unexpected') {
    const { spies, handlers } = spyHandlers();
    const route = createMessageRouter(handlers, chromeTrusted);
    const answer = await route(message, popup);
    expect(answer).toMatchObject({ ok: false, error: { kind, message: why } });
    // A refusal names what was wrong, but never echoes a page's megabytes back.
    expect(JSON.stringify(answer).length).toBeLessThan(2000);
    expectNoHandlerRan(spies);
  }

  it.each([
    ['nothing', undefined],
    ['null', null],
    ['a string', 'settings.get'],
    ['a number', 42],
    ['an array', [{ type: 'settings.get', payload: {} }]],
  ])('refuses %s as a message', async (_name, message) => {
    await expectRefused(message, /malformed|unknown/);
  });

  it.each([
    ['an unknown type', 'settings.export'],
    ['a type of another extension’s protocol', 'fetch'],
    ['a type in another case', 'Settings.Get'],
    ['a type with a space', 'settings.get '],
    ['a prototype key', '__proto__'],
    ['constructor', 'constructor'],
    ['hasOwnProperty', 'hasOwnProperty'],
    ['toString', 'toString'],
    ['a number', 1],
    ['an object', { toString: 'settings.get' }],
    ['an array', ['settings.get']],
    ['no type', undefined],
    ['a huge type', 'settings.get'.repeat(100_000)],
  ])('refuses %s', async (_name, type) => {
    await expectRefused(delivered({ type, payload: {} }), /unknown/);
  });

  it.each(MESSAGE_TYPES)(
    'refuses %s with an extra key, a prototype key or a payload that is not an object',
    async (type) => {
      const valid = VALID_PAYLOADS[type] as Record<string, unknown>;
      for (const payload of [
        // Keys no message has: strict objects refuse what a handler might pass on.
        { ...valid, token: 'sk-live-0123456789abcdef' },
        { ...valid, origin: 'https://evil.example' },
        { ...valid, headers: { Authorization: 'Bearer x' } },
        // JSON.parse makes "__proto__" an own key, as a message carrying it would.
        withOwnKey(valid, '__proto__', { admin: true }),
        { ...valid, constructor: { prototype: { admin: true } } },
        null,
        'payload',
        [valid],
        undefined,
      ]) {
        await expectRefused(delivered({ type, payload }), /invalid/);
      }
    },
  );

  const huge = 'x'.repeat(10 * 1024 * 1024);
  it.each([
    ['a wrong type for an id', 'reports.get', { id: true }],
    ['an id as an object', 'reports.get', { id: { $gt: 0 } }],
    ['a negative id', 'reports.get', { id: -1 }],
    ['a fractional id', 'reports.delete', { id: 1.5 }],
    ['an id that is not a number', 'reports.delete', { id: Number.NaN }],
    ['an empty id', 'reports.delete', { id: '' }],
    ['a page as text', 'reports.list', { page: '2' }],
    ['a page of Infinity', 'reports.list', { page: Number.POSITIVE_INFINITY }],
    ['a per-page as text', 'projects.list', { perPage: '25' }],
    ['a privacy as text', 'reports.update', { id: 1, privacy: '1' }],
    ['regenerate as text', 'reports.update', { id: 1, regenerate: 'yes' }],
    ['a url as a number', 'reports.create', { url: 42 }],
    ['an empty url', 'popup.pageReport', { url: '' }],
    ['a host with a path', 'popup.recentReports', { host: 'example.com/path' }],
    ['a host in upper case', 'popup.recentReports', { host: 'EXAMPLE.COM' }],
    ['a base URL as an array', 'settings.save', { baseUrl: ['https://reports.example'] }],
    ['a huge url', 'reports.create', { url: `https://example.com/${huge}` }],
    ['a url just past its limit', 'popup.awaitCreate', { url: `https://example.com/${'a'.repeat(8000)}` }],
    ['a huge search', 'reports.list', { search: huge }],
    ['a search just past its limit', 'projects.list', { search: 'a'.repeat(MAX_SEARCH_LENGTH + 1) }],
    ['a huge base URL', 'settings.save', { baseUrl: huge }],
    ['a huge key', 'settings.save', { baseUrl: 'https://reports.example', apiKey: huge }],
    ['a huge password', 'reports.update', { id: 1, privacy: 2, password: huge }],
    ['a huge project name', 'projects.delete', { name: huge }],
    ['a huge id', 'reports.get', { id: huge }],
    ['a huge project name to read', 'site.read', { name: huge }],
    ['fresh as text', 'site.read', { name: 'Client A', fresh: 'yes' }],
    ['an empty test key', 'site.pages', { name: 'Client A', test: '' }],
    ['a huge test key', 'site.pages', { name: 'Client A', test: huge }],
  ])('refuses %s, naming the field', async (_name, type, payload) => {
    await expectRefused({ type, payload }, /not valid/, 'invalid_input');
  });

  it('refuses settings.get with a field as an invalid request (no field of its own to name)', async () => {
    await expectRefused({ type: 'settings.get', payload: { baseUrl: 'https://evil.example' } }, /invalid/);
  });
});
