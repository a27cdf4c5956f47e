// @vitest-environment node
// The one rule for what a person can do about an error. Every surface renders what it names
// (tests/unit/components/error-actions.test.tsx checks each one against this same table).
import { describe, expect, it } from 'vitest';
import { errorAction, type ApiError, type ApiErrorKind, type ErrorAction } from '@/lib/api/errors';

// Every kind, by name: a new kind fails to compile until it has a row here.
const EXPECTED: Record<ApiErrorKind, ErrorAction> = {
  not_configured: 'open_settings',
  unauthorized: 'open_settings',
  // Asking again does not change a plan or bring an item back.
  forbidden: null,
  not_found: null,
  // The same input would be refused again.
  invalid_input: null,
  rate_limited: 'retry',
  server: 'retry',
  network: 'retry',
  timeout: 'retry',
  permission: 'grant_permission',
  unexpected: 'retry',
};

const KINDS = Object.keys(EXPECTED) as ApiErrorKind[];

const errorOf = (kind: ApiErrorKind, extra: Partial<ApiError> = {}): ApiError => ({
  kind,
  message: `Something went wrong (${kind}).`,
  ...extra,
});

describe('errorAction', () => {
  it.each(KINDS)('%s: names its action', (kind) => {
    expect(errorAction(errorOf(kind))).toBe(EXPECTED[kind]);
  });

  it.each(KINDS)('%s: offers no Retry for a write that may have happened', (kind) => {
    const action = errorAction(errorOf(kind, { retrySafe: false }));
    expect(action).toBe(EXPECTED[kind] === 'retry' ? null : EXPECTED[kind]);
  });
});
