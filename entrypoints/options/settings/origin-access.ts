// Access to a server, asked for in the click that saves or adds a connection. When the background then
// refuses that save or add, access the click obtained is given back: a refused form must not leave the
// extension able to reach a site no connection uses. Access held before the click stays.
import { originPattern } from '@/lib/base-url';
import { browser } from '@/lib/page-browser';
import { settle } from '@/lib/tabs-permission';

/** browser.permissions for origins: each resolves whether the origins are (or were) held. */
export interface OriginPermissions {
  requestPermission(origins: string[]): Promise<boolean>;
  hasPermission(origins: string[]): Promise<boolean>;
  removePermission(origins: string[]): Promise<boolean>;
}

export const browserOriginPermissions: OriginPermissions = {
  requestPermission: (origins) => browser.permissions.request({ origins }),
  hasPermission: (origins) => browser.permissions.contains({ origins }),
  removePermission: (origins) => browser.permissions.remove({ origins }),
};

/**
 * Asks for `origin` now (call it in the click, before anything is awaited, or the browser shows no
 * prompt). `granted` resolves whether access is held; `giveBack` returns what this click obtained.
 */
export function askForOrigin(permissions: OriginPermissions, origin: string) {
  const origins = [originPattern(origin)];
  // Read before the request is made; when it cannot be read, the access is treated as held and kept.
  const heldBefore = settle(() => permissions.hasPermission(origins), true);
  const granted = settle(() => permissions.requestPermission(origins), false);
  return {
    granted,
    async giveBack(): Promise<void> {
      if ((await granted) && !(await heldBefore))
        await settle(() => permissions.removePermission(origins), false);
    },
  };
}
