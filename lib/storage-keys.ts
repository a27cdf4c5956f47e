// Every key the extension keeps in browser storage, written once. Only strings: pages import it without
// @wxt-dev/storage. WXT's items name their area in front (`session:${SERVICE_WAIT_KEY}`). What belongs to
// one connection is kept under its id (`<id>:<name>`, lib/connection-space.ts): switching copies nothing,
// and removing a connection removes every key under its id.

// storage.session (in memory, emptied when the browser closes).
/** The active connection's id, written by the background: whose items pages read. */
export const ACTIVE_CONNECTION_KEY = 'activeConnection';
/** storage.session: the account the active connection was saved with (written with its id): the page's handle. */
export const ACTIVE_ACCOUNT_KEY = 'activeAccount';
/** Per connection: the report store's catalog (lib/report-store.ts; read by pages). */
export const STORE_KEY = 'store';
/** Per connection: reports followed while generating (entrypoints/background/follower.ts). */
export const FOLLOWED_KEY = 'followedReports';
/** A wait the service asked for (429 with Retry-After): the service's, whichever connection. */
export const SERVICE_WAIT_KEY = 'serviceWait';
/** Per connection: creates running, by page (entrypoints/background/create-runs.ts). */
export const CREATE_RUNS_KEY = 'createRuns';
/** Per connection: the bulk job (entrypoints/background/jobs/bulk-change.ts; watched by the options page). */
export const BULK_JOB_KEY = 'bulkJob';
/** Per connection: the password of a Password bulk job, never in the job pages watch. */
export const BULK_JOB_PASSWORD_KEY = 'bulkJobPassword';
/** Per connection: the projects whose reports the background keeps, and how many (entrypoints/background/site-reads.ts). */
export const SITE_KEPT_KEY = 'siteKept';
/** Per connection, before a project's name: the rows of its last complete read (background only). */
export const SITE_ROWS_PREFIX = 'siteRows:';
/** Per connection, before a project's name: its read as a job of the runner (the page reached, the rows so far). */
export const SITE_JOB_PREFIX = 'siteJob:';

// storage.local (on disk).
/** Per connection: where creates were redirected to (lib/report-store.ts). */
export const PAGE_ALIASES_KEY = 'pageAliases';
/** The connections: addresses, names, accounts, which is active (entrypoints/background/settings/storage.ts). */
export const CONNECTION_KEY = 'connection';
/** The connections' keys, by account: background only, never written by a switch. */
export const CONNECTION_KEYS_KEY = 'connectionKeys';
/** "Show this page's score on the toolbar icon" (lib/toolbar-score.ts). */
export const TOOLBAR_SCORE_KEY = 'toolbarScore';
/** The side panel follows the active tab (lib/tabs-permission.ts). */
export const PANEL_FOLLOWS_TABS_KEY = 'panelFollowsTabs';
/** Whether each report's history is kept (lib/history-setting.ts); the history itself is per connection. */
export const HISTORY_ON_KEY = 'historyOn';
/** The last privacy chosen for a create. */
export const LAST_PRIVACY_KEY = 'lastPrivacy';
/** The menu and shortcut preferences (lib/integration-prefs.ts). */
export const INTEGRATION_PREFS_KEY = 'browserIntegration';
/** The options page's page size and sort, per list (entrypoints/options/prefs.ts). */
export const REPORT_LIST_PREFS_KEY = 'reportListPrefs';
export const PROJECT_LIST_PREFS_KEY = 'projectListPrefs';
