import { defineConfig } from 'vitest/config';

// End-to-end tests in Firefox: the Firefox test build (.output/e2e-firefox-mv2) in Debian's firefox-esr over
// WebDriver BiDi, against reference-api/. One file at a time in one fork: each file shares one Firefox.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/e2e-firefox/**/*.test.ts'],
    testTimeout: 90_000,
    hookTimeout: 90_000,
    fileParallelism: false,
    pool: 'forks',
    maxWorkers: 1,
  },
});
