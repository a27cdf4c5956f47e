import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  plugins: [WxtVitest()],
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  test: {
    environment: 'happy-dom',
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // A file's first render can wait on a lazily imported module, which a busy CPU transforms slowly.
    testTimeout: 30_000,
    setupFiles: ['tests/unit/setup.ts'],
  },
});
