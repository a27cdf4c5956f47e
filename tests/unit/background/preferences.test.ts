import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { loadLastPrivacy, saveLastPrivacy } from '@/entrypoints/background/preferences';

describe('last privacy choice', () => {
  beforeEach(() => fakeBrowser.reset());

  it('is Public at first', async () => {
    expect(await loadLastPrivacy()).toBe(0);
  });

  it('remembers the last choice', async () => {
    await saveLastPrivacy(2);
    expect(await loadLastPrivacy()).toBe(2);
    await saveLastPrivacy(1);
    expect(await loadLastPrivacy()).toBe(1);
  });
});
