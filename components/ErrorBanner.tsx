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

/**
 * One error, said plainly, with the action that helps (when there is one). The taxonomy's rule
 * (errorAction) alone decides which: every page shows its errors through this banner.
 */
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
            {t('uiOpenSettings')}
          </button>
        ) : null}
        {action === 'retry' && onRetry ? (
          <button type="button" onClick={onRetry}>
            {t('uiRetry')}
          </button>
        ) : null}
      </div>
    </div>
  );
}
