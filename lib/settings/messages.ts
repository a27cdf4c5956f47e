// Sentences about the settings that the background and the Settings page both say.

export const KEY_REQUIRED_FOR_NEW_SERVER =
  'Enter the API key again: the address now points to a different server, and your saved key is never sent to a new one unasked.';

export const KEY_MALFORMED =
  'This does not look like an API key: it may not contain spaces or special characters. Copy it again from your account.';
