// One rule for what a person can do about an error (lib/api/error-action.ts), the same on every surface:
// the options page's ErrorBanner and the popup's PopupError offer exactly the buttons errorAction names.
import { cleanup, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorBanner } from '@/components/ErrorBanner';
import { PopupError } from '@/entrypoints/popup/PopupError';
import { errorAction, type ErrorAction } from '@/lib/api/error-action';
import type { ApiError, ApiErrorKind } from '@/lib/api/errors';

afterEach(cleanup);

// Every kind, by name: a new kind fails to compile until it has a row here.
const EXPECTED: Record<ApiErrorKind, { action: ErrorAction; buttons: string[] }> = {
  not_configured: { action: 'open_settings', buttons: ['Open settings'] },
  unauthorized: { action: 'open_settings', buttons: ['Open settings'] },
  // Asking again does not change a plan or bring an item back.
  forbidden: { action: null, buttons: [] },
  not_found: { action: null, buttons: [] },
  // The same input would be refused again.
  invalid_input: { action: null, buttons: [] },
  rate_limited: { action: 'retry', buttons: ['Retry'] },
  server: { action: 'retry', buttons: ['Retry'] },
  network: { action: 'retry', buttons: ['Retry'] },
  timeout: { action: 'retry', buttons: ['Retry'] },
  permission: { action: 'grant_permission', buttons: ['Open settings'] },
  unexpected: { action: 'retry', buttons: ['Retry'] },
};

const KINDS = Object.keys(EXPECTED) as ApiErrorKind[];

const errorOf = (kind: ApiErrorKind, extra: Partial<ApiError> = {}): ApiError => ({
  kind,
  message: `Something went wrong (${kind}).`,
  ...extra,
});

const noop = () => {};

const SURFACES = {
  ErrorBanner: (error: ApiError) => (
    <ErrorBanner error={error} context="Could not do it" onRetry={noop} onOpenSettings={noop} />
  ),
  PopupError: (error: ApiError) => (
    <PopupError error={error} context="Could not do it" onRetry={noop} onOpenSettings={noop} />
  ),
};

function offered(surface: keyof typeof SURFACES, error: ApiError): string[] {
  render(SURFACES[surface](error));
  const alert = screen.getByRole('alert');
  const names = ['Retry', 'Open settings'].filter(
    (name) => within(alert).queryByRole('button', { name }) !== null,
  );
  expect(within(alert).queryAllByRole('button')).toHaveLength(names.length);
  return names;
}

describe('errorAction', () => {
  it.each(KINDS)('%s: names its action', (kind) => {
    expect(errorAction(errorOf(kind))).toBe(EXPECTED[kind].action);
  });

  it.each(KINDS)('%s: offers no Retry for a write that may have happened', (kind) => {
    const action = errorAction(errorOf(kind, { retrySafe: false }));
    expect(action).toBe(EXPECTED[kind].action === 'retry' ? null : EXPECTED[kind].action);
  });
});

describe.each(Object.keys(SURFACES) as (keyof typeof SURFACES)[])(
  '%s offers what errorAction says',
  (surface) => {
    it.each(KINDS)('%s', (kind) => {
      expect(offered(surface, errorOf(kind))).toEqual(EXPECTED[kind].buttons);
    });

    it.each(KINDS)('%s, when trying again could repeat a write', (kind) => {
      const buttons = EXPECTED[kind].buttons.filter((name) => name !== 'Retry');
      expect(offered(surface, errorOf(kind, { retrySafe: false }))).toEqual(buttons);
    });
  },
);
