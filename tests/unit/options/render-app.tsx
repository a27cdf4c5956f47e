// Renders the whole options page on a hash, with a fake background behind `send` (mocked by the test file).
import { render } from '@testing-library/preact';
import { App } from '@/entrypoints/options/App';
import { fakeSend, ok, type Handlers } from './fakes';

export const SETTINGS = {
  baseUrl: 'https://r.example',
  keySet: true,
  keyLastFour: 'wxyz',
  hostPermission: true,
};

/** Opens the options page at `hash`. Handlers not given answer with an empty list / the settings above. */
export function renderApp(hash: string, handlers: Handlers) {
  window.history.replaceState(null, '', `${window.location.pathname}${hash}`);
  const fake = fakeSend({
    'settings.get': () => ok(SETTINGS),
    'projects.list': () =>
      ok({
        items: [],
        page: 1,
        perPage: 100,
        total: 0,
        lastPage: 1,
        hasNext: false,
        hasPrevious: false,
        from: null,
        to: null,
        appliedSort: null,
      }),
    ...handlers,
  });
  const view = render(<App />);
  return { ...view, send: fake };
}
