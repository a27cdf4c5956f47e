import { useEffect, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { createSettingsModel } from './settings-model';
import { BadgeSetting } from './BadgeSetting';
import { HistorySetting } from './HistorySetting';
import { BrowserIntegration } from './BrowserIntegration';
import { ConnectionFormView, ConnectionsPanel } from './ConnectionsPanel';
import { takeNote } from './HeaderSwitcher';

/** Each visit starts from what is saved: the model is made when the section opens. */
export function SettingsSection() {
  const [model] = useState(() => createSettingsModel(takeNote('form')));
  useEffect(() => void model.load(), []);

  const saved = model.summary.value;
  const loaded = model.loaded.value;
  // With several connections the form edits the active one: say which.
  const active =
    (saved?.connections?.length ?? 0) > 1 ? saved?.connections?.find((c) => c.active) : undefined;
  const keyHint = saved?.keySet
    ? saved.keyLastFour
      ? t('settingsKeySavedEnding', saved.keyLastFour)
      : t('settingsKeySaved')
    : t('settingsKeyHint');

  return (
    <section aria-labelledby="settings-heading" class="settings">
      <h2 id="settings-heading">{t('settingsHeading')}</h2>
      {active ? <p class="field-hint">{t('connFormEditsActive', active.label)}</p> : null}
      <ConnectionFormView
        form={model}
        disabled={!loaded}
        keyHint={keyHint}
        keyPlaceholder={saved?.keySet ? t('settingsKeyPlaceholder') : ''}
        submitLabel={t('settingsSave')}
        anywayLabel={t('settingsSaveAnyway')}
        onSubmit={(anyway) => void model.save({ anyway })}
        status={model.status.value}
        buttons={
          <button
            type="button"
            onClick={() => void model.save({ asTest: true })}
            disabled={model.busy.value || !loaded}
          >
            {t('settingsTest')}
          </button>
        }
      />
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
