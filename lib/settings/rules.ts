// Rules and sentences about the settings that the background and the Settings page share. The background
// enforces every rule on each save; the page asks the same questions first, only to answer at once (and not
// to ask for access to a server it could not save).

export const KEY_REQUIRED_FOR_NEW_SERVER =
  'Enter the API key again: the address now points to a different server, and your saved key is never sent to a new one unasked.';

export const KEY_MALFORMED =
  'This does not look like an API key: it may not contain spaces or special characters. Copy it again from your account.';

/** No service's key is this long (phpRank's is 60 characters): more is a paste gone wrong. */
export const MAX_KEY_LENGTH = 500;

export function keyTooLong(length: number): string {
  return `This API key is ${length.toLocaleString('en')} characters long; keys are at most ${MAX_KEY_LENGTH}. Check what you pasted.`;
}

/** What the page knows of the saved settings (a SettingsSummary), and the background of its own. */
export interface SavedConnection {
  baseUrl: string;
  keySet: boolean;
}

/**
 * Whether a save must bring a key: a key saved for one server never follows the address to another one (a
 * look-alike URL, say). A key saved with no address at all has no server to stay with, so it needs one too.
 */
export function keyNeededForNewServer(
  saved: SavedConnection,
  newOrigin: string,
  newKey: string | undefined,
): boolean {
  if (newKey || !saved.keySet) return false;
  return !saved.baseUrl || new URL(saved.baseUrl).origin !== newOrigin;
}
