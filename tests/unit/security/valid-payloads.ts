// One valid payload per message type, for the tests that must cover every message. The mapped type makes
// `tsc` fail when a message is added to the protocol without an entry here; the tests check the same at
// run time against lib/messaging/inputs.ts.
import type { MessageInput, MessageType } from '@/lib/messaging/protocol';

export const PAGE_URL = 'https://example.com/pricing?plan=pro';
export const SERVICE_BASE = 'https://reports.example';
/** The connection a page shows (its id and account). */
export const CONNECTION = { id: 'conn-1', account: 'account-1' };
const connection = CONNECTION;

export const VALID_PAYLOADS: { [T in MessageType]: MessageInput<T> } = {
  'settings.get': {},
  // The same server, so the stored key is kept (a new server would need the key again).
  'settings.save': { connection, baseUrl: SERVICE_BASE },
  'settings.test': { connection },
  'connections.add': { label: 'Client B', baseUrl: 'https://other.example', apiKey: 'other-key-2222' },
  'connections.rename': { id: 'conn-1', label: 'Client A' },
  'connections.remove': { id: 'conn-1' },
  'connections.switch': { id: 'conn-1' },
  'reports.list': {
    connection,
    search: 'example.com',
    searchBy: 'url',
    sortBy: 'id',
    sort: 'desc',
    perPage: 25,
    page: 1,
  },
  'reports.exportPage': {
    connection,
    search: 'example.com',
    searchBy: 'url',
    sortBy: 'url',
    sort: 'asc',
    perPage: 100,
    page: 2,
  },
  'reports.get': { connection, id: 42 },
  'reports.create': { connection, url: PAGE_URL, privacy: 2, password: 'report-password-1' },
  'reports.update': { connection, id: 42, privacy: 1, regenerate: true },
  'reports.delete': { connection, id: 42 },
  'projects.list': {
    connection,
    search: 'Client',
    searchBy: 'project',
    sortBy: 'project',
    sort: 'asc',
    perPage: 10,
  },
  'projects.delete': { connection, name: 'Client A / Landing pages' },
  'popup.snapshot': { connection, url: PAGE_URL },
  'popup.pageReport': { connection, url: PAGE_URL },
  'popup.recentReports': { connection, host: 'example.com' },
  'popup.rememberPrivacy': { connection, privacy: 1 },
  'popup.awaitCreate': { connection, url: PAGE_URL },
  'popup.forgetCreate': { connection, url: PAGE_URL },
  'bulk.start': {
    connection,
    action: { kind: 'privacy', privacy: 2 },
    target: { reports: [{ id: 42, label: 'example.com/pricing' }] },
    password: 'report-password-1',
  },
  'bulk.stop': { connection },
  'bulk.retryFailed': { connection },
  'bulk.dismiss': { connection },
  'history.clear': { connection },
  'site.read': { connection, name: 'Client A / Landing pages', fresh: true },
  'site.stop': { connection, name: 'Client A / Landing pages' },
  'site.pages': { connection, name: 'Client A / Landing pages', test: 'meta_description' },
};

export const MESSAGE_TYPES = Object.keys(VALID_PAYLOADS) as MessageType[];
