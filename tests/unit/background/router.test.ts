import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMessageRouter, type Handlers } from '@/entrypoints/background/router';

const trusted = { extensionId: 'abc', extensionBaseUrl: 'chrome-extension://abc/' };
const ownPage = { id: 'abc', url: 'chrome-extension://abc/popup.html' };
/** The connection every message that reads or changes the service names. */
const connection = { id: 'conn-1', account: 'account-1' };

function handlersWith(overrides: Partial<Handlers>): Handlers {
  const unexpected = vi.fn(async () => {
    throw new Error('handler should not run');
  });
  return new Proxy(overrides as Handlers, {
    get: (target, key: string) => (target as Record<string, unknown>)[key] ?? unexpected,
  });
}

describe('message router', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  it('runs the handler with the parsed payload for a valid message from an own page', async () => {
    const list = vi.fn(async () => ({ ok: true as const, data: { items: [] } }));
    const route = createMessageRouter(handlersWith({ 'reports.list': list as never }), trusted);
    const answer = await route(
      { type: 'reports.list', payload: { connection, perPage: 25, sortBy: 'url' } },
      ownPage,
    );
    expect(answer).toEqual({ ok: true, data: { items: [] } });
    expect(list).toHaveBeenCalledWith({ connection, perPage: 25, sortBy: 'url' });
  });

  it('answers a search with a lone surrogate instead of throwing while checking it', async () => {
    const list = vi.fn(async () => ({ ok: true as const, data: { items: [] } }));
    const route = createMessageRouter(handlersWith({ 'reports.list': list as never }), trusted);
    const answer = await route({ type: 'reports.list', payload: { connection, search: 'a\ud800' } }, ownPage);
    expect(answer).toEqual({ ok: true, data: { items: [] } });
  });

  it('answers with an error when checking a payload throws', async () => {
    const route = createMessageRouter(handlersWith({}), trusted);
    // A getter that throws: the payload check itself fails, not the payload's content.
    const payload = Object.defineProperty({ connection }, 'search', {
      enumerable: true,
      get: () => {
        throw new Error('hostile getter');
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const answer = await route({ type: 'reports.list', payload }, ownPage);
    expect(answer).toMatchObject({ ok: false, error: { kind: 'unexpected' } });
  });

  it.each([
    ['a web page', { id: 'abc', url: 'https://evil.example/page' }],
    ['another extension', { id: 'other', url: 'chrome-extension://other/popup.html' }],
    ['a forged id with a foreign url', { id: 'abc', url: 'chrome-extension://other/' }],
    ['no url', { id: 'abc' }],
  ])('refuses a message from %s', async (_name, sender) => {
    const list = vi.fn();
    const route = createMessageRouter(handlersWith({ 'reports.list': list as never }), trusted);
    const answer = await route({ type: 'reports.list', payload: {} }, sender);
    expect(answer).toMatchObject({ ok: false, error: { kind: 'unexpected', detail: 'forbidden sender' } });
    expect(list).not.toHaveBeenCalled();
  });

  it.each([
    ['not an object', 'reports.list'],
    ['an unknown type', { type: 'fetch', payload: { url: 'https://evil.example' } }],
    ['a prototype key as type', { type: 'toString', payload: {} }],
  ])('refuses %s', async (_name, message) => {
    const route = createMessageRouter(handlersWith({}), trusted);
    const answer = await route(message, ownPage);
    expect(answer.ok).toBe(false);
  });

  // Field by field: router-field-errors.test.ts.
  it.each([
    ['a per_page the API does not allow', { type: 'reports.list', payload: { connection, perPage: 20 } }],
    ['an unknown sort key', { type: 'reports.list', payload: { connection, sortBy: 'password' } }],
    [
      'a privacy outside 0-2',
      { type: 'reports.create', payload: { connection, url: 'https://a.example', privacy: 3 } },
    ],
    ['an empty project name', { type: 'projects.delete', payload: { connection, name: '' } }],
  ])('refuses %s without calling the handler, naming the field', async (_name, message) => {
    const route = createMessageRouter(handlersWith({}), trusted);
    const answer = await route(message, ownPage);
    expect(answer).toMatchObject({
      ok: false,
      error: { kind: 'invalid_input', message: expect.stringMatching(/not valid/), fieldErrors: {} },
    });
  });

  it.each([
    ['an extra field (strict objects)', { type: 'reports.list', payload: { connection, apiKey: 'x' } }],
    ['a missing payload', { type: 'reports.get' }],
  ])('refuses %s without calling the handler', async (_name, message) => {
    const route = createMessageRouter(handlersWith({}), trusted);
    const answer = await route(message, ownPage);
    expect(answer).toMatchObject({
      ok: false,
      error: { kind: 'unexpected', message: expect.stringMatching(/invalid/) },
    });
  });

  it('answers with an error, never throws, when a handler fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const route = createMessageRouter(
      handlersWith({
        'settings.get': async () => {
          throw new Error('storage broke');
        },
      }),
      trusted,
    );
    const answer = await route({ type: 'settings.get', payload: {} }, ownPage);
    expect(answer).toMatchObject({
      ok: false,
      error: { kind: 'unexpected', detail: 'Error: storage broke' },
    });
  });
});
