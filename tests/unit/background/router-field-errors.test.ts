// A payload the router refuses comes back as a 422 from the service would: one sentence per issue under
// the field it names (every field of every schema that can be refused), and a banner asking to fix them.
// What only a page's bug can send is said in zod's own words; what a person types, in ours.
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
/** Every message that reads or changes the service names its connection; the list of connections does not. */
const CONNECTION = { id: 'c1', account: 'c1' };
const namesConnection = (type: unknown) =>
  typeof type === 'string' && !/^(settings\.get$|connections\.)/.test(type);
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
const NOT_WEB_PAGE = 'Invalid input';
const STRING_EXPECTED = 'Invalid input: expected string, received number';
type Case = [string, unknown, string, string];

const CASES: Case[] = [
  // Lists (reports and projects share page, perPage, sort and search)
  ['reports.list', { page: 0 }, 'page', 'Too small: expected number to be >=1'],
  ['reports.list', { page: 1.5 }, 'page', 'Invalid input: expected int, received number'],
  ['reports.list', { perPage: 20 }, 'perPage', 'Invalid option: expected one of 10|25|50|100'],
  ['reports.list', { sort: 'up' }, 'sort', 'Invalid option: expected one of "asc"|"desc"'],
  [
    'reports.list',
    { sortBy: 'password' },
    'sortBy',
    'Invalid option: expected one of "id"|"generated_at"|"url"|"result"',
  ],
  ['reports.list', { result: 'great' }, 'result', 'Invalid option: expected one of "good"|"decent"|"bad"'],
  ['reports.list', { searchBy: 'project' }, 'searchBy', 'Invalid input: expected "url"'],
  ['reports.list', { search: 5 }, 'search', STRING_EXPECTED],
  [
    'reports.list',
    { search: long(2049) },
    'search',
    'This search is longer than 2,048 characters, longer than any address the service keeps, so it cannot match anything. Shorten it.',
  ],
  ['reports.list', { project: 5 }, 'project', STRING_EXPECTED],
  ['reports.list', { project: long(501) }, 'project', 'Too big: expected string to have <=500 characters'],
  ['projects.list', { sortBy: 'url' }, 'sortBy', 'Invalid option: expected one of "created_at"|"project"'],
  ['projects.list', { searchBy: 'url' }, 'searchBy', 'Invalid input: expected "project"'],
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
    'Invalid option: expected one of 0|1|2',
  ],
  [
    'reports.create',
    { url: 'https://a.example/', privacy: 2, password: long(1001) },
    'password',
    'The password may be at most 1,000 characters long.',
  ],
  ['reports.update', { id: 1, password: 7 }, 'password', STRING_EXPECTED],
  [
    'reports.update',
    { id: 1, regenerate: 'yes' },
    'regenerate',
    'Invalid input: expected boolean, received string',
  ],
  ['reports.update', { id: -1, regenerate: true }, 'id', 'Too small: expected number to be >=0'],
  ['reports.get', { id: 1.5 }, 'id', 'Invalid input'],
  ['reports.get', { id: long(201) }, 'id', 'Too big: expected string to have <=200 characters'],
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
  ['projects.delete', { name: long(501) }, 'name', 'Too big: expected string to have <=500 characters'],
  ['projects.delete', { name: 5 }, 'name', STRING_EXPECTED],
  // Settings
  ['settings.save', { baseUrl: long(2001) }, 'baseUrl', 'Too big: expected string to have <=2000 characters'],
  ['settings.save', { baseUrl: 5 }, 'baseUrl', STRING_EXPECTED],
  [
    'settings.save',
    { baseUrl: 'https://a.example', apiKey: long(20_001) },
    'apiKey',
    'Too big: expected string to have <=20000 characters',
  ],
  ['settings.save', { baseUrl: 'https://a.example', apiKey: 5 }, 'apiKey', STRING_EXPECTED],
  // The popup's own messages
  ['popup.pageReport', { url: '' }, 'url', 'Invalid input'],
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
  ['popup.recentReports', { host: '' }, 'host', 'Invalid string: must match pattern /^[a-z0-9.:[\\]_-]+$/'],
  ['popup.rememberPrivacy', { privacy: 'public' }, 'privacy', 'Invalid option: expected one of 0|1|2'],
  // Bulk changes
  ['bulk.start', { action: { kind: 'archive' }, target: ONE_REPORT }, 'action', 'Invalid input'],
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
      page: ['Too small: expected number to be >=1'],
      perPage: ['Invalid option: expected one of 10|25|50|100'],
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
