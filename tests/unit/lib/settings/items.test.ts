import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { integrationPrefsItem, saveIntegrationPrefs } from '@/lib/settings/items';

describe('integration preferences', () => {
  beforeEach(() => fakeBrowser.reset());

  it('start with the menu on, Public, notifications off', async () => {
    expect(await integrationPrefsItem.getValue()).toEqual({ menu: true, privacy: 0, notifications: false });
  });

  it('change one at a time, keeping the others', async () => {
    await saveIntegrationPrefs({ privacy: 1 });
    await saveIntegrationPrefs({ notifications: true });
    expect(await integrationPrefsItem.getValue()).toEqual({ menu: true, privacy: 1, notifications: true });
  });
});
