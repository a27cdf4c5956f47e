// "Show this page's score on the toolbar icon": the switch, and the `tabs` permission it needs. The
// permission is asked for in the click itself (browsers refuse a request made after an await) and given
// back when the setting is turned off, unless the side panel still follows tabs: lib/tabs-permission.ts
// owns it and writes the stored value the background watches (lib/toolbar-score.ts).
import { signal, type ReadonlySignal } from '@preact/signals';
import type { TabsOwner } from '@/lib/tabs-permission';

export interface BadgeSettingDeps {
  /** Called whenever the stored value changes (the background may turn it off when the permission goes). */
  watch(onChange: (on: boolean) => void): () => void;
  tabs: Pick<TabsOwner, 'granted' | 'reliesOn' | 'take' | 'release'>;
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
      const [stored, granted] = await Promise.all([deps.tabs.reliesOn('toolbarScore'), deps.tabs.granted()]);
      on.value = stored && granted;
      loaded.value = true;
    },
    async set(next) {
      busy.value = true;
      denied.value = false;
      try {
        if (next) {
          // First, before any await: the browser shows its prompt only inside the person's click.
          const granted = await deps.tabs.take('toolbarScore');
          denied.value = !granted;
          on.value = granted;
        } else {
          on.value = false;
          // Given back, unless the side panel follows tabs.
          await deps.tabs.release('toolbarScore');
        }
      } finally {
        busy.value = false;
      }
    },
    dispose: unwatch,
  };
}
