import { useEffect } from 'preact/hooks';
import { ConnectionSwitcher } from '@/components/ConnectionSwitcher';
import { ServiceWait } from '@/components/ServiceWait';
import { NotSetUp } from './NotSetUp';
import type { PopupModel } from './popup-model';
import { RecentReports } from './RecentReports';
import { ThisPage } from './ThisPage';
import { t } from '@/lib/i18n';

/** The popup: the current page and its report, "Create report", and the recent reports. */
export function App({ model }: { model: PopupModel }) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') model.close();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [model]);

  const setup = model.setup.value;
  // The cache is painted before the background has answered (popup-model); the form waits for it.
  const shown = setup === 'ready' || setup === 'cached';
  return (
    <div class="popup">
      <header class="popup-header">
        <h1>{t('extName')}</h1>
        {/* Another connection: the popup starts again, its cached data first, then its fresh answers. */}
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
              <button type="button" class="link-button" onClick={model.openSidePanel}>
                {t('popupOpenSidePanel')}
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
