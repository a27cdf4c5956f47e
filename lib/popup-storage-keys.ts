// The storage keys the popup reads, part of lib/storage-keys.ts (which exports them with all the others).
// Their own module for the popup's start-up: a module the popup and the options page both import goes
// whole into the script they share, so the popup would load every other key too (+0.15 KB gzip).
// Modules the popup loads import these from here; everything else imports lib/storage-keys.ts.

/** storage.session: the active connection's id, written by the background: whose items pages read. */
export const ACTIVE_CONNECTION_KEY = 'activeConnection';
/** storage.session: the account the active connection was saved with (written with its id): the page's handle. */
export const ACTIVE_ACCOUNT_KEY = 'activeAccount';
/** storage.session, per connection: the report store's catalog (lib/report-store.ts; read by pages). */
export const STORE_KEY = 'store';
/** storage.local, per connection: where creates were redirected to (lib/report-store.ts). */
export const PAGE_ALIASES_KEY = 'pageAliases';
/** storage.session, per connection: reports followed while generating (entrypoints/background/follower.ts). */
export const FOLLOWED_KEY = 'followedReports';
/** storage.session: a wait the service asked for (429 with Retry-After): the service's, whichever connection. */
export const SERVICE_WAIT_KEY = 'serviceWait';
