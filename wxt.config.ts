import { defineConfig } from 'wxt';

// Origins the service may live on. Asked for at run time, one origin at a time, never granted up front.
const serviceOrigins = ['https://*/*', 'http://localhost/*', 'http://127.0.0.1/*', 'http://[::1]/*'];

export default defineConfig({
  modules: ['@wxt-dev/webextension-polyfill'],
  manifest: ({ browser, mode }) => ({
    name: 'Page Reports',
    description:
      'Create a report for the page you are on in one click, and manage your reports and projects.',
    permissions: ['storage', 'activeTab', 'alarms'],
    optional_host_permissions: serviceOrigins,
    // The end-to-end build only: headless Chromium cannot show the permission prompt (TESTING.md).
    ...(mode === 'e2e' ? { host_permissions: ['http://127.0.0.1/*', 'http://localhost/*'] } : {}),
    action: { default_title: 'Page Reports' },
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'page-reports@example.org',
              strict_min_version: '115.0',
              data_collection_permissions: { required: ['none'] },
            },
          },
        }
      : {}),
  }),
  vite: () => ({
    esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  }),
});
