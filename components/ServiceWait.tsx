import { useEffect, useState } from 'preact/hooks';
import { browser } from '@/lib/page-browser';
import { waitEnd } from '@/lib/service-wait';
import { SERVICE_WAIT_KEY } from '@/lib/storage-keys';
import { t } from '@/lib/i18n';

/** While the background waits out a rate limit: at what time it tries again (a countdown would be read out). */
export function ServiceWait() {
  const [until, setUntil] = useState(0);
  useEffect(() => {
    const area = browser.storage.session;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = (value: unknown) => {
      const end = waitEnd(value);
      const left = end - Date.now();
      clearTimeout(timer);
      setUntil(left > 0 ? end : 0);
      if (left > 0) timer = setTimeout(() => setUntil(0), left);
    };
    const onChanged = (changes: Record<string, { newValue?: unknown }>) => {
      if (SERVICE_WAIT_KEY in changes) show(changes[SERVICE_WAIT_KEY]?.newValue);
    };
    void area.get(SERVICE_WAIT_KEY).then(
      (items) => show(items[SERVICE_WAIT_KEY]),
      () => undefined,
    );
    area.onChanged.addListener(onChanged);
    return () => {
      clearTimeout(timer);
      area.onChanged.removeListener(onChanged);
    };
  }, []);
  return (
    <p class="status service-wait" role="status">
      {until ? t('uiServiceWait', new Date(until).toLocaleTimeString()) : ''}
    </p>
  );
}
