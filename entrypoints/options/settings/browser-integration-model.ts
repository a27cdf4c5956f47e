// Settings → "In the browser": the right-click menu on or off, the privacy of reports made from it or the
// shortcut, notifications (an optional permission, asked for in the click that turns them on), and the
// keyboard shortcuts with a way to the browser's page for changing them. Every change is stored at once;
// the background follows the stored item (lib/integration-prefs.ts): the menu appears or goes at once.
import { batch, signal, type ReadonlySignal } from '@preact/signals';
import type { IntegrationPrefs } from '@/lib/integration-prefs';
import { t } from '@/lib/i18n';
import { settle } from '@/lib/tabs-permission';
import type { SettingsStatus } from './settings-model';

export interface Shortcut {
  /** The command's name in the manifest. */
  name: string;
  /** What it does, in words. */
  label: string;
  /** The keys ("Alt+Shift+R"), or '' when none is set. */
  keys: string;
}

export interface BrowserIntegrationDeps {
  load(): Promise<IntegrationPrefs>;
  save(change: Partial<IntegrationPrefs>): Promise<IntegrationPrefs>;
  notificationsGranted(): Promise<boolean>;
  /** browser.permissions.request for `notifications`: call it in the click, before anything is awaited. */
  requestNotifications(): Promise<boolean>;
  /** Gives the permission back when notifications are turned off (least privilege). */
  releaseNotifications(): Promise<unknown>;
  commands(): Promise<Array<{ name?: string; description?: string; shortcut?: string }>>;
  /** Opens the browser's page for changing shortcuts; null where no extension may open it (older Firefox). */
  openShortcutPage: (() => Promise<unknown>) | null;
}

/** Names people read, for the commands the manifest declares. */
function commandLabel(name: string, description: string | undefined): string {
  switch (name) {
    case '_execute_action':
    case '_execute_browser_action':
      return t('integrationShortcutOpenPopup');
    case 'create-report':
      return t('commandCreateReport');
    default:
      return description || name;
  }
}

/** The browser's answer, or `fallback` when the call fails (even before it returns a promise). */
function safely<T>(call: () => Promise<T>, fallback: T): Promise<T> {
  return Promise.resolve()
    .then(call)
    .catch(() => fallback);
}

export function createBrowserIntegrationModel(deps: BrowserIntegrationDeps) {
  const prefs = signal<IntegrationPrefs | null>(null);
  /** On only while both the setting and the permission say so. */
  const notifications = signal(false);
  const shortcuts = signal<Shortcut[]>([]);
  const status = signal<SettingsStatus>(null);
  const busy = signal(false);

  /** Stores a change (what an earlier one said is cleared); false when it could not be stored. */
  async function save(change: Partial<IntegrationPrefs>): Promise<boolean> {
    status.value = null;
    try {
      prefs.value = await deps.save(change);
      return true;
    } catch {
      status.value = { tone: 'error', text: t('integrationSaveFailed') };
      return false;
    }
  }

  return {
    prefs: prefs as ReadonlySignal<IntegrationPrefs | null>,
    notifications: notifications as ReadonlySignal<boolean>,
    shortcuts: shortcuts as ReadonlySignal<Shortcut[]>,
    status: status as ReadonlySignal<SettingsStatus>,
    busy: busy as ReadonlySignal<boolean>,
    canOpenShortcutPage: deps.openShortcutPage !== null,

    async load(): Promise<void> {
      const [stored, granted, commands] = await Promise.all([
        safely(deps.load, null),
        safely(deps.notificationsGranted, false),
        safely(deps.commands, []),
      ]);
      batch(() => {
        if (!stored) {
          status.value = { tone: 'error', text: t('integrationLoadFailed') };
          return;
        }
        prefs.value = stored;
        notifications.value = stored.notifications && granted;
        shortcuts.value = commands
          .filter((command) => command.name)
          .map((command) => ({
            name: command.name!,
            label: commandLabel(command.name!, command.description),
            keys: command.shortcut ?? '',
          }));
      });
    },

    /** The menu on or off, or the privacy of what it creates. */
    save: (change: Pick<Partial<IntegrationPrefs>, 'menu' | 'privacy'>) => save(change),

    /** Call from the click itself: turning them on asks the browser first, in the same user gesture. */
    setNotifications(on: boolean): Promise<void> {
      status.value = null;
      if (!on) {
        notifications.value = false;
        return save({ notifications: false }).then(
          () => void deps.releaseNotifications().catch(() => undefined),
        );
      }
      // Not through safely(): the request must start in this very call, inside the click.
      const asked = settle(() => deps.requestNotifications());
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
    },

    async openShortcutPage(): Promise<void> {
      try {
        await deps.openShortcutPage?.();
      } catch {
        status.value = { tone: 'error', text: t('integrationShortcutPageFailed') };
      }
    },
  };
}

export type BrowserIntegrationModel = ReturnType<typeof createBrowserIntegrationModel>;
