import { afterAll, afterEach, beforeAll, type TestContext } from 'vitest';
import { FirefoxHarness, type LaunchFirefoxOptions } from './firefox';

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
    await running.resetBetweenTests();
    if (context.task.result?.state === 'fail') {
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
