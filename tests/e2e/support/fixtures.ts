import { afterAll, afterEach, beforeAll, beforeEach, type TestContext } from 'vitest';
import { launchExtension, type ExtensionHarness, type LaunchExtensionOptions } from './extension';
import { startReferenceApi, type ReferenceApi, type ReferenceApiOptions } from './reference-api';
import { screenshot } from './screenshot';
import { startTestServer, type TestRoute, type TestRouteHandler, type TestServer } from './test-server';

export interface UseExtensionOptions extends LaunchExtensionOptions {
  /** A new browser and profile for every test instead of one per file. Default false. */
  perTest?: boolean;
  /** After each test, fail it if unexpected console errors were logged. Default true. */
  checkConsoleErrors?: boolean;
  /** After each test, close the popup and the tabs it opened. Default true. */
  closePages?: boolean;
  /** When a test fails, save a screenshot of every open tab and of the popup. Default true. */
  screenshotOnFailure?: boolean;
}

function accessor<T>(what: string, get: () => T | undefined): () => T {
  return () => {
    const value = get();
    if (value === undefined) throw new Error(`${what} is not running: use it inside a test or hook.`);
    return value;
  };
}

async function screenshotOpenPages(harness: ExtensionHarness, testName: string): Promise<void> {
  const tabs = harness.context.pages().map((page, index) => ({ page, name: `${index + 1}` }));
  const popup = harness.actionPopup;
  const shots = popup ? [...tabs, { page: popup, name: 'popup' }] : tabs;
  await Promise.all(
    shots.map(({ page, name }) => screenshot(page, `FAILED-${testName}-${name}`).catch(() => undefined)),
  );
}

/**
 * Launches the extension for the tests of this file (or of each test with `perTest`) and closes it after,
 * even when they fail. Returns an accessor: `const extension = useExtension(); … extension().openOptions()`.
 */
export function useExtension(options: UseExtensionOptions = {}): () => ExtensionHarness {
  const {
    perTest = false,
    checkConsoleErrors = true,
    closePages = true,
    screenshotOnFailure = true,
  } = options;
  let harness: ExtensionHarness | undefined;

  const launch = async () => {
    harness = await launchExtension(options);
  };
  const close = async () => {
    const running = harness;
    harness = undefined;
    await running?.close();
  };

  (perTest ? beforeEach : beforeAll)(launch);
  afterEach(async (context: TestContext) => {
    const running = harness;
    if (!running) return;
    try {
      if (screenshotOnFailure && context.task.result?.state === 'fail') {
        await screenshotOpenPages(running, context.task.name);
      }
      if (checkConsoleErrors) running.expectNoConsoleErrors();
    } finally {
      running.clearConsoleErrors();
      if (perTest) await close();
      else if (closePages) await running.closeExtraPages();
    }
  });
  if (!perTest) afterAll(close);

  return accessor('useExtension(): the extension', () => harness);
}

export interface UseReferenceApiOptions extends ReferenceApiOptions {
  /** After each test, undo latency, forced statuses and rate limits (controls.reset()). Default true. */
  resetControlsAfterEach?: boolean;
}

/** Starts reference-api/ (port 0, seeded unless `seed: false`) for this file's tests and closes it after. */
export function useReferenceApi(options: UseReferenceApiOptions = {}): () => ReferenceApi {
  const { resetControlsAfterEach = true, ...apiOptions } = options;
  let api: ReferenceApi | undefined;
  beforeAll(async () => {
    api = await startReferenceApi({ seed: true, ...apiOptions });
  });
  afterEach(() => {
    if (resetControlsAfterEach) api?.controls.reset();
  });
  afterAll(async () => {
    const running = api;
    api = undefined;
    await running?.close();
  });
  return accessor('useReferenceApi(): the reference API', () => api);
}

/** Serves web pages (by default `/article`) on 127.0.0.1 for this file's tests. */
export function useTestServer(routes: Record<string, TestRoute | TestRouteHandler> = {}): () => TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(routes);
  });
  afterAll(async () => {
    const running = server;
    server = undefined;
    await running?.close();
  });
  return accessor('useTestServer(): the test server', () => server);
}
