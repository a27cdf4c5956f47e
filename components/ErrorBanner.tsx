import { errorAction, type ApiError } from '@/lib/api/errors';

export interface ErrorBannerProps {
  error: ApiError;
  /** Where it happened, e.g. "Could not load reports". */
  context?: string;
  /** Offered as "Retry" wherever trying again could help; leave it out while there is nothing to retry yet. */
  onRetry?: () => void;
  onOpenSettings?: () => void;
}

/**
 * Whether "Retry" can help: not when the fix is in Settings, not for input the service rejected (the
 * same input would be rejected again), and not for a request that must not be sent twice.
 */
function retryHelps(error: ApiError): boolean {
  const action = errorAction(error);
  if (action === 'open_settings' || action === 'grant_permission') return false;
  if (error.kind === 'invalid_input') return false;
  // The field is optional and left out means safe: only false (a write that may have happened) forbids it.
  return error.retrySafe !== false;
}

/** One error, said plainly, with the action that helps (when there is one). */
export function ErrorBanner({ error, context, onRetry, onOpenSettings }: ErrorBannerProps) {
  const action = errorAction(error);
  const settings = action === 'open_settings' || action === 'grant_permission';
  return (
    <div class="error-banner" role="alert">
      <p>
        {context ? <strong>{context}: </strong> : null}
        {error.message}
      </p>
      {error.detail ? <p class="error-detail">{error.detail}</p> : null}
      <div class="error-actions">
        {settings && onOpenSettings ? (
          <button type="button" onClick={onOpenSettings}>
            Open settings
          </button>
        ) : null}
        {onRetry && retryHelps(error) ? (
          <button type="button" onClick={onRetry}>
            Retry
          </button>
        ) : null}
      </div>
    </div>
  );
}
