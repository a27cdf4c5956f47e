import { useEffect, useRef, useState } from 'preact/hooks';
import { useFocusAfterBusy } from '@/components/focus-after-busy';
import { t } from '@/lib/i18n';
import { send } from '@/lib/messaging/send';
import { createSettingsModel } from './settings-model';
import { BadgeSetting } from './BadgeSetting';
import { HistorySetting } from './HistorySetting';
import { BrowserIntegration } from './BrowserIntegration';
import { ConnectionFields, ConnectionsPanel } from './ConnectionsPanel';
import { StatusLine } from './StatusLine';

/** Each visit starts from what is saved: the model is made when the section opens. */
export function SettingsSection() {
  const [model] = useState(() => createSettingsModel(send));
  useEffect(() => void model.load(), []);

  const saved = model.summary.value;
  const loaded = model.loaded.value;
  const busy = model.busy.value;
  const status = model.status.value;
  const saveButton = useRef<HTMLButtonElement>(null);
  const anywayButton = useRef<HTMLButtonElement>(null);
  useFocusAfterBusy(busy, anywayButton, saveButton);
  // With several connections the form edits the active one: say which.
  const active =
    (saved?.connections?.length ?? 0) > 1 ? saved?.connections?.find((c) => c.active) : undefined;
  const keyHint = saved?.keySet
    ? saved.keyLastFour
      ? t('settingsKeySavedEnding', saved.keyLastFour)
      : t('settingsKeySaved')
    : t('settingsKeyHint');

  function onSubmit(event: Event) {
    event.preventDefault();
    void model.save();
  }

  return (
    <section aria-labelledby="settings-heading" class="settings">
      <h2 id="settings-heading">{t('settingsHeading')}</h2>
      {active ? <p class="field-hint">{t('connFormEditsActive', active.label)}</p> : null}
      <form onSubmit={onSubmit} noValidate>
        <ConnectionFields
          form={model}
          disabled={!loaded}
          keyHint={keyHint}
          keyPlaceholder={saved?.keySet ? t('settingsKeyPlaceholder') : ''}
        />
        <div class="settings-actions">
          <button ref={saveButton} type="submit" class="primary" disabled={busy || !loaded}>
            {t('settingsSave')}
          </button>
          <button type="button" onClick={() => void model.save({ asTest: true })} disabled={busy || !loaded}>
            {t('settingsTest')}
          </button>
        </div>
      </form>
      <StatusLine status={status} />
      {model.rejected.value ? (
        <button
          ref={anywayButton}
          type="button"
          class="settings-confirm"
          onClick={() => void model.save({ anyway: true })}
          disabled={busy}
        >
          {t('settingsSaveAnyway')}
        </button>
      ) : null}
      {saved ? <ConnectionsPanel connections={saved.connections ?? []} /> : null}
      <BadgeSetting />
      <HistorySetting />
      <BrowserIntegration />
      {/* Plainly, what the service learns and when: people trust a tool that says so up front. */}
      <section aria-labelledby="data-heading" class="settings-privacy">
        <h3 id="data-heading">{t('settingsPrivacyHeading')}</h3>
        <ul>
          <li>{t('settingsPrivacyKey')}</li>
          <li>{t('settingsPrivacyAddress')}</li>
          <li>{t('settingsPrivacyNothingElse')}</li>
        </ul>
      </section>
    </section>
  );
}
