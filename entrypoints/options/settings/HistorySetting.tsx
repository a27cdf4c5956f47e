import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { historyOnItem } from '@/lib/settings/items';
import { historyUsage, readHistory } from '@/lib/history';
import { send } from '@/lib/messaging/send';
import { CheckField } from './parts';

export function HistorySetting() {
  const on = useSignal<boolean | null>(null);
  const usage = useSignal<ReturnType<typeof historyUsage> | null>(null);
  const status = useSignal('');
  const clearing = useSignal(false);

  async function readUsage() {
    usage.value = historyUsage(await readHistory().index());
  }
  useEffect(() => {
    void historyOnItem.getValue().then((value) => (on.value = value));
    void readUsage();
    return historyOnItem.watch((value) => (on.value = value));
  }, []);

  async function clear() {
    clearing.value = true;
    const answer = await send('history.clear', {});
    clearing.value = false;
    status.value = answer.ok ? t('historyCleared') : answer.error.message;
    await readUsage();
  }

  const kept = usage.value;
  return (
    <fieldset class="settings-privacy history-setting">
      <legend>{t('historySettingLegend')}</legend>
      <CheckField
        id="history-setting"
        label={t('historySettingLabel')}
        checked={on.value ?? true}
        disabled={on.value === null}
        onChange={(checked) => void historyOnItem.setValue(checked)}
        hints={[t('historySettingWhat')]}
      />
      <p>
        {kept === null
          ? null
          : kept.reports === 0
            ? t('historyKeptNothing')
            : t('historyKept', kept.analyses, kept.reports, Math.max(1, Math.round(kept.bytes / 1024)))}
      </p>
      <button type="button" onClick={() => void clear()} disabled={clearing.value || !kept?.reports}>
        {t('historyClear')}
      </button>
      {/* Said when it happens, but not a status: Settings' one status line stays the connection's. */}
      <p aria-live="polite">{status.value}</p>
    </fieldset>
  );
}
