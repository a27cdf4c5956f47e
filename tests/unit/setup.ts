// Unmount what a test rendered: without vitest globals, Testing Library cannot do it by itself.
import { cleanup } from '@testing-library/preact';
import { afterEach } from 'vitest';

afterEach(() => cleanup());
