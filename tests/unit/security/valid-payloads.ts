// One valid payload per message type, for the tests that must cover every message. The mapped type makes
// `tsc` fail when a message is added to the protocol without an entry here; the tests check the same at
// run time against lib/messaging/inputs.ts.
import type { MessageInput, MessageType } from '@/lib/messaging/protocol';

export const PAGE_URL = 'https://example.com/pricing?plan=pro';
export const SERVICE_BASE = 'https://reports.example';

export const VALID_PAYLOADS: { [T in MessageType]: MessageInput<T> } = {
  'settings.get': {},
  // The same server, so the stored key is kept (a new server would need the key again).
  'settings.save': { baseUrl: SERVICE_BASE },
  'settings.test': {},
  'connections.add': { label: 'Client B', baseUrl: 'https://other.example', apiKey: 'other-key-2222' },
  'connections.rename': { id: 'conn-1', label: 'Client A' },
  'connections.remove': { id: 'conn-1' },
  'connections.switch': { id: 'conn-1' },
  'reports.list': {
    search: 'example.com',
    searchBy: 'url',
    sortBy: 'id',
    sort: 'desc',
    perPage: 25,
    page: 1,
  },
  'reports.exportPage': {
    search: 'example.com',
    searchBy: 'url',
    sortBy: 'url',
    sort: 'asc',
    perPage: 100,
    page: 2,
  },
  'reports.get': { id: 42 },
  'reports.create': { url: PAGE_URL, privacy: 2, password: 'report-password-1' },
  'reports.update': { id: 42, privacy: 1, regenerate: true },
  'reports.delete': { id: 42 },
  'projects.list': { search: 'Client', searchBy: 'project', sortBy: 'project', sort: 'asc', perPage: 10 },
  'projects.delete': { name: 'Client A / Landing pages' },
  'popup.snapshot': { url: PAGE_URL },
  'popup.pageReport': { url: PAGE_URL },
  'popup.recentReports': { host: 'example.com' },
  'popup.rememberPrivacy': { privacy: 1 },
  'popup.awaitCreate': { url: PAGE_URL },
  'popup.forgetCreate': { url: PAGE_URL },
  'bulk.start': {
    action: { kind: 'privacy', privacy: 2 },
    target: { reports: [{ id: 42, label: 'example.com/pricing' }] },
    password: 'report-password-1',
  },
  'bulk.stop': {},
  'bulk.retryFailed': {},
  'bulk.dismiss': {},
  'history.clear': {},
  'site.read': { name: 'Client A / Landing pages', fresh: true },
  'site.stop': { name: 'Client A / Landing pages' },
  'site.pages': { name: 'Client A / Landing pages', test: 'meta_description' },
};

export const MESSAGE_TYPES = Object.keys(VALID_PAYLOADS) as MessageType[];
