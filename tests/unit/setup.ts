// Unmount what a test rendered: without vitest globals, Testing Library cannot do it by itself.
import { afterEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { installFakeI18n, useTestLanguage } from './fake-i18n';

installFakeI18n();
// The worker's keep-alive call (jobs/runner.ts), which the fake browser leaves unimplemented.
fakeBrowser.runtime.getPlatformInfo = async () => ({ os: 'linux', arch: 'x86-64', nacl_arch: 'x86-64' });

// A real browser's storage answers with copies: code that changes what it read must write it to keep it.
for (const area of ['local', 'session'] as const) {
  const store = fakeBrowser.storage[area];
  const get = store.get.bind(store);
  store.get = (async (keys?: never) => structuredClone(await get(keys))) as typeof store.get;
}

// Testing Library only where there is a DOM to render into: loading it would slow every node file.
const testingLibrary = typeof document === 'undefined' ? undefined : await import('@testing-library/preact');

// findBy…/waitFor wait for what a person would see; 1 s (the default) is too short beside a busy CPU.
testingLibrary?.configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  testingLibrary?.cleanup();
  useTestLanguage('en');
});
