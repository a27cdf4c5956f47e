import { defineConfig } from 'vitest/config';

// End-to-end tests: the built extension (.output/e2e) in real Chromium against reference-api/.
// Two files at once: each has its own Chromium, profile, reference API and web server (docs/testing.md).
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/e2e/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
  },
});
