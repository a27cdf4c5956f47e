// Every key the extension keeps in browser storage, written once. Only strings: pages import it without
// @wxt-dev/storage (bundle size). WXT's items name their area in front (`session:${POPUP_CACHE_KEY}`);
// pages reading storage directly and the connection stash use the bare key. A test checks that every item
// uses a key from here and that each one a connection owns is put aside on a switch
// (tests/unit/lib/storage-keys.test.ts).

// storage.session (in memory, emptied when the browser closes).
// The popup's snapshot, reports followed while generating, a wait the service asked for: in their own module
// so the popup's start-up holds only these (lib/popup-storage-keys.ts).
export { FOLLOWED_KEY, POPUP_CACHE_KEY, SERVICE_WAIT_KEY } from './popup-storage-keys';
/** Creates running, by connection and page (entrypoints/background/create-runs.ts). */
export const CREATE_RUNS_KEY = 'createRuns';
/** The bulk job (entrypoints/background/bulk-changes.ts; watched by the options page). */
export const BULK_JOB_KEY = 'bulkJob';
/** The password of a Password bulk job: never in the job pages watch. */
export const BULK_JOB_PASSWORD_KEY = 'bulkJobPassword';
/** The toolbar score's index of report addresses: rebuilt on a switch. */
export const SCORE_INDEX_KEY = 'scoreIndex';
/** The active connection's id, set on each switch: whose the options page's kept lists are. */
export const ACTIVE_CONNECTION_KEY = 'activeConnection';
/** The options page's kept lists: one key per query under this prefix (lib/options-list-cache.ts). */
export const LIST_CACHE_PREFIX = 'optionsList:';
/** A connection's caches put aside while another is active: one key per connection id. */
export const CONNECTION_STASH_PREFIX = 'connectionStash:';

// storage.local (on disk).
/** The connections: addresses, keys, which is active (entrypoints/background/settings/storage.ts). */
export const CONNECTION_KEY = 'connection';
/** Before issue 9: the address and the key as two items, read once to carry them over. */
export const LEGACY_BASE_URL_KEY = 'baseUrl';
export const LEGACY_API_KEY_KEY = 'apiKey';
/** Where an earlier version kept the ids it followed: removed at start-up. */
export const LEGACY_FOLLOWED_KEY = 'pendingGenerations';
/** Where a create was redirected to (entrypoints/background/page-aliases.ts). */
export const PAGE_ALIASES_KEY = 'pageAliases';
/** "Show this page's score on the toolbar icon" (lib/toolbar-score.ts). */
export const TOOLBAR_SCORE_KEY = 'toolbarScore';
/** The side panel follows the active tab (lib/tabs-permission.ts). */
export const PANEL_FOLLOWS_TABS_KEY = 'panelFollowsTabs';
/** The last privacy chosen for a create. */
export const LAST_PRIVACY_KEY = 'lastPrivacy';
/** The menu and shortcut preferences (lib/integration-prefs.ts). */
export const INTEGRATION_PREFS_KEY = 'browserIntegration';
/** The options page's page size and sort, per list (entrypoints/options/prefs.ts). */
export const REPORT_LIST_PREFS_KEY = 'reportListPrefs';
export const PROJECT_LIST_PREFS_KEY = 'projectListPrefs';
