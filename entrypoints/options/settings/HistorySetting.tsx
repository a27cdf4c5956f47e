import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { historyOnItem } from '@/lib/settings/items';
import { historyUsage, readHistory } from '@/lib/history';
import { send } from '@/lib/messaging/send';
import { CheckField } from './parts';
import { DeleteDialog } from '../list/DeleteDialog';

export function HistorySetting() {
  const on = useSignal<boolean | null>(null);
  const usage = useSignal<ReturnType<typeof historyUsage> | null>(null);
  const status = useSignal('');
  const asking = useSignal<true | null>(null);

  async function readUsage() {
    usage.value = historyUsage(await readHistory().index());
  }
  useEffect(() => {
    void historyOnItem.getValue().then((value) => (on.value = value));
    void readUsage();
    return historyOnItem.watch((value) => (on.value = value));
  }, []);

  async function clear() {
    const answer = await send('history.clear', {});
    if (answer.ok) {
      status.value = t('historyCleared');
      await readUsage();
    }
    return answer;
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
      <button type="button" onClick={() => (asking.value = true)} disabled={!kept?.reports}>
        {t('historyClear')}
      </button>
      {/* Said when it happens, but not a status: Settings' one status line stays the connection's. */}
      <p aria-live="polite">{status.value}</p>
      {/* The only copy of past scores (the service keeps a report's latest): asked first. */}
      <DeleteDialog
        item={asking.value}
        title={t('historyClearTitle')}
        confirmLabel={t('historyClear')}
        remove={clear}
        failedContext={t('historyClearFailed')}
        onClose={() => (asking.value = null)}
        // Once cleared, its button is disabled: the focus goes back to the setting's checkbox.
        fallbackFocus={() => document.getElementById('history-setting')}
      >
        {() => <p>{t('historyClearText')}</p>}
      </DeleteDialog>
    </fieldset>
  );
}
