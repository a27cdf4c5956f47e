import { defineConfig } from 'vitest/config';

// End-to-end tests: the built extension (.output/e2e) in real Chromium against reference-api/.
// Two files at once: each file launches its own Chromium in a fresh profile (mkdtemp) against its own
// reference API and web server on free ports (port 0), so they share nothing; most of a file's time is
// waiting on the service's pace, its delays and timeouts, which the other file's browser fills.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/e2e/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
