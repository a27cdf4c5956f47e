import { useEffect, useState } from 'preact/hooks';
import { watchActiveItem } from '@/lib/connection-space';
import { waitEnd } from '@/lib/service-wait';
import { SERVICE_WAIT_KEY } from '@/lib/storage-keys';
import { t } from '@/lib/i18n';

/**
 * While the background waits out a rate limit of the active connection: at what time it tries again (a
 * countdown would be read out).
 */
export function ServiceWait() {
  const [until, setUntil] = useState(0);
  const waiting = until > Date.now();
  useEffect(() => watchActiveItem(SERVICE_WAIT_KEY, (value) => setUntil(waitEnd(value))), []);
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setUntil(0), until - Date.now());
    return () => clearTimeout(timer);
  }, [until]);
  return (
    <p class="status service-wait" role="status">
      {waiting ? t('uiServiceWait', new Date(until).toLocaleTimeString()) : ''}
    </p>
  );
}
