// The background in a German browser (--lang=de): what it sends to pages — error sentences, sentences
// next to fields, the names of a report's failed tests — is German, read through the real chrome.i18n in
// the service worker (including the sentences its modules read when the worker starts).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Result } from '../../lib/api/errors';
import type { Page as ListPage, Report } from '../../lib/api/types';
import { useExtension, useReferenceApi } from './harness';
import { configure } from './popup-helpers';

const extension = useExtension({ language: 'de' });
const api = useReferenceApi();

const german = JSON.parse(
  readFileSync(join(process.cwd(), 'public/_locales/de/messages.json'), 'utf8'),
) as Record<string, { message: string }>;

/** Sends one message to the background from an extension page, as the pages do: naming the connection shown. */
function ask<T>(page: Page, type: string, payload: object): Promise<Result<T>> {
  return page.evaluate(
    async ([type, payload]) => {
      const { chrome } = globalThis as unknown as {
        chrome: {
          runtime: { sendMessage(message: unknown): Promise<unknown> };
          storage: { session: { get(keys: string[]): Promise<Record<string, unknown>> } };
        };
      };
      const shown = await chrome.storage.session.get(['activeConnection', 'activeAccount']);
      const connection = { id: shown.activeConnection, account: shown.activeAccount };
      return chrome.runtime.sendMessage({ type, payload: { connection, ...payload } }) as Promise<Result<T>>;
    },
    [type, payload] as const,
  );
}

describe('the background in German', () => {
  it('says a refused key in German', async () => {
    await configure(extension(), api().url, 'wrong-key-123456');
    const page = await extension().openPopupAsTab();
    const answer = await ask(page, 'reports.list', {});
    expect(answer).toMatchObject({
      ok: false,
      error: {
        kind: 'unauthorized',
        message:
          'Der Dienst hat Ihren API-Schlüssel abgelehnt. Prüfen Sie den Schlüssel in den Einstellungen.',
      },
    });
  });

  it('says why a value is refused, in German (the router checks every message before a handler)', async () => {
    await configure(extension(), api().url, api().apiKey);
    const page = await extension().openPopupAsTab();
    const answer = await ask(page, 'reports.create', { url: 'ftp://example.com/' });
    expect(answer).toMatchObject({
      ok: false,
      error: {
        kind: 'invalid_input',
        message: 'Einige Angaben sind ungültig. Prüfen Sie die markierten Felder.',
        fieldErrors: { url: ['Geben Sie eine Webadresse ein, die mit http:// oder https:// beginnt.'] },
      },
    });
  });

  it('names a report’s failed tests in German', async () => {
    await configure(extension(), api().url, api().apiKey);
    const page = await extension().openPopupAsTab();
    // Lists carry summaries: the full list of failed tests comes with a report read on its own.
    const listed = await ask<ListPage<Report>>(page, 'reports.list', { perPage: 10 });
    if (!listed.ok) throw new Error(listed.error.message);
    const names: string[] = [];
    for (const { id } of listed.data.items) {
      const answer = await ask<Report>(page, 'reports.get', { id });
      if (!answer.ok) throw new Error(answer.error.message);
      names.push(...(answer.data.checks?.failures.map((failure) => failure.name) ?? []));
    }
    expect(names.length).toBeGreaterThan(0);
    const germanNames = new Set(Object.values(german).map((entry) => entry.message));
    expect(names.filter((name) => !germanNames.has(name))).toEqual([]);
  });
});
