// Views the popup's first frame does without load after it, so none of their code is in the popup's
// start-up scripts: the connection switcher (it waits for its connections anyway), the service's wait
// (shown only while the service asks to slow down) and the report card's change since the previous
// analysis (it reads the history kept in storage.local).
import { signal } from '@preact/signals';
import type { ComponentType } from 'preact';
import { afterNextPaint } from './after-paint';

/** The view once loaded, null before (the page renders again then); the first call starts the load. */
function afterPaint<Props>(load: () => Promise<ComponentType<Props>>): () => ComponentType<Props> | null {
  const view = signal<ComponentType<Props> | null>(null);
  let started = false;
  return () => {
    if (!started) {
      started = true;
      // Without it the popup is whole: these views are extras.
      afterNextPaint()
        .then(load)
        .then(
          (loaded) => (view.value = loaded),
          () => undefined,
        );
    }
    return view.value;
  };
}

export const connectionSwitcher = afterPaint(() =>
  import('@/components/ConnectionSwitcher').then((module) => module.ConnectionSwitcher),
);

export const serviceWait = afterPaint(() =>
  import('@/components/ServiceWait').then((module) => module.ServiceWait),
);

export const reportChange = afterPaint(() => import('./ReportChange').then((module) => module.ReportChange));
