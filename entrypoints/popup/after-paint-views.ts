// Views the popup's first frame does without load after it, so none of their code is in the popup's
// start-up scripts: the connection switcher (it waits for its connections anyway), the service's wait
// (shown only while the service asks to slow down), the report card's change since the previous
// analysis (it reads the history kept in storage.local), the line about this page's site (it reads
// the site's summary kept in storage.session) and what looking again found after a write that may have
// happened (only ever after a click).
import { signal } from '@preact/signals';
import { afterNextPaint } from './after-paint';

type LaterViews = typeof import('./later-views');

const loaded = signal<LaterViews | null>(null);
let started = false;

/** The views once loaded, null before (the page renders again then); the first call starts the load. */
export function laterViews(): LaterViews | null {
  if (!started) {
    started = true;
    // Without them the popup is whole: these views are extras.
    afterNextPaint()
      .then(() => import('./later-views'))
      .then(
        (views) => (loaded.value = views),
        () => undefined,
      );
  }
  return loaded.value;
}
