// The default sentence for each error kind, and apiError() to make an error with it. Background only (lint
// forbids it in pages): the background phrases every error once, and pages show what they are sent.
import type { ApiError, ApiErrorKind } from './errors';

/** The default sentence for each kind; the client may say something more exact. */
export function defaultErrorMessage(kind: ApiErrorKind, retryAfterSeconds?: number): string {
  switch (kind) {
    case 'not_configured':
      return 'Page Reports is not set up yet: add your API base URL and key in Settings.';
    case 'unauthorized':
      return 'The service rejected your API key. Check the key in Settings.';
    case 'forbidden':
      return 'Your account is not allowed to do this. Your plan may not include API access.';
    case 'not_found':
      return 'That item no longer exists on the service.';
    case 'invalid_input':
      return 'The service did not accept what was sent. Check the highlighted fields.';
    case 'rate_limited':
      return retryAfterSeconds
        ? `Too many requests. Try again in ${formatWait(retryAfterSeconds)}.`
        : 'Too many requests. Wait a moment and try again.';
    case 'server':
      return 'The service had a problem. Try again in a moment.';
    case 'network':
      return 'Could not reach the service. Check your connection and the API base URL.';
    case 'timeout':
      return 'The service took too long to answer. Try again.';
    case 'permission':
      return 'Page Reports has no permission to reach the service. Grant it in Settings.';
    case 'unexpected':
      return 'The service answered in a way Page Reports does not understand.';
  }
}

export function formatWait(seconds: number): string {
  if (seconds < 60) return `${Math.ceil(seconds)} second${Math.ceil(seconds) === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** An error of this kind; extras left `undefined` are dropped, so they never hide the default message. */
export function apiError(kind: ApiErrorKind, extra: Partial<ApiError> = {}): ApiError {
  const defined = Object.fromEntries(Object.entries(extra).filter(([, value]) => value !== undefined));
  return { ...defined, kind, message: extra.message ?? defaultErrorMessage(kind, extra.retryAfterSeconds) };
}
