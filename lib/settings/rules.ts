// Rules and sentences about the settings that the background and the Settings page share. The background
// enforces every rule on each save; the page asks the same questions first, only to answer at once (and not
// to ask for access to a server it could not save).
import type { ApiError } from '../api/errors';
import { t } from '../i18n';

// In the browser's language, read when the module loads (a page or the worker runs in one language).
export const KEY_REQUIRED_FOR_NEW_SERVER = t('inputKeyForNewServer');

export const KEY_MALFORMED = t('inputKeyMalformed');

/** No service's key is this long (phpRank's is 60 characters): more is a paste gone wrong. */
export const MAX_KEY_LENGTH = 500;

/**
 * No service's key is shorter: less is a typo or a test value. Refused rather than scrubbed from replies:
 * taking a word this short out of every answer would mangle addresses and field names.
 */
export const MIN_KEY_LENGTH = 8;

/** What is wrong with the length of a typed (trimmed, not empty) key, or null. */
export function keyLengthProblem(key: string): string | null {
  if (key.length > MAX_KEY_LENGTH) return t('inputKeyTooLong', key.length.toLocaleString(), MAX_KEY_LENGTH);
  if (key.length < MIN_KEY_LENGTH) return t('inputKeyTooShort', MIN_KEY_LENGTH);
  return null;
}

/** The service refused the key itself (401 or 403), rather than failing to answer. */
export const rejectsKey = (error: ApiError) => error.kind === 'unauthorized' || error.kind === 'forbidden';

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
