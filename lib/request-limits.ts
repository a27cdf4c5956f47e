// How long the requests the extension sends may be, checked before anything is sent so a person reads
// a sentence instead of a server's 414. The options page and the background share these (no zod here);
// the limit of a page's address is in ./page-url, the only part the popup needs.
import { t } from './i18n';

/**
 * Web servers refuse request lines past about 8 KB (nginx, Apache: 414). Kept under that with room
 * for the method and the protocol.
 */
export const MAX_REQUEST_URL_LENGTH = 8000;

/** A search is matched against stored addresses, which are never longer than a page address (2,048). */
export const MAX_SEARCH_LENGTH = 2048;

/** Encoded, a letter outside ASCII takes up to 9 characters: the search must leave room for the rest. */
const MAX_ENCODED_SEARCH_LENGTH = 6000;

export const REQUEST_URL_TOO_LONG = t('inputRequestTooLong');

/** Why a search cannot be sent, or null when it can. */
export function searchProblem(search: string): string | null {
  const text = search.trim();
  if (text.length > MAX_SEARCH_LENGTH) {
    return t('inputSearchTooLong');
  }
  // A lone surrogate has no encoding (encodeURIComponent throws); the client sends it as U+FFFD.
  if (encodeURIComponent(text.toWellFormed()).length > MAX_ENCODED_SEARCH_LENGTH) {
    return t('inputSearchTooWide');
  }
  return null;
}
