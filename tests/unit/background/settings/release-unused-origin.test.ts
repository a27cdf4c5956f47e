// The permission for a server the settings no longer point to is given back.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { releaseUnusedOrigin } from '@/entrypoints/background/settings/storage';

let remove: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fakeBrowser.reset();
  // The fake browser has no permissions API: this stands in for the browser's.
  remove = vi.fn(async () => true);
  (fakeBrowser.permissions as unknown as { remove: unknown }).remove = remove;
});

function release(oldBaseUrl: string, newBaseUrl: string) {
  return releaseUnusedOrigin(oldBaseUrl, [newBaseUrl]);
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

  it('gives false when the browser refuses (an origin the manifest grants, as in the test builds)', async () => {
    remove.mockRejectedValueOnce(new Error('You cannot remove required permissions.'));
    expect(await release('http://127.0.0.1:8787', 'https://r.example')).toBe(false);
    expect(remove).toHaveBeenCalledExactlyOnceWith({ origins: ['http://127.0.0.1/*'] });
  });
});
