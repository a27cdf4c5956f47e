// browser.permissions for origins, as the Settings models call it, answered by spies taking the origins.
import { vi } from 'vitest';
import { browser } from 'wxt/browser';

export function fakeOriginPermissions(granted: boolean | Promise<boolean> = true, heldBefore = false) {
  const requestPermission = vi.fn((_origins: string[]) => Promise.resolve(granted));
  const hasPermission = vi.fn((_origins: string[]) => Promise.resolve(heldBefore));
  const removePermission = vi.fn((_origins: string[]) => Promise.resolve(true));
  Object.assign(browser.permissions, {
    request: ({ origins }: { origins: string[] }) => requestPermission(origins),
    contains: ({ origins }: { origins: string[] }) => hasPermission(origins),
    remove: ({ origins }: { origins: string[] }) => removePermission(origins),
  });
  return { requestPermission, hasPermission, removePermission };
}
