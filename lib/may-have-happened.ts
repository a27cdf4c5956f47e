// Whether a write that failed may have been done all the same. The client says so (retrySafe: false);
// the pages also count failures of the message channel itself (the background stopped mid-way), which
// carry no status. Only a refusal proves nothing was written: a 4xx, or a request never sent.
import type { ApiError, ApiErrorKind } from './api/errors';

const REFUSALS: readonly ApiErrorKind[] = [
  'not_configured',
  'permission',
  'invalid_input',
  'unauthorized',
  'forbidden',
  'not_found',
  'rate_limited',
];

export function mayHaveHappened(error: ApiError): boolean {
  if (error.retrySafe === false) return true;
  if (error.status !== undefined && error.status >= 400 && error.status < 500) return false;
  return !REFUSALS.includes(error.kind);
}

/** The same error, without a Retry: the person looks at what the service has first. */
export function withoutRetry(error: ApiError): ApiError {
  return error.retrySafe === false ? error : { ...error, retrySafe: false };
}
