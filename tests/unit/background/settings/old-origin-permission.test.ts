// The permission for a server the settings no longer point to is given back.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  covers,
  declaredIn,
  declaredOrigins,
  releaseUnusedOrigin,
} from '@/entrypoints/background/settings/old-origin-permission';

/** The e2e and `npm start` builds declare the loopback origins; the production build declares none. */
const E2E_MANIFEST = {
  permissions: ['storage', 'activeTab', 'alarms'],
  host_permissions: ['http://127.0.0.1/*', 'http://localhost/*'],
};
const PRODUCTION_MANIFEST = { permissions: ['storage', 'activeTab', 'alarms'] };

let remove: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fakeBrowser.reset();
  // The fake browser has no permissions API: this stands in for the browser's.
  remove = vi.fn(async () => true);
  (fakeBrowser.permissions as unknown as { remove: unknown }).remove = remove;
});

function release(oldBaseUrl: string, newBaseUrl: string, manifest: object = PRODUCTION_MANIFEST) {
  return releaseUnusedOrigin(oldBaseUrl, [newBaseUrl], {
    permissions: browser.permissions,
    isDeclared: declaredIn(manifest),
  });
}

describe('releaseUnusedOrigin, after a move to one address', () => {
  it('removes the old origin when the address moves to another server', async () => {
    expect(await release('https://old.example/sub', 'https://new.example')).toBe(true);
    expect(remove).toHaveBeenCalledExactlyOnceWith({ origins: ['https://old.example/*'] });
  });

  it('keeps it when the server stays the same (another path)', async () => {
    expect(await release('https://r.example', 'https://r.example/sub')).toBe(false);
    expect(remove).not.toHaveBeenCalled();
  });

  it('keeps it when only the port changes: one permission covers every port, the new one included', async () => {
    expect(await release('https://r.example:8443', 'https://r.example')).toBe(false);
    expect(remove).not.toHaveBeenCalled();
  });

  it('removes it when the scheme changes, since that is another permission', async () => {
    expect(await release('http://[::1]:8787', 'https://r.example')).toBe(true);
    expect(remove).toHaveBeenCalledExactlyOnceWith({ origins: ['http://[::1]/*'] });
  });

  it('has nothing to remove on the first save', async () => {
    expect(await release('', 'https://r.example')).toBe(false);
    expect(remove).not.toHaveBeenCalled();
  });

  it('never removes an origin the manifest declares (the test build’s loopback addresses)', async () => {
    expect(await release('http://127.0.0.1:8787', 'http://localhost:8787', E2E_MANIFEST)).toBe(false);
    expect(await release('http://localhost:9000/sub', 'https://r.example', E2E_MANIFEST)).toBe(false);
    expect(remove).not.toHaveBeenCalled();
    // The same move in the production build gives the access back.
    expect(await release('http://127.0.0.1:8787', 'http://localhost:8787')).toBe(true);
    expect(remove).toHaveBeenCalledExactlyOnceWith({ origins: ['http://127.0.0.1/*'] });
  });

  it('passes on the browser’s refusal for the caller to log', async () => {
    remove.mockRejectedValueOnce(new Error('You cannot remove required permissions.'));
    await expect(release('https://old.example', 'https://new.example')).rejects.toThrow('required');
  });
});

describe('declaredOrigins', () => {
  it('reads MV3 host_permissions and the match patterns among MV2 permissions', () => {
    expect(declaredOrigins(E2E_MANIFEST)).toEqual(['http://127.0.0.1/*', 'http://localhost/*']);
    expect(declaredOrigins({ permissions: ['storage', 'http://localhost/*', '<all_urls>'] })).toEqual([
      'http://localhost/*',
      '<all_urls>',
    ]);
    expect(declaredOrigins(PRODUCTION_MANIFEST)).toEqual([]);
  });

  it('treats <all_urls> and wildcard hosts as covering an origin', async () => {
    expect(await release('https://old.example', 'https://new.example', { permissions: ['<all_urls>'] })).toBe(
      false,
    );
    expect(
      await release('https://a.old.example', 'https://new.example', {
        host_permissions: ['https://*.old.example/*'],
      }),
    ).toBe(false);
    expect(remove).not.toHaveBeenCalled();
  });
});

describe('covers', () => {
  it.each([
    ['<all_urls>', 'https://a.example', true],
    ['http://127.0.0.1/*', 'http://127.0.0.1:8787', true],
    ['http://127.0.0.1/*', 'https://127.0.0.1', false],
    ['http://localhost/*', 'http://127.0.0.1', false],
    ['*://a.example/*', 'https://a.example', true],
    ['*://a.example/*', 'http://a.example:81', true],
    ['https://*/*', 'https://any.example', true],
    ['https://*.old.example/*', 'https://old.example', true],
    ['https://*.old.example/*', 'https://a.b.old.example', true],
    ['https://*.old.example/*', 'https://notold.example', false],
    ['https://a.example/only/this/*', 'https://a.example', true],
    ['http://[::1]/*', 'http://[::1]:8080', true],
    ['http://[::1]/*', 'http://[::2]', false],
    ['not a pattern', 'https://a.example', true],
  ])('%s covers %s: %s', (pattern, origin, expected) => {
    expect(covers(pattern, origin)).toBe(expected);
  });
});
