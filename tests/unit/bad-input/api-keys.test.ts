// @vitest-environment node
// API keys as people paste them: whitespace around is trimmed, whitespace or a line break inside is
// refused next to the key field, and the client never sends a key a header cannot carry.
import { describe, expect, it } from 'vitest';
import { createApiClient } from '@/entrypoints/background/service/client';
import { isSendableKey } from '@/lib/base-url';
import { KEY_MALFORMED, MIN_KEY_LENGTH } from '@/lib/settings/rules';
import type { ConnectionSettings } from '@/entrypoints/background/settings/storage';
import { REF, setupHandlers } from '../background/service-fixture';

const LONG_KEY = 'k'.repeat(10_000);

describe('isSendableKey', () => {
  it.each([
    ['key with a space', false],
    ['key\twith-a-tab', false],
    ['key\nwith-a-newline', false],
    ['key\r\n', false],
    ['\u00a0key', false],
    ['key\u200b', false],
    ['clé-accentuée', false],
    ['', false],
    ['key-1234abcd', true],
    ['|1|AbC~!@#$%^&*()_+=', true],
    [LONG_KEY, true],
  ])('%j -> %s', (key, sendable) => {
    expect(isSendableKey(key)).toBe(sendable);
  });
});

/** The settings handler over the settings storage (as tests/unit/background/handlers.test.ts has it). */
async function settingsHandler(initial: ConnectionSettings) {
  // Saving never reaches the service: a client made would be a failure.
  const { handlers, stored } = await setupHandlers(initial, () => {
    throw new Error('no client should be made');
  });
  const connection = initial.baseUrl ? REF : { id: '', account: '' };
  const save = (input: Omit<Parameters<(typeof handlers)['settings.save']>[0], 'connection'>) =>
    handlers['settings.save']({ connection, ...input });
  return { save, stored };
}

describe('settings.save with a pasted key', () => {
  it.each(['two words', 'line\nbreak', 'tab\tinside', 'clé-de-service'])(
    'refuses %j next to the key field, and keeps what was saved',
    async (apiKey) => {
      const { save, stored } = await settingsHandler({
        baseUrl: 'https://r.example',
        apiKey: 'old-key-0000',
      });
      const answer = await save({ baseUrl: 'https://other.example', apiKey });
      expect(answer).toEqual({
        ok: false,
        error: expect.objectContaining({ kind: 'invalid_input', fieldErrors: { apiKey: [KEY_MALFORMED] } }),
      });
      expect(await stored()).toEqual({ baseUrl: 'https://r.example', apiKey: 'old-key-0000' });
    },
  );

  it.each(['k', 'abc', 'key-123'])(
    'refuses %j, shorter than any key and too short to take out of replies, next to the key field',
    async (apiKey) => {
      const { save, stored } = await settingsHandler({
        baseUrl: 'https://r.example',
        apiKey: 'old-key-0000',
      });
      const answer = await save({ baseUrl: 'https://r.example', apiKey: `  ${apiKey}  ` });
      const sentence =
        'This API key is too short: keys have at least 8 characters. Copy it again from your account.';
      expect(answer).toEqual({
        ok: false,
        error: expect.objectContaining({ kind: 'invalid_input', fieldErrors: { apiKey: [sentence] } }),
      });
      expect(await stored()).toEqual({ baseUrl: 'https://r.example', apiKey: 'old-key-0000' });
    },
  );

  it('saves a key of exactly the shortest length', async () => {
    const { save, stored } = await settingsHandler({ baseUrl: '', apiKey: '' });
    const key = 'k'.repeat(MIN_KEY_LENGTH);
    expect(await save({ baseUrl: 'https://r.example', apiKey: key })).toMatchObject({ ok: true });
    expect((await stored()).apiKey).toBe(key);
  });

  it.each([
    ['  key-1234abcd  ', 'key-1234abcd'],
    ['key-1234abcd\n', 'key-1234abcd'],
    ['\r\n\tkey-1234abcd\r\n', 'key-1234abcd'],
  ])('saves %j without the whitespace around it', async (apiKey, saved) => {
    const { save, stored } = await settingsHandler({ baseUrl: '', apiKey: '' });
    const answer = await save({ baseUrl: 'https://r.example', apiKey });
    expect(answer).toMatchObject({ ok: true, data: { keySet: true, keyLastFour: saved.slice(-4) } });
    expect((await stored()).apiKey).toBe(saved);
  });

  it('never answers with the key, however long', async () => {
    const { save } = await settingsHandler({ baseUrl: '', apiKey: '' });
    const answer = await save({ baseUrl: 'https://r.example', apiKey: LONG_KEY });
    expect(JSON.stringify(answer)).not.toContain('kkkkkkkk');
  });
});

describe('the client with a key it cannot send', () => {
  function clientWith(apiKey: string) {
    const sent: Headers[] = [];
    const client = createApiClient({
      baseUrl: 'https://r.example',
      apiKey,
      fetch: (async (_url: RequestInfo | URL, init: RequestInit = {}) => {
        sent.push(new Headers(init.headers));
        return new Response(JSON.stringify({ data: [] }), {
          headers: { 'Content-Type': 'application/json' },
        });
      }) as typeof fetch,
    });
    return { client, sent };
  }

  it.each(['two words', 'line\nbreak', 'clé', ''])(
    'sends nothing for %j and says the key is not valid',
    async (key) => {
      const { client, sent } = clientWith(key);
      const result = await client.listReports({});
      expect(sent).toEqual([]);
      expect(result).toMatchObject({ ok: false, error: { kind: 'not_configured' } });
      if (key) expect(result).toMatchObject({ error: { message: /API key in Settings is not valid/ } });
    },
  );

  it('trims whitespace around a key, and sends a long one whole', async () => {
    for (const [key, header] of [
      ['\tkey-1234abcd\n', 'Bearer key-1234abcd'],
      [LONG_KEY, `Bearer ${LONG_KEY}`],
    ]) {
      const { client, sent } = clientWith(key!);
      expect((await client.listReports({})).ok).toBe(true);
      expect(sent.map((headers) => headers.get('authorization'))).toEqual([header]);
    }
  });
});
