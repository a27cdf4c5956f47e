// "Show this page's score on the toolbar icon": the switch, and the `tabs` permission it needs. The
// permission is asked for in the click itself (browsers refuse a request made after an await) and given
// back when the setting is turned off. The background watches the stored value (lib/toolbar-score.ts).
import { signal, type ReadonlySignal } from '@preact/signals';
import { TOOLBAR_SCORE_PERMISSIONS } from '@/lib/toolbar-score';

type Permissions = typeof TOOLBAR_SCORE_PERMISSIONS;

export interface BadgeSettingDeps {
  read(): Promise<boolean>;
  write(on: boolean): Promise<void>;
  /** Called whenever the stored value changes (the background may turn it off when the permission goes). */
  watch(onChange: (on: boolean) => void): () => void;
  permissions: {
    request(permissions: Permissions): Promise<boolean>;
    remove(permissions: Permissions): Promise<boolean>;
    contains(permissions: Permissions): Promise<boolean>;
  };
}

export interface BadgeSettingModel {
  readonly on: ReadonlySignal<boolean>;
  readonly loaded: ReadonlySignal<boolean>;
  readonly busy: ReadonlySignal<boolean>;
  /** The permission was refused. */
  readonly denied: ReadonlySignal<boolean>;
  load(): Promise<void>;
  /** Call from the click itself: turning on asks for the permission before anything is awaited. */
  set(on: boolean): Promise<void>;
  dispose(): void;
}

/** Calls at once (the click's gesture holds); a call that throws or rejects counts as "no". */
function attempt(call: () => Promise<boolean>): Promise<boolean> {
  try {
    return call().catch(() => false);
  } catch {
    return Promise.resolve(false);
  }
}

export function createBadgeSettingModel(deps: BadgeSettingDeps): BadgeSettingModel {
  const on = signal(false);
  const loaded = signal(false);
  const busy = signal(false);
  const denied = signal(false);
  const unwatch = deps.watch((value) => (on.value = value));

  return {
    on,
    loaded,
    busy,
    denied,
    async load() {
      const [stored, granted] = await Promise.all([
        deps.read(),
        attempt(() => deps.permissions.contains(TOOLBAR_SCORE_PERMISSIONS)),
      ]);
      on.value = stored && granted;
      loaded.value = true;
    },
    async set(next) {
      busy.value = true;
      denied.value = false;
      try {
        if (next) {
          // First, before any await: the browser shows its prompt only inside the person's click.
          const granted = await attempt(() => deps.permissions.request(TOOLBAR_SCORE_PERMISSIONS));
          if (!granted) {
            denied.value = true;
            on.value = false;
            return;
          }
          await deps.write(true);
          on.value = true;
        } else {
          await deps.write(false);
          on.value = false;
          // Given back: off means the extension cannot read tab addresses at all.
          await attempt(() => deps.permissions.remove(TOOLBAR_SCORE_PERMISSIONS));
        }
      } finally {
        busy.value = false;
      }
    },
    dispose: unwatch,
  };
}
