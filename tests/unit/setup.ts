// Unmount what a test rendered: without vitest globals, Testing Library cannot do it by itself.
import { cleanup, configure } from '@testing-library/preact';
import { afterEach } from 'vitest';
import { installFakeI18n, useTestLanguage } from './fake-i18n';

installFakeI18n();

// findBy…/waitFor wait for what a person would see; 1 s (the default) is too short beside a busy CPU.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  useTestLanguage('en');
});
