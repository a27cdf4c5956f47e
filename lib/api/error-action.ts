// What a person can do about an error; pages turn it into a button.
import type { ApiError, ApiErrorKind } from './errors';

export type ErrorAction = 'open_settings' | 'retry' | 'grant_permission' | null;

const ACTIONS: Record<ApiErrorKind, ErrorAction> = {
  not_configured: 'open_settings',
  unauthorized: 'open_settings',
  forbidden: null,
  not_found: null,
  invalid_input: null,
  rate_limited: 'retry',
  server: 'retry',
  network: 'retry',
  timeout: 'retry',
  permission: 'grant_permission',
  unexpected: 'retry',
};

export function errorAction(error: ApiError): ErrorAction {
  const action = ACTIONS[error.kind];
  // A write that may have happened is not offered again: the person checks first (no duplicates).
  return action === 'retry' && error.retrySafe === false ? null : action;
}
