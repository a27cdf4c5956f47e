// Every key the extension keeps in browser storage, written once. What belongs to one connection is kept
// under its id (`<id>:<name>`, lib/connection-space.ts): removing a connection removes every key under it.

// storage.session (emptied when the browser closes).
/** The active connection's id and the account it was saved with, written by the background for pages. */
export const ACTIVE_CONNECTION_KEY = 'activeConnection';
export const ACTIVE_ACCOUNT_KEY = 'activeAccount';
/** Per connection: the report store's catalog. */
export const STORE_KEY = 'store';
export const FOLLOWED_KEY = 'followedReports';
/** A wait the service asked for (429 with Retry-After), whichever connection. */
export const SERVICE_WAIT_KEY = 'serviceWait';
export const CREATE_RUNS_KEY = 'createRuns';
export const BULK_JOB_KEY = 'bulkJob';
/** Per connection: the password of a Password bulk job, never in the job pages watch. */
export const BULK_JOB_PASSWORD_KEY = 'bulkJobPassword';
/** Per connection: the projects whose reports the background keeps, and how many. */
export const SITE_KEPT_KEY = 'siteKept';
/** Per connection, before a project's name: the rows of its last complete read (background only). */
export const SITE_ROWS_PREFIX = 'siteRows:';
/** Per connection, before a project's name: its read as a job of the runner (the page reached, the rows so far). */
export const SITE_JOB_PREFIX = 'siteJob:';

// storage.local (on disk).
/** Per connection: where creates were redirected to. */
export const PAGE_ALIASES_KEY = 'pageAliases';
/** The connections (addresses, names, accounts, which is active), and their keys by account (background only). */
export const CONNECTION_KEY = 'connection';
export const CONNECTION_KEYS_KEY = 'connectionKeys';
export const TOOLBAR_SCORE_KEY = 'toolbarScore';
export const PANEL_FOLLOWS_TABS_KEY = 'panelFollowsTabs';
export const HISTORY_ON_KEY = 'historyOn';
export const LAST_PRIVACY_KEY = 'lastPrivacy';
export const INTEGRATION_PREFS_KEY = 'browserIntegration';
export const REPORT_LIST_PREFS_KEY = 'reportListPrefs';
export const PROJECT_LIST_PREFS_KEY = 'projectListPrefs';
