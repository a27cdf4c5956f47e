// Unmount what a test rendered: without vitest globals, Testing Library cannot do it by itself.
import { cleanup } from '@testing-library/preact';
import { afterEach } from 'vitest';
import { installFakeI18n, useTestLanguage } from './fake-i18n';

installFakeI18n();

afterEach(() => {
  cleanup();
  useTestLanguage('en');
});
