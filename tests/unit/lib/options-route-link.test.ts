import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { openOptions, optionsUrl, type OptionsLink } from '@/lib/options-route';
import { parseRoute } from '@/lib/options-route';

const page = 'chrome-extension://test-extension-id/options.html';

describe('optionsUrl', () => {
  beforeEach(() => fakeBrowser.reset());

  it('builds the shared hash routes', () => {
    expect(optionsUrl({ view: 'settings' })).toBe(`${page}#/settings`);
    expect(optionsUrl({ view: 'reports' })).toBe(`${page}#/reports`);
    expect(optionsUrl({ view: 'report', id: 12 })).toBe(`${page}#/reports?details=12`);
  });

  it('encodes report ids that are strings', () => {
    expect(optionsUrl({ view: 'report', id: 'a b/&c' })).toBe(`${page}#/reports?details=a%20b%2F%26c`);
  });

  it('links to hashes the options page reads back as the same section and details', () => {
    const hashOf = (link: OptionsLink) => new URL(optionsUrl(link)).hash;
    expect(parseRoute(hashOf({ view: 'settings' }))).toEqual({ section: 'settings' });
    expect(parseRoute(hashOf({ view: 'reports' }))).toEqual({ section: 'reports', list: {}, details: null });
    for (const id of [12, '12', 'a b/&c', 'é?#=%']) {
      expect(parseRoute(hashOf({ view: 'report', id }))).toEqual({
        section: 'reports',
        list: {},
        details: String(id),
      });
    }
  });

  it('opens the route in a new tab', async () => {
    const create = vi.spyOn(browser.tabs, 'create');
    await openOptions({ view: 'report', id: 7 });
    expect(create).toHaveBeenCalledWith({ url: `${page}#/reports?details=7` });
  });
});
