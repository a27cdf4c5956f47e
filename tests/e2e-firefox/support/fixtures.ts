import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, type TestContext } from 'vitest';
import { screenshotsDir } from '../../e2e/support/paths';
import { FirefoxHarness, type LaunchFirefoxOptions } from './firefox';

/** Saves every open tab as test-results/screenshots/FAILED-firefox-TEST-N.png (the popup is not a tab). */
async function screenshotTabs(harness: FirefoxHarness, testName: string): Promise<void> {
  await mkdir(screenshotsDir, { recursive: true });
  const safeName = testName.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '');
  const pages = await harness.browser.pages();
  await Promise.all(
    pages.map((page, index) =>
      page
        .screenshot({ path: join(screenshotsDir, `FAILED-firefox-${safeName}-${index + 1}.png`) })
        .catch(() => undefined),
    ),
  );
}

/**
 * One Firefox for the tests of this file (a cold start costs seconds), closed after them even when they
 * fail. After each test: fails it when the extension logged errors, then closes the popup and every tab
 * it opened. Returns an accessor: `const firefox = useFirefox(); … firefox().openPopup(page)`.
 */
export function useFirefox(options: LaunchFirefoxOptions = {}): () => FirefoxHarness {
  let harness: FirefoxHarness | undefined;
  beforeAll(async () => {
    harness = await FirefoxHarness.launch(options);
    await harness.resetBetweenTests();
  });
  afterEach(async (context: TestContext) => {
    const running = harness;
    if (!running) return;
    const errors = running.extensionErrors();
    const failed = context.task.result?.state === 'fail';
    if (failed) await screenshotTabs(running, context.task.name);
    await running.resetBetweenTests();
    if (failed) {
      // Firefox's own words help most with a failure: the end of its output.
      console.log(`Firefox output (last 40 lines):\n${running.output.slice(-40).join('\n')}`);
    } else if (errors.length > 0) {
      throw new Error(
        `The extension logged errors in Firefox:\n${errors.map((line) => `  - ${line}`).join('\n')}`,
      );
    }
  });
  afterAll(async () => {
    const running = harness;
    harness = undefined;
    await running?.close();
  });
  return () => {
    if (!harness) throw new Error('useFirefox(): Firefox is not running: use it inside a test or hook.');
    return harness;
  };
}
