// Settings → In the browser: the right-click menu and its reports' privacy, notifications and the keyboard
// shortcuts. Every change is stored at once; the background follows the stored item.
import { batch, useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { browser } from '@/lib/page-browser';
import { t } from '@/lib/i18n';
import { PRIVACY } from '@/lib/api/types';
import { PRIVACY_NAMES } from '@/lib/format';
import { integrationPrefsItem, saveIntegrationPrefs, type IntegrationPrefs } from '@/lib/settings/items';
import { settle } from '@/lib/tabs-permission';
import { CheckField, StatusLine } from './parts';
import type { SettingsStatus } from './settings-model';

type Command = { name?: string; description?: string; shortcut?: string };

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

function commandLabel({ name, description }: Command): string {
  if (name === '_execute_action' || name === '_execute_browser_action')
    return t('integrationShortcutOpenPopup');
  return name === 'create-report' ? t('commandCreateReport') : description || name!;
}

export function BrowserIntegration() {
  const prefs = useSignal<IntegrationPrefs | null>(null);
  /** On only while both the setting and the permission say so. */
  const notifications = useSignal(false);
  const commands = useSignal<Command[]>([]);
  const status = useSignal<SettingsStatus>(null);
  const busy = useSignal(false);
  const openShortcutPage = shortcutPageOpener();
  const loaded = prefs.value !== null;

  useEffect(() => {
    void Promise.all([
      settle<IntegrationPrefs | null>(() => integrationPrefsItem.getValue(), null),
      settle(() => browser.permissions.contains(NOTIFICATIONS)),
      settle<Command[]>(() => browser.commands.getAll(), []),
    ]).then(([stored, granted, declared]) =>
      batch(() => {
        if (!stored) status.value = { tone: 'error', text: t('integrationLoadFailed') };
        prefs.value = stored;
        notifications.value = !!stored?.notifications && granted;
        commands.value = declared.filter((command) => command.name);
      }),
    );
  }, []);

  /** False when it could not be stored. */
  async function save(change: Partial<IntegrationPrefs>): Promise<boolean> {
    status.value = null;
    try {
      prefs.value = await saveIntegrationPrefs(change);
      return true;
    } catch {
      status.value = { tone: 'error', text: t('integrationSaveFailed') };
      return false;
    }
  }

  function setNotifications(on: boolean): Promise<void> {
    status.value = null;
    if (!on) {
      notifications.value = false;
      return save({ notifications: false }).then(
        () => void browser.permissions.remove(NOTIFICATIONS).catch(() => undefined),
      );
    }
    // Asked before any await: the browser prompts only inside the click.
    const asked = settle(() => browser.permissions.request(NOTIFICATIONS));
    // Shown as asked for while the browser asks; back off if it is refused or cannot be stored.
    batch(() => {
      busy.value = true;
      notifications.value = true;
    });
    return asked.then(async (granted) => {
      const saved = granted && (await save({ notifications: true }));
      batch(() => {
        busy.value = false;
        notifications.value = saved;
        if (!granted) status.value = { tone: 'info', text: t('integrationNotificationsRefused') };
      });
    });
  }

  function changeShortcuts() {
    openShortcutPage?.().catch(() => {
      status.value = { tone: 'error', text: t('integrationShortcutPageFailed') };
    });
  }

  return (
    <section aria-labelledby="integration-heading" class="settings-integration">
      <h3 id="integration-heading">{t('integrationHeading')}</h3>
      <CheckField
        id="integration-menu"
        label={t('integrationMenuLabel')}
        checked={prefs.value?.menu ?? false}
        disabled={!loaded}
        onChange={(menu) => void save({ menu })}
      />
      <fieldset class="integration-privacy" disabled={!loaded}>
        <legend>{t('integrationPrivacyLegend')}</legend>
        {[PRIVACY.public, PRIVACY.private].map((privacy) => (
          <div class="check-field" key={privacy}>
            <input
              id={`integration-privacy-${privacy}`}
              type="radio"
              name="integration-privacy"
              checked={prefs.value?.privacy === privacy}
              onChange={() => void save({ privacy })}
            />
            <label for={`integration-privacy-${privacy}`}>{PRIVACY_NAMES[privacy]}</label>
          </div>
        ))}
        <p class="hint">{t('integrationPrivacyHint')}</p>
      </fieldset>
      <CheckField
        id="integration-notifications"
        label={t('integrationNotificationsLabel')}
        checked={notifications.value}
        disabled={!loaded || busy.value}
        onChange={(on) => void setNotifications(on)}
        hints={[t('integrationNotificationsHint')]}
      />
      <h4 id="shortcuts-heading">{t('integrationShortcutsHeading')}</h4>
      <table class="shortcuts" aria-labelledby="shortcuts-heading">
        <tbody>
          {commands.value.map((command) => (
            <tr key={command.name}>
              <th scope="row">{commandLabel(command)}</th>
              <td>{command.shortcut ? <kbd>{command.shortcut}</kbd> : t('integrationShortcutNone')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {openShortcutPage ? (
        <button type="button" onClick={changeShortcuts}>
          {t('integrationShortcutChange')}
        </button>
      ) : (
        <p class="hint">{t('integrationShortcutFirefoxHint')}</p>
      )}
      <StatusLine status={status.value} beside />
    </section>
  );
}
