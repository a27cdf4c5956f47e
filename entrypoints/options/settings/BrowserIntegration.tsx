import { useEffect, useState } from 'preact/hooks';
import { browser } from '@/lib/page-browser';
import { t } from '@/lib/i18n';
import { PRIVACY } from '@/lib/api/types';
import { PRIVACY_NAMES } from '@/lib/format';
import { loadIntegrationPrefs, saveIntegrationPrefs } from '@/lib/integration-prefs';
import { StatusLine } from './StatusLine';
import { createBrowserIntegrationModel, type BrowserIntegrationModel } from './browser-integration-model';

const NOTIFICATIONS = { permissions: ['notifications' as const] };

/** Chrome's shortcut page opens in a tab; Firefox 137+ opens its own; older Firefox only by hand. */
function shortcutPageOpener(): (() => Promise<unknown>) | null {
  const commands = browser.commands as typeof browser.commands & {
    openShortcutSettings?: () => Promise<void>;
  };
  if (typeof commands.openShortcutSettings === 'function') return () => commands.openShortcutSettings!();
  if (location.protocol === 'chrome-extension:') {
    return () => browser.tabs.create({ url: 'chrome://extensions/shortcuts' });
  }
  return null;
}

function defaultModel(): BrowserIntegrationModel {
  return createBrowserIntegrationModel({
    load: () => loadIntegrationPrefs(),
    save: (change) => saveIntegrationPrefs(change),
    notificationsGranted: () => browser.permissions.contains(NOTIFICATIONS),
    requestNotifications: () => browser.permissions.request(NOTIFICATIONS),
    releaseNotifications: () => browser.permissions.remove(NOTIFICATIONS),
    commands: () => browser.commands.getAll(),
    openShortcutPage: shortcutPageOpener(),
  });
}

/** Settings → In the browser: the right-click menu, its privacy, notifications and keyboard shortcuts. */
export function BrowserIntegration({ model: given }: { model?: BrowserIntegrationModel } = {}) {
  const [model] = useState(() => given ?? defaultModel());
  useEffect(() => void model.load(), []);

  const prefs = model.prefs.value;
  const loaded = prefs !== null;

  return (
    <section aria-labelledby="integration-heading" class="settings-integration">
      <h3 id="integration-heading">{t('integrationHeading')}</h3>
      <div class="check-field">
        <input
          id="integration-menu"
          type="checkbox"
          checked={prefs?.menu ?? false}
          disabled={!loaded}
          onChange={(e) => void model.save({ menu: e.currentTarget.checked })}
        />
        <label for="integration-menu">{t('integrationMenuLabel')}</label>
      </div>
      <fieldset class="integration-privacy" disabled={!loaded}>
        <legend>{t('integrationPrivacyLegend')}</legend>
        {[PRIVACY.public, PRIVACY.private].map((privacy) => (
          <div class="check-field" key={privacy}>
            <input
              id={`integration-privacy-${privacy}`}
              type="radio"
              name="integration-privacy"
              checked={prefs?.privacy === privacy}
              onChange={() => void model.save({ privacy })}
            />
            <label for={`integration-privacy-${privacy}`}>{PRIVACY_NAMES[privacy]}</label>
          </div>
        ))}
        <p class="hint">{t('integrationPrivacyHint')}</p>
      </fieldset>
      <div class="check-field">
        <input
          id="integration-notifications"
          type="checkbox"
          checked={model.notifications.value}
          disabled={!loaded || model.busy.value}
          aria-describedby="integration-notifications-hint"
          onChange={(e) => void model.setNotifications(e.currentTarget.checked)}
        />
        <label for="integration-notifications">{t('integrationNotificationsLabel')}</label>
      </div>
      <p id="integration-notifications-hint" class="hint">
        {t('integrationNotificationsHint')}
      </p>
      <h4 id="shortcuts-heading">{t('integrationShortcutsHeading')}</h4>
      <table class="shortcuts" aria-labelledby="shortcuts-heading">
        <tbody>
          {model.shortcuts.value.map((shortcut) => (
            <tr key={shortcut.name}>
              <th scope="row">{shortcut.label}</th>
              <td>{shortcut.keys ? <kbd>{shortcut.keys}</kbd> : t('integrationShortcutNone')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {model.canOpenShortcutPage ? (
        <button type="button" onClick={() => void model.openShortcutPage()}>
          {t('integrationShortcutChange')}
        </button>
      ) : (
        <p class="hint">{t('integrationShortcutFirefoxHint')}</p>
      )}
      <StatusLine status={model.status.value} beside />
    </section>
  );
}
