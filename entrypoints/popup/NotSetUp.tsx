import { useEffect, useRef } from 'preact/hooks';
import { t } from '@/lib/i18n';

export function NotSetUp({ onOpenSettings }: { onOpenSettings: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  return (
    <main class="not-set-up">
      <p>{t('popupNotSetUp')}</p>
      <button type="button" class="primary" ref={button} onClick={onOpenSettings}>
        {t('uiOpenSettings')}
      </button>
    </main>
  );
}
