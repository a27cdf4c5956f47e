import { defineConfig } from 'vitest/config';

// End-to-end tests: the built extension (.output/e2e) in real Chromium against reference-api/.
// One file at a time: "the connection dropped" counts Chromium's own tries of a POST, which a second
// browser's load changes (docs/testing.md).
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/e2e/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
