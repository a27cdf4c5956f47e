import { useEffect, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { browserTabsOwner } from '@/lib/tabs-permission';
import { toolbarScoreItem } from '@/lib/toolbar-score';
import { createBadgeSettingModel } from './badge-setting-model';

/** The opt-in toolbar score, with what it fetches, how often, and the permission it asks for. */
export function BadgeSetting() {
  const [model] = useState(() =>
    createBadgeSettingModel({
      watch: (onChange) => toolbarScoreItem.watch((on) => onChange(on)),
      tabs: browserTabsOwner(toolbarScoreItem),
    }),
  );
  useEffect(() => {
    void model.load();
    return () => model.dispose();
  }, []);

  return (
    <fieldset
      class="settings-privacy badge-setting"
      aria-describedby="badge-setting-what badge-setting-permission"
    >
      <legend>{t('badgeSettingLegend')}</legend>
      <label>
        <input
          type="checkbox"
          checked={model.on.value}
          disabled={!model.loaded.value || model.busy.value}
          onChange={(event) => void model.set(event.currentTarget.checked)}
        />{' '}
        {t('badgeSettingLabel')}
      </label>
      <p id="badge-setting-what" class="hint">
        {t('badgeSettingWhat')}
      </p>
      <p id="badge-setting-permission" class="hint">
        {t('badgeSettingPermission')}
      </p>
      {/* An alert, not a status: Settings' one status line stays the connection's. */}
      {model.denied.value ? (
        <p role="alert" class="inline-alert">
          {t('badgeSettingDenied')}
        </p>
      ) : null}
    </fieldset>
  );
}
