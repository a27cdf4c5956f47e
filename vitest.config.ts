import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

// happy-dom only for the files that render or use `window`: setting it up costs each file about half a
// second, and the background (a service worker) has no DOM anyway. A new DOM test goes in DOM_TESTS.
const DOM_TESTS = [
  'tests/unit/**/*.test.tsx',
  'tests/unit/options/list/*.test.ts',
  'tests/unit/options/reports/reports-model.test.ts',
];

export default defineConfig({
  plugins: [WxtVitest()],
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  test: {
    // A fresh worker per file either way; a thread starts sooner than a process (about 10% less wall time).
    pool: 'threads',
    restoreMocks: true,
    // A file's first render can wait on a lazily imported module, which a busy CPU transforms slowly.
    testTimeout: 30_000,
    setupFiles: ['tests/unit/setup.ts'],
    projects: [
      { extends: true, test: { name: 'dom', environment: 'happy-dom', include: DOM_TESTS } },
      {
        extends: true,
        test: { name: 'node', environment: 'node', include: ['tests/unit/**/*.test.ts'], exclude: DOM_TESTS },
      },
    ],
  },
});
