import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file lives in tests/e2e/support). */
export const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Where `npm run build:test` writes the extension with the e2e host grants. PAGE_REPORTS_E2E_DIR picks
 * another folder under .output (as wxt.config.ts does), so parallel runs do not share one build.
 */
export const extensionBuildDir = resolve(
  projectRoot,
  '.output',
  process.env.PAGE_REPORTS_E2E_DIR || 'e2e-chrome-mv3',
);

/** Git-ignored output of the e2e tests. */
export const testResultsDir = resolve(projectRoot, 'test-results');
export const screenshotsDir = resolve(testResultsDir, 'screenshots');

export const referenceApiModule = resolve(projectRoot, 'reference-api/index.ts');

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
