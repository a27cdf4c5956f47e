// Sentences about the settings that the background and the Settings page both say.

export const KEY_REQUIRED_FOR_NEW_SERVER =
  'Enter the API key again: the address now points to a different server, and your saved key is never sent to a new one unasked.';

export const KEY_MALFORMED =
  'This does not look like an API key: it may not contain spaces or special characters. Copy it again from your account.';

/** No service's key is this long (phpRank's is 60 characters): more is a paste gone wrong. */
export const MAX_KEY_LENGTH = 500;

export function keyTooLong(length: number): string {
  return `This API key is ${length.toLocaleString('en')} characters long; keys are at most ${MAX_KEY_LENGTH}. Check what you pasted.`;
}
