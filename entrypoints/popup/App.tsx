import { useEffect, useRef } from 'preact/hooks';
import type { PopupModel } from './popup-model';
import { RecentReports } from './RecentReports';
import { ThisPage } from './ThisPage';
import { ConnectionSwitcher } from '@/components/ConnectionSwitcher';
import { ServiceWait } from '@/components/ServiceWait';
import { t } from '@/lib/i18n';

export function App({ model }: { model: PopupModel }) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      model.startFocus.personActed();
      // Escape in a dialog closes the dialog, not the popup.
      if (event.key === 'Escape' && !(event.target as Element | null)?.closest?.('dialog')) model.close();
    };
    const onPointerDown = () => model.startFocus.personActed();
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('pointerdown', onPointerDown, true);
    };
  }, [model]);

  const setup = model.setup.value;
  const shown = setup === 'ready' || setup === 'cached';
  return (
    <div class="popup">
      <header class="popup-header">
        <h1>{t('extName')}</h1>
        {shown ? <ConnectionSwitcher onSwitched={() => location.reload()} /> : null}
        {shown ? (
          <nav aria-label={t('extName')} class="popup-links">
            <button type="button" class="link-button" onClick={() => void model.openAllReports()}>
              {t('popupAllReports')}
            </button>
            <button type="button" class="link-button" onClick={() => void model.openSettings()}>
              {t('popupSettings')}
            </button>
            {model.canOpenSidePanel ? (
              // An icon: words would not fit beside the other links in German.
              <button
                type="button"
                class="link-button icon-button"
                aria-label={t('popupOpenSidePanel')}
                title={t('popupOpenSidePanel')}
                onClick={model.openSidePanel}
              >
                <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
                  <rect x="1.5" y="2.5" width="13" height="11" rx="1.5" />
                  <path d="M10 2.5v11" />
                </svg>
              </button>
            ) : null}
          </nav>
        ) : null}
        {model.sidePanelFailed.value ? (
          <p role="alert" class="inline-alert">
            {t('popupSidePanelFailed')}
          </p>
        ) : null}
      </header>
      {shown ? <ServiceWait /> : null}
      {setup === 'missing' ? <NotSetUp onOpenSettings={() => void model.openSettings()} /> : null}
      {shown ? (
        <main>
          <ThisPage model={model} />
          <RecentReports model={model} />
        </main>
      ) : null}
      <p class="visually-hidden" role="status" aria-live="polite">
        {model.announcement.value}
      </p>
    </div>
  );
}

function NotSetUp({ onOpenSettings }: { onOpenSettings: () => void }) {
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
