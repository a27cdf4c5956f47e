import { errorAction, type ApiError } from '@/lib/api/errors';

export interface ErrorBannerProps {
  error: ApiError;
  /** Where it happened, e.g. "Could not load reports". */
  context?: string;
  onRetry?: () => void;
  onOpenSettings?: () => void;
}

/** One error, said plainly, with the action that helps (when there is one). */
export function ErrorBanner({ error, context, onRetry, onOpenSettings }: ErrorBannerProps) {
  const action = errorAction(error);
  return (
    <div class="error-banner" role="alert">
      <p>
        {context ? <strong>{context}: </strong> : null}
        {error.message}
      </p>
      {error.detail ? <p class="error-detail">{error.detail}</p> : null}
      <div class="error-actions">
        {(action === 'open_settings' || action === 'grant_permission') && onOpenSettings ? (
          <button type="button" onClick={onOpenSettings}>
            Open settings
          </button>
        ) : null}
        {action === 'retry' && onRetry ? (
          <button type="button" onClick={onRetry}>
            Retry
          </button>
        ) : null}
      </div>
    </div>
  );
}
