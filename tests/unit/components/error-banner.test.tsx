import { fireEvent, render, screen, within } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBanner } from '@/components/ErrorBanner';
import { apiError } from '@/entrypoints/background/error-messages';
import type { ApiError, ApiErrorKind } from '@/lib/api/errors';

function buttonsOf(error: ApiError, handlers: { onRetry?: () => void; onOpenSettings?: () => void }) {
  const { unmount } = render(<ErrorBanner error={error} context="Could not do it" {...handlers} />);
  const names = within(screen.getByRole('alert'))
    .queryAllByRole('button')
    .map((button) => button.textContent);
  unmount();
  return names;
}

const both = { onRetry: () => {}, onOpenSettings: () => {} };

describe('ErrorBanner', () => {
  it.each<[ApiErrorKind, string[]]>([
    ['server', ['Retry']],
    ['network', ['Retry']],
    ['timeout', ['Retry']],
    ['unexpected', ['Retry']],
    ['rate_limited', ['Retry']],
    // errorAction decides, on every surface: asking again does not change a plan or bring an item back.
    ['forbidden', []],
    ['not_found', []],
    ['unauthorized', ['Open settings']],
    ['not_configured', ['Open settings']],
    ['permission', ['Open settings']],
    // The same input would be rejected again.
    ['invalid_input', []],
  ])('%s offers %j when both actions are given', (kind, expected) => {
    expect(buttonsOf(apiError(kind), both)).toEqual(expected);
  });

  it('offers Retry only when the page gives one (e.g. not while a rate limit’s wait runs)', () => {
    expect(buttonsOf(apiError('server'), { onOpenSettings: () => {} })).toEqual([]);
  });

  it('opens the options page’s Settings unless the page gives its own way there', () => {
    window.location.hash = '#/reports';
    render(<ErrorBanner error={apiError('unauthorized')} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open settings' }));
    expect(window.location.hash).toBe('#/settings');
  });

  it('offers no Retry for a request that must not be sent twice', () => {
    const error = { ...apiError('timeout'), retrySafe: false } as ApiError;
    expect(buttonsOf(error, both)).toEqual([]);
    expect(buttonsOf({ ...apiError('timeout'), retrySafe: true } as ApiError, both)).toEqual(['Retry']);
  });

  it('calls the action given', () => {
    const onRetry = vi.fn();
    render(<ErrorBanner error={apiError('server')} onRetry={onRetry} />);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert').textContent).toContain('The service had a problem');
  });
});
