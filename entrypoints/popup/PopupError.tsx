import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { ErrorBanner } from '@/components/ErrorBanner';
import type { ApiError } from '@/lib/api/errors';

export interface PopupErrorProps {
  error: ApiError;
  context: string;
  onRetry: () => void;
  onOpenSettings: () => void;
}

/**
 * An error with its action. After a rate limit, Retry appears only once the wait is over: the message
 * says when, and stays still (a ticking countdown inside an alert would be read out every second).
 */
export function PopupError({ error, context, onRetry, onOpenSettings }: PopupErrorProps) {
  const waiting = useSignal(Boolean(error.retryAfterSeconds));
  useEffect(() => {
    if (!error.retryAfterSeconds) {
      waiting.value = false;
      return;
    }
    waiting.value = true;
    const timer = setTimeout(() => (waiting.value = false), error.retryAfterSeconds * 1000);
    return () => clearTimeout(timer);
  }, [error]);
  return (
    <ErrorBanner
      error={error}
      context={context}
      onRetry={waiting.value ? undefined : onRetry}
      onOpenSettings={onOpenSettings}
    />
  );
}
