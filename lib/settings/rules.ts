// Rules about the settings: the background enforces them on each save; the Settings page asks first, to
// answer at once and not ask for access to a server it could not save.
import type { ApiError } from '../api/errors';
import { t } from '../i18n';

export const KEY_REQUIRED_FOR_NEW_SERVER = t('inputKeyForNewServer');

export const KEY_MALFORMED = t('inputKeyMalformed');

/** No service's key is this long (phpRank's is 60 characters): more is a paste gone wrong. */
export const MAX_KEY_LENGTH = 500;

/** Less is a typo; refused rather than scrubbed from replies, which would mangle ordinary words. */
export const MIN_KEY_LENGTH = 8;

export function keyLengthProblem(key: string): string | null {
  if (key.length > MAX_KEY_LENGTH) return t('inputKeyTooLong', key.length.toLocaleString(), MAX_KEY_LENGTH);
  if (key.length < MIN_KEY_LENGTH) return t('inputKeyTooShort', MIN_KEY_LENGTH);
  return null;
}

/** The service refused the key itself (401 or 403), rather than failing to answer. */
export const rejectsKey = (error: ApiError) => error.kind === 'unauthorized' || error.kind === 'forbidden';

export interface SavedConnection {
  baseUrl: string;
  keySet: boolean;
}

/** Whether a save must bring a key: a key never follows the address to another server (a look-alike URL). */
export function keyNeededForNewServer(
  saved: SavedConnection,
  newOrigin: string,
  newKey: string | undefined,
): boolean {
  if (newKey || !saved.keySet) return false;
  return !saved.baseUrl || new URL(saved.baseUrl).origin !== newOrigin;
}
