// The default sentence for each error kind, and apiError() to make an error with it. Background only (lint
// forbids it in pages): the background phrases every error once, in the browser's language, and pages
// show what they are sent.
import { t } from '@/lib/i18n';
import type { ApiError, ApiErrorKind } from '@/lib/api/errors';

/** The default sentence for each kind; the client may say something more exact. */
export function defaultErrorMessage(kind: ApiErrorKind, retryAfterSeconds?: number): string {
  switch (kind) {
    case 'not_configured':
      return t('errorNotConfigured');
    case 'unauthorized':
      return t('errorUnauthorized');
    case 'forbidden':
      return t('errorForbidden');
    case 'not_found':
      return t('errorNotFound');
    case 'invalid_input':
      return t('errorInvalidInput');
    case 'rate_limited':
      return retryAfterSeconds
        ? t('errorRateLimitedFor', formatWait(retryAfterSeconds))
        : t('errorRateLimited');
    case 'server':
      return t('errorServer');
    case 'network':
      return t('errorNetwork');
    case 'timeout':
      return t('errorTimeout');
    case 'permission':
      return t('errorPermission');
    case 'unexpected':
      return t('errorUnexpected');
  }
}

/** "30 seconds", "2 minutes": a wait, rounded up. */
export function formatWait(seconds: number): string {
  if (seconds < 60) {
    const count = Math.ceil(seconds);
    return count === 1 ? t('errorWaitSecond', count) : t('errorWaitSeconds', count);
  }
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? t('errorWaitMinute', minutes) : t('errorWaitMinutes', minutes);
}

/** An error of this kind; extras left `undefined` are dropped, so they never hide the default message. */
export function apiError(kind: ApiErrorKind, extra: Partial<ApiError> = {}): ApiError {
  const defined = Object.fromEntries(Object.entries(extra).filter(([, value]) => value !== undefined));
  return { ...defined, kind, message: extra.message ?? defaultErrorMessage(kind, extra.retryAfterSeconds) };
}
