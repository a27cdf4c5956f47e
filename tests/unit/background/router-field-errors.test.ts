// A payload the router refuses comes back as a 422 from the service would: one sentence per issue under
// the field it names (every field of every schema that can be refused), and a banner asking to fix them.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMessageRouter, type Handlers } from '@/entrypoints/background/router';
import { useTestLanguage } from '../fake-i18n';

const trusted = { extensionId: 'abc', extensionBaseUrl: 'chrome-extension://abc/' };
const ownPage = { id: 'abc', url: 'chrome-extension://abc/options.html' };
const FIX_FIELDS = 'Some values are not valid. Check the highlighted fields.';

const neverCalled = new Proxy({} as Handlers, {
  get: () => () => Promise.reject(new Error('a refused payload reached its handler')),
});
const routeRaw = createMessageRouter(neverCalled, trusted);
/** Every message that reads or changes the service names its connection; settings and connections do not. */
const CONNECTION = { id: 'c1', account: 'c1' };
const namesConnection = (type: unknown) =>
  typeof type === 'string' && !/^(settings\.(get|save)$|connections\.|popup\.rememberPrivacy$)/.test(type);
const route = (message: { type?: unknown; payload?: unknown }, sender: typeof ownPage) => {
  const { payload } = message;
  const isObject = typeof payload === 'object' && payload !== null && !Array.isArray(payload);
  return routeRaw(
    namesConnection(message.type) && isObject
      ? { ...message, payload: { connection: CONNECTION, ...payload } }
      : message,
    sender,
  );
};

const long = (length: number) => 'x'.repeat(length);
const TOO_LONG_PAGE =
  'This page’s address is longer than the 2,048 characters the service accepts, so it cannot be reported.';
const ONE_REPORT = { reports: [{ id: 1, label: 'https://a.example/' }] };

// [message type, payload, field, sentence]
const NOT_WEB_PAGE = 'The page’s address is not a web address (http:// or https://).';
type Case = [string, unknown, string, string];

const CASES: Case[] = [
  // Lists (reports and projects share page, perPage, sort and search)
  ['reports.list', { page: 0 }, 'page', 'The page must be a whole number of 1 or more.'],
  ['reports.list', { page: 1.5 }, 'page', 'The page must be a whole number of 1 or more.'],
  ['reports.list', { perPage: 20 }, 'perPage', 'Choose 10, 25, 50 or 100 per page.'],
  ['reports.list', { sort: 'up' }, 'sort', 'Sort ascending or descending.'],
  ['reports.list', { sortBy: 'password' }, 'sortBy', 'Sort by date created, date generated, URL or result.'],
  ['reports.list', { result: 'great' }, 'result', 'Choose good, decent or bad.'],
  ['reports.list', { searchBy: 'project' }, 'searchBy', 'Reports can be searched by URL only.'],
  ['reports.list', { search: 5 }, 'search', 'The search must be text.'],
  [
    'reports.list',
    { search: long(2049) },
    'search',
    'This search is longer than 2,048 characters, longer than any address the service keeps, so it cannot match anything. Shorten it.',
  ],
  ['reports.list', { project: 5 }, 'project', 'The project must be text.'],
  ['reports.list', { project: long(501) }, 'project', 'A project name may be at most 500 characters long.'],
  ['projects.list', { sortBy: 'url' }, 'sortBy', 'Sort by date created or name.'],
  ['projects.list', { searchBy: 'url' }, 'searchBy', 'Projects can be searched by name only.'],
  // Create, update, get, delete
  ['reports.create', { url: '' }, 'url', 'Enter the address of the page.'],
  [
    'reports.create',
    { url: 'ftp://a.example/' },
    'url',
    'Enter a web address that starts with http:// or https://.',
  ],
  ['reports.create', { url: `https://a.example/${long(2100)}` }, 'url', TOO_LONG_PAGE],
  [
    'reports.create',
    { url: 'https://a.example/', privacy: 3 },
    'privacy',
    'Choose Public, Private or Password.',
  ],
  [
    'reports.create',
    { url: 'https://a.example/', privacy: 2, password: long(1001) },
    'password',
    'The password may be at most 1,000 characters long.',
  ],
  ['reports.update', { id: 1, password: 7 }, 'password', 'The password must be text.'],
  ['reports.update', { id: 1, regenerate: 'yes' }, 'regenerate', 'Regenerate must be true or false.'],
  ['reports.update', { id: -1, regenerate: true }, 'id', 'The report id cannot be negative.'],
  ['reports.get', { id: 1.5 }, 'id', 'The report id must be a whole number or text.'],
  ['reports.get', { id: long(201) }, 'id', 'The report id may be at most 200 characters long.'],
  ['reports.get', { id: ' ' }, 'id', 'The report id is empty.'],
  ['reports.delete', { id: '..' }, 'id', 'The report id cannot be used in an address.'],
  ['projects.delete', { name: '' }, 'name', 'The project name is empty.'],
  ['projects.delete', { name: '.' }, 'name', 'The project name cannot be used in an address.'],
  [
    'projects.delete',
    { name: 'a\ud800' },
    'name',
    'The project name contains characters that cannot be sent.',
  ],
  ['projects.delete', { name: long(501) }, 'name', 'A project name may be at most 500 characters long.'],
  ['projects.delete', { name: 5 }, 'name', 'The project name must be text.'],
  // Settings
  [
    'settings.save',
    { baseUrl: long(2001) },
    'baseUrl',
    'The address of the service may be at most 2,000 characters long.',
  ],
  ['settings.save', { baseUrl: 5 }, 'baseUrl', 'Enter the address of the service as text.'],
  [
    'settings.save',
    { baseUrl: 'https://a.example', apiKey: long(20_001) },
    'apiKey',
    'The API key may be at most 20,000 characters long.',
  ],
  ['settings.save', { baseUrl: 'https://a.example', apiKey: 5 }, 'apiKey', 'Enter the API key as text.'],
  // The popup's own messages
  ['popup.pageReport', { url: '' }, 'url', 'The page’s address is missing.'],
  ...[
    'chrome://settings/',
    'file:///home/ada/notes.html',
    'javascript:alert(1)',
    'data:text/html,<p>hi</p>',
    'about:blank',
    'moz-extension://abc/popup.html',
    'example.com/pricing',
  ].flatMap((url) =>
    (['popup.pageReport', 'popup.snapshot', 'popup.awaitCreate', 'popup.forgetCreate'] as const).map(
      (type): Case => [type, { url }, 'url', NOT_WEB_PAGE],
    ),
  ),
  ['popup.awaitCreate', { url: long(2049) }, 'url', TOO_LONG_PAGE],
  ['popup.recentReports', { host: '' }, 'host', 'The site’s name is not a valid host name.'],
  ['popup.rememberPrivacy', { privacy: 'public' }, 'privacy', 'Choose Public, Private or Password.'],
  // Bulk changes
  [
    'bulk.start',
    { action: { kind: 'archive' }, target: ONE_REPORT },
    'action',
    'Choose a privacy or Regenerate results.',
  ],
  [
    'bulk.start',
    { action: { kind: 'privacy', privacy: 2 }, target: ONE_REPORT },
    'password',
    'Enter a password: privacy Password needs one.',
  ],
  [
    'bulk.start',
    { action: { kind: 'regenerate' }, target: ONE_REPORT, password: 'p' },
    'password',
    'A password needs the privacy set to Password.',
  ],
  [
    'bulk.start',
    { action: { kind: 'privacy', privacy: 2 }, target: ONE_REPORT, password: long(1001) },
    'password',
    'The password may be at most 1,000 characters long.',
  ],
  [
    'bulk.start',
    { action: { kind: 'regenerate' }, target: { reports: [] } },
    'target',
    'Select at least one report.',
  ],
  [
    'bulk.start',
    {
      action: { kind: 'regenerate' },
      target: { reports: Array.from({ length: 2001 }, (_, id) => ({ id, label: '' })) },
    },
    'target',
    'Select at most 2,000 reports at once, or every matching report.',
  ],
  [
    'bulk.start',
    { action: { kind: 'regenerate' }, target: { reports: [{ id: 1, label: long(2049) }] } },
    'target',
    TOO_LONG_PAGE,
  ],
  ['bulk.start', { action: { kind: 'regenerate' }, target: {} }, 'target', 'Select at least one report.'],
];

describe('a refused payload, field by field', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  // Named without the payload: some are thousands of characters long.
  const named = CASES.map(
    ([type, payload, field, sentence]) =>
      [`${type} ${field}: ${sentence}`, type, payload, field, sentence] as const,
  );
  it.each(named)('%s', async (_name, type, payload, field, sentence) => {
    const answer = await route({ type, payload }, ownPage);
    expect(answer).toEqual({
      ok: false,
      error: { kind: 'invalid_input', message: FIX_FIELDS, fieldErrors: { [field]: [sentence] } },
    });
  });

  it('names every field that fails, each with its own sentences', async () => {
    const answer = await route({ type: 'reports.list', payload: { page: 0, perPage: 7 } }, ownPage);
    expect(answer.ok || answer.error.fieldErrors).toEqual({
      page: ['The page must be a whole number of 1 or more.'],
      perPage: ['Choose 10, 25, 50 or 100 per page.'],
    });
  });

  it('says it in the browser’s language', async () => {
    useTestLanguage('de');
    const answer = await route(
      { type: 'reports.update', payload: { id: 1, privacy: 2, password: long(1001) } },
      ownPage,
    );
    expect(answer).toEqual({
      ok: false,
      error: {
        kind: 'invalid_input',
        message: 'Einige Angaben sind ungültig. Prüfen Sie die markierten Felder.',
        fieldErrors: { password: ['Das Passwort darf höchstens 1.000 Zeichen lang sein.'] },
      },
    });
  });

  it('keeps "invalid request" for a payload no person could fix (an unknown field, no payload)', async () => {
    for (const message of [{ type: 'reports.list', payload: { apiKey: 'x' } }, { type: 'reports.get' }]) {
      const answer = await route(message, ownPage);
      expect(answer).toMatchObject({
        ok: false,
        error: { kind: 'unexpected', message: 'Page Reports received an invalid request.' },
      });
    }
  });
});
