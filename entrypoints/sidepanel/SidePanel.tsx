import { t } from '@/lib/i18n';
import { App } from '../popup/App';
import type { SidePanel as SidePanelModel } from './panel';

function AskToFollow({ panel, lost }: { panel: SidePanelModel; lost: boolean }) {
  return (
    <div class="popup">
      <header class="popup-header">
        <h1>{t('extName')}</h1>
      </header>
      <main class="sidepanel-permission">
        <h2>{lost ? t('panelLostHeading') : t('panelFollowHeading')}</h2>
        <p>{lost ? t('panelLostWhy') : t('panelFollowWhy')}</p>
        <button type="button" class="primary" onClick={() => void panel.followTabs()}>
          {lost ? t('panelLostAllow') : t('panelFollowAllow')}
        </button>
        {panel.denied.value ? (
          <p role="alert" class="inline-alert">
            {t('panelFollowDenied')}
          </p>
        ) : null}
      </main>
    </div>
  );
}

export function SidePanel({ panel }: { panel: SidePanelModel }) {
  const access = panel.access.value;
  if (access === 'off' || access === 'lost') return <AskToFollow panel={panel} lost={access === 'lost'} />;
  const model = panel.shown.value?.model;
  if (!model) return null;
  return (
    <>
      {/* A new model per page: the key gives its views fresh state too (the create form's fields). */}
      <App key={model} model={model} />
      <footer class="sidepanel-footer">
        <button type="button" class="link-button" onClick={() => void panel.stopFollowingTabs()}>
          {t('panelStopFollowing')}
        </button>
      </footer>
    </>
  );
}
