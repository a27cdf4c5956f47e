import { errorAction, type ApiError } from '@/lib/api/errors';
import { t } from '@/lib/i18n';
import { formatRoute } from '@/lib/options-route';

export interface ErrorActionsProps {
  error: ApiError;
  /** Left out while there is nothing to retry yet. */
  onRetry?: () => void;
  /** By default the options page's Settings; the popup passes its own way there. */
  onOpenSettings?: () => void;
}

/** The options page's Settings: the page follows its hash. */
export function openSettings(): void {
  location.hash = formatRoute({ section: 'settings' });
}

/**
 * The buttons errorAction says help with an error: Open settings (also for a missing permission, which
 * Settings asks for), or Retry; none when nothing helps.
 */
export function ErrorActions({ error, onRetry, onOpenSettings = openSettings }: ErrorActionsProps) {
  const action = errorAction(error);
  const settings = action === 'open_settings' || action === 'grant_permission';
  return (
    <>
      {settings ? (
        <button type="button" onClick={onOpenSettings}>
          {t('uiOpenSettings')}
        </button>
      ) : null}
      {action === 'retry' && onRetry ? (
        <button type="button" onClick={onRetry}>
          {t('uiRetry')}
        </button>
      ) : null}
    </>
  );
}

/** One error, said plainly, with the action that helps; `context` says where ("Could not load reports"). */
export function ErrorBanner({ context, ...actions }: ErrorActionsProps & { context?: string }) {
  const { error } = actions;
  return (
    <div class="error-banner" role="alert">
      <p>
        {context ? <strong>{context}: </strong> : null}
        {error.message}
      </p>
      {error.detail ? <TechnicalDetails text={error.detail} /> : null}
      <div class="error-actions">
        <ErrorActions {...actions} />
      </div>
    </div>
  );
}

/** What the browser or the server said ("TypeError: Failed to fetch"), closed: the sentence above says it for a person. */
export function TechnicalDetails({ text }: { text: string }) {
  return (
    <details class="error-detail">
      <summary>{t('uiTechnicalDetails')}</summary>
      <p>{text}</p>
    </details>
  );
}
