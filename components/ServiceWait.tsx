import { useEffect, useState } from 'preact/hooks';
import { browser } from '@/lib/page-browser';
import { waitEnd } from '@/lib/service-wait';
import { SERVICE_WAIT_KEY } from '@/lib/storage-keys';
import { t } from '@/lib/i18n';

/** While the background waits out a rate limit: at what time it tries again (a countdown would be read out). */
export function ServiceWait() {
  const [until, setUntil] = useState(0);
  const waiting = until > Date.now();
  useEffect(() => {
    const area = browser.storage.session;
    const onChanged = (changes: Record<string, { newValue?: unknown }>) => {
      if (SERVICE_WAIT_KEY in changes) setUntil(waitEnd(changes[SERVICE_WAIT_KEY]?.newValue));
    };
    void area.get(SERVICE_WAIT_KEY).then(
      (items) => setUntil(waitEnd(items[SERVICE_WAIT_KEY])),
      () => undefined,
    );
    area.onChanged.addListener(onChanged);
    return () => area.onChanged.removeListener(onChanged);
  }, []);
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
