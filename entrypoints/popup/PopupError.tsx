import { useEffect, useState } from 'preact/hooks';
import { ErrorBanner } from '@/components/ErrorBanner';
import type { ApiError } from '@/lib/api/errors';
import { t } from '@/lib/i18n';

interface PopupErrorProps {
  error: ApiError;
  context: string;
  onRetry: () => void;
  onOpenSettings: () => void;
}

/** After a rate limit, Retry appears once the wait is over and the message says when (not a countdown). */
export function PopupError({ error, context, onRetry, onOpenSettings }: PopupErrorProps) {
  const retryAt = retryTime(error);
  const waiting = retryAt !== null && retryAt > Date.now();
  const [, passed] = useState(0);
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => passed(retryAt), retryAt - Date.now());
    return () => clearTimeout(timer);
  }, [retryAt]);
  const shown =
    retryAt === null ? error : { ...error, message: t('popupTooManyRequests', formatClockTime(retryAt)) };
  return (
    <ErrorBanner
      error={shown}
      context={context}
      onRetry={waiting ? undefined : onRetry}
      onOpenSettings={onOpenSettings}
    />
  );
}

// Fixed when an error is first shown: showing it again does not move the time. Only a rate limit has a wait.
const retryTimes = new WeakMap<ApiError, number>();

function retryTime(error: ApiError): number | null {
  if (!error.retryAfterSeconds) return null;
  let at = retryTimes.get(error);
  if (at === undefined) {
    at = Math.ceil((Date.now() + error.retryAfterSeconds * 1000) / 1000) * 1000;
    retryTimes.set(error, at);
  }
  return at;
}

/** "14:05:30" in the person's locale; with the day when the wait ends on another one. */
function formatClockTime(at: number): string {
  const time: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', second: '2-digit' };
  const sameDay = new Date(at).toDateString() === new Date().toDateString();
  return new Date(at).toLocaleString(undefined, sameDay ? time : { ...time, weekday: 'long' });
}
