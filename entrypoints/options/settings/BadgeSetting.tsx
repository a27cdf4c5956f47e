// "Show this page's score on the toolbar icon" and the `tabs` permission it needs, given back when it is
// turned off unless the side panel still follows tabs (lib/tabs-permission.ts owns it).
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { tabsPermission as tabs } from '@/lib/tabs-permission';
import { toolbarScoreItem } from '@/lib/settings/items';
import { CheckField } from './parts';

export function BadgeSetting() {
  const on = useSignal<boolean | null>(null);
  const busy = useSignal(false);
  const denied = useSignal(false);
  useEffect(() => {
    void Promise.all([tabs.reliesOn('toolbarScore'), tabs.granted()]).then(
      ([stored, granted]) => (on.value = stored && granted),
    );
    // The background may turn it off when the permission goes.
    return toolbarScoreItem.watch((value) => (on.value = value));
  }, []);

  async function set(next: boolean) {
    busy.value = true;
    denied.value = false;
    try {
      if (next) {
        // Before any await: the browser shows its prompt only inside the person's click.
        const granted = await tabs.take('toolbarScore');
        denied.value = !granted;
        on.value = granted;
      } else {
        on.value = false;
        await tabs.release('toolbarScore');
      }
    } finally {
      busy.value = false;
    }
  }

  return (
    <fieldset class="settings-privacy badge-setting">
      <legend>{t('badgeSettingLegend')}</legend>
      <CheckField
        id="badge-setting"
        label={t('badgeSettingLabel')}
        checked={on.value ?? false}
        disabled={on.value === null || busy.value}
        onChange={(checked) => void set(checked)}
        hints={[t('badgeSettingWhat'), t('badgeSettingPermission')]}
      />
      {/* An alert, not a status: Settings' one status line stays the connection's. */}
      {denied.value ? (
        <p role="alert" class="inline-alert">
          {t('badgeSettingDenied')}
        </p>
      ) : null}
    </fieldset>
  );
}
