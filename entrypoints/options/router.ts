// The hash is the source of truth for what the options page shows (lib/options-route.ts).
import { signal, type ReadonlySignal } from '@preact/signals';
import { formatRoute, parseRoute, type OptionsRoute } from '@/lib/options-route';

/** `fallback` is shown, without writing it to the address, while the hash names no section. */
export function createHashRouter(fallback: OptionsRoute) {
  const route = signal(parseRoute(location.hash) ?? fallback);
  let current = formatRoute(route.value);

  function show(next: OptionsRoute) {
    const hash = formatRoute(next);
    // The same view again (e.g. the hashchange that follows our own navigate) must not reload anything.
    if (hash === current) return;
    current = hash;
    route.value = next;
  }

  const onHashChange = () => show(parseRoute(location.hash) ?? fallback);
  window.addEventListener('hashchange', onHashChange);

  return {
    route: route as ReadonlySignal<OptionsRoute>,
    /** `replace` corrects the current entry instead of adding one to the history. */
    navigate(next: OptionsRoute, { replace = false } = {}) {
      const hash = formatRoute(next);
      if (replace) history.replaceState(history.state, '', hash);
      else if (hash !== location.hash) location.hash = hash;
      // Shown at once rather than on hashchange, which comes later (and not at all after replaceState).
      show(parseRoute(hash) ?? fallback);
    },
    dispose: () => window.removeEventListener('hashchange', onHashChange),
  };
}

export type HashRouter = ReturnType<typeof createHashRouter>;
