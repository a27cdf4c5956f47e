import { join } from 'node:path';
import { defineConfig, type Entrypoint } from 'wxt';
import { inlinePageCss } from './scripts/inline-page-css';

// Origins the service may live on. Asked for at run time, one origin at a time, never granted up front.
const serviceOrigins = ['https://*/*', 'http://localhost/*', 'http://127.0.0.1/*', 'http://[::1]/*'];
// contextMenus: "Create report for this page / link" (no install warning; Firefox takes the name too).
// The side panel (entrypoints/sidepanel): WXT writes `side_panel` and adds `sidePanel` for Chrome, and
// `sidebar_action` (no permission) for Firefox. It follows the tab with the optional `tabs` below.
const permissions = ['storage', 'activeTab', 'alarms', 'contextMenus'];
// Opt-in features ask for theirs in the click that turns them on: `notifications` for notifications,
// `tabs` for the toolbar score and the side panel's "Follow the active tab" (one owner:
// lib/tabs-permission.ts). Headless browsers cannot answer a prompt, so the e2e build holds them outright.
const optInPermissions = ['notifications', 'tabs'];

export default defineConfig({
  // webextension-polyfill: `browser` from wxt/browser, so runtime.onMessage listeners answer with a promise.
  modules: ['@wxt-dev/webextension-polyfill'],
  manifest: ({ browser, manifestVersion, mode }) => ({
    // Names and sentences come from public/_locales (English when the browser's language has no file).
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    permissions: mode === 'e2e' ? [...permissions, ...optInPermissions] : permissions,
    // MV2 (Firefox's default) has no optional_host_permissions: origins go with the optional permissions.
    ...(manifestVersion === 2
      ? { optional_permissions: [...serviceOrigins, ...(mode === 'e2e' ? [] : optInPermissions)] }
      : {
          optional_host_permissions: serviceOrigins,
          ...(mode === 'e2e' ? {} : { optional_permissions: optInPermissions }),
        }),
    // Alt+Shift+R opens the popup, Alt+Shift+C creates a report for the page at once: neither is taken by
    // Chrome or Firefox. People change them on the browser's shortcut page (Settings links to it).
    commands: {
      [manifestVersion === 2 ? '_execute_browser_action' : '_execute_action']: {
        suggested_key: { default: 'Alt+Shift+R' },
      },
      'create-report': {
        suggested_key: { default: 'Alt+Shift+C' },
        description: '__MSG_commandCreateReport__',
      },
    },
    // Test and `npm start` builds only: the local reference API without a prompt (headless Chromium cannot
    // show one). The production build never carries a host permission.
    ...(mode === 'e2e' || mode === 'development'
      ? { host_permissions: ['http://127.0.0.1/*', 'http://localhost/*'] }
      : {}),
    action: { default_title: '__MSG_extActionTitle__' },
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'page-reports@example.org',
              // 140 (142 on Android) is where Firefox learned data_collection_permissions, which AMO requires.
              strict_min_version: '140.0',
              data_collection_permissions: { required: ['none'] },
            },
            gecko_android: { strict_min_version: '142.0' },
          },
        }
      : {}),
  }),
  // `npm run zip:firefox` also packs the sources AMO reviewers build from: what git tracks, not what a
  // test run or `npm start` left behind (WXT does not read .gitignore).
  zip: { excludeSources: ['test-results/**', 'reference-api/data/**', '**/*.log'] },
  hooks: {
    // The e2e build carries extra grants: keep it apart from the build people install.
    'config:resolved': (wxt) => {
      if (wxt.config.mode !== 'e2e') return;
      // One folder per browser (e2e-chrome-mv3, e2e-firefox-mv2). PAGE_REPORTS_E2E_DIR (Chromium) and
      // PAGE_REPORTS_E2E_FIREFOX_DIR let parallel test runs build side by side.
      const { browser, manifestVersion } = wxt.config;
      const chosen =
        browser === 'firefox' ? process.env.PAGE_REPORTS_E2E_FIREFOX_DIR : process.env.PAGE_REPORTS_E2E_DIR;
      wxt.config.outDir = join(wxt.config.outBaseDir, chosen || `e2e-${browser}-mv${manifestVersion}`);
    },
    // Each page is built on its own: a chunk shared by the three pages would carry code only the options
    // page runs into the popup's start-up.
    'entrypoints:grouped': (_wxt, groups) => {
      const pages = groups.findIndex((group) => Array.isArray(group) && group.length > 1);
      if (pages >= 0) groups.splice(pages, 1, ...(groups[pages] as Entrypoint[]).map((page) => [page]));
    },
    // The pages' first paint waits for no stylesheet (scripts/inline-page-css.ts).
    'build:done': async (wxt) => {
      if (wxt.config.command !== 'build') return;
      for (const page of ['options.html', 'popup.html', 'sidepanel.html'])
        await inlinePageCss(wxt.config.outDir, page);
    },
  },
  vite: (env) => ({
    // Development JSX (every element carrying its file and line) only in `wxt` dev: the e2e build, which the
    // tests and `npm run bench` run, then holds the code that ships.
    esbuild: { jsx: 'automatic', jsxImportSource: 'preact', jsxDev: env.mode === 'development' },
    // Extension pages run in browsers with native modulepreload: the polyfill would only run for nothing.
    build: { modulePreload: { polyfill: false } },
  }),
});
