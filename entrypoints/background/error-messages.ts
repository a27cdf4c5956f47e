// The default sentence for each error kind, and apiError() to make an error with it. Background only (lint
// forbids it in pages): the background phrases every error once, and pages show what they are sent.
import { t } from '@/lib/i18n';
import type { ApiError, ApiErrorKind } from '@/lib/api/errors';

const MESSAGES: Record<ApiErrorKind, () => string> = {
  not_configured: () => t('errorNotConfigured'),
  unauthorized: () => t('errorUnauthorized'),
  forbidden: () => t('errorForbidden'),
  not_found: () => t('errorNotFound'),
  invalid_input: () => t('errorInvalidInput'),
  rate_limited: () => t('errorRateLimited'),
  server: () => t('errorServer'),
  network: () => t('errorNetwork'),
  timeout: () => t('errorTimeout'),
  permission: () => t('errorPermission'),
  unexpected: () => t('errorUnexpected'),
};

/** "30 seconds", "2 minutes": a wait, rounded up. */
export function formatWait(seconds: number): string {
  if (seconds < 60) {
    const count = Math.ceil(seconds);
    return count === 1 ? t('errorWaitSecond', count) : t('errorWaitSeconds', count);
  }
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? t('errorWaitMinute', minutes) : t('errorWaitMinutes', minutes);
}

/** An error of this kind, in its default sentence unless given a more exact one; extras left `undefined` are
 * dropped, so they never hide the default. */
export function apiError(kind: ApiErrorKind, extra: Partial<ApiError> = {}): ApiError {
  const defined = Object.fromEntries(Object.entries(extra).filter(([, value]) => value !== undefined));
  const wait = kind === 'rate_limited' ? extra.retryAfterSeconds : undefined;
  const message = extra.message ?? (wait ? t('errorRateLimitedFor', formatWait(wait)) : MESSAGES[kind]());
  return { ...defined, kind, message };
}
