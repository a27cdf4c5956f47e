import { useLayoutEffect, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { App } from '../popup/App';
import { onStateChange, stateVersion } from '../popup/state';
import type { SidePanel as SidePanelModel } from './panel';

/** The side panel: the popup's views for the followed tab, or why it cannot follow one yet. */
export function SidePanel({ panel }: { panel: SidePanelModel }) {
  const [, setRenders] = useState(0);
  const renderedVersion = stateVersion;
  useLayoutEffect(() => {
    const rerender = () => setRenders((count) => count + 1);
    const stop = onStateChange(rerender);
    if (stateVersion !== renderedVersion) rerender();
    return stop;
  }, []);

  const model = panel.model.value;
  if (panel.access.value === 'missing') {
    return (
      <div class="popup">
        <header class="popup-header">
          <h1>{t('extName')}</h1>
        </header>
        <main class="sidepanel-permission">
          <h2>{t('sidepanelTabsHeading')}</h2>
          <p>{t('sidepanelTabsWhy')}</p>
          <button type="button" class="primary" onClick={() => void panel.requestTabs()}>
            {t('sidepanelTabsAllow')}
          </button>
          {panel.denied.value ? (
            <p role="alert" class="field-error">
              {t('sidepanelTabsDenied')}
            </p>
          ) : null}
        </main>
      </div>
    );
  }
  // A new model per page: the key gives its views fresh state too (the create form's fields).
  return model ? <App key={model} model={model} /> : null;
}
