import { errorAction } from '@/lib/api/error-action';
import type { ApiError } from '@/lib/api/errors';
import { t } from '@/lib/i18n';

export interface ErrorBannerProps {
  error: ApiError;
  /** Where it happened, e.g. "Could not load reports". */
  context?: string;
  /** Offered as "Retry" wherever trying again could help; leave it out while there is nothing to retry yet. */
  onRetry?: () => void;
  onOpenSettings?: () => void;
}

export interface ErrorActionsProps {
  error: ApiError;
  onRetry?: () => void;
  onOpenSettings?: () => void;
  /** The Retry button's words where a surface has its own ("Retry" by default). */
  retryLabel?: string;
}

/**
 * The buttons that help with an error, as errorAction names them: Open settings (also for a missing
 * permission, which Settings asks for), or Retry; none when nothing helps. For surfaces that say the error
 * their own way (the export's progress box) and keep their own buttons beside these.
 */
export function ErrorActions({ error, onRetry, onOpenSettings, retryLabel }: ErrorActionsProps) {
  const action = errorAction(error);
  const settings = action === 'open_settings' || action === 'grant_permission';
  return (
    <>
      {settings && onOpenSettings ? (
        <button type="button" onClick={onOpenSettings}>
          {t('uiOpenSettings')}
        </button>
      ) : null}
      {action === 'retry' && onRetry ? (
        <button type="button" onClick={onRetry}>
          {retryLabel ?? t('uiRetry')}
        </button>
      ) : null}
    </>
  );
}

/**
 * One error, said plainly, with the action that helps (when there is one). The taxonomy's rule
 * (errorAction) alone decides which: every page shows its errors through this banner or ErrorActions.
 */
export function ErrorBanner({ error, context, onRetry, onOpenSettings }: ErrorBannerProps) {
  return (
    <div class="error-banner" role="alert">
      <p>
        {context ? <strong>{context}: </strong> : null}
        {error.message}
      </p>
      {error.detail ? <p class="error-detail">{error.detail}</p> : null}
      <div class="error-actions">
        <ErrorActions error={error} onRetry={onRetry} onOpenSettings={onOpenSettings} />
      </div>
    </div>
  );
}
