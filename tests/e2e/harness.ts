// The end-to-end harness: launch the built extension in Chromium, open its pages and the real action
// popup, restart its service worker, collect console errors, and start the servers the tests need.
export {
  launchExtension,
  type ChromeApi,
  type ExtensionHarness,
  type LaunchExtensionOptions,
  type OpenActionPopupOptions,
  type StorageAreaName,
  type WithChrome,
} from './support/extension';
export { ConsoleErrorCollector, type ErrorPattern } from './support/console-errors';
export {
  useExtension,
  useReferenceApi,
  useTestServer,
  type UseExtensionOptions,
  type UseReferenceApiOptions,
} from './support/fixtures';
export {
  referenceApiAvailable,
  startReferenceApi,
  type ForcedRequests,
  type RecordedRequest,
  type ReferenceApi,
  type ReferenceApiControls,
  type ReferenceApiOptions,
} from './support/reference-api';
export { checkBothSchemes, seriousAxeViolations } from './support/axe';
export { screenshot } from './support/screenshot';
export { untranslatedTexts } from './support/untranslated';
export {
  articlePage,
  startTestServer,
  type TestRoute,
  type TestRouteHandler,
  type TestServer,
} from './support/test-server';
export { extensionBuildDir, projectRoot, screenshotsDir } from './support/paths';
export { waitFor, withTimeout } from './support/wait';
