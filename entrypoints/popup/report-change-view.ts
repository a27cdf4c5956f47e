// The report card's change since the previous analysis (ReportChange.tsx) loads after the popup's first
// frame, so none of it, nor the history it reads, is in the popup's start-up scripts.
import { signal } from '@preact/signals';
import { afterNextPaint } from './after-paint';

type View = typeof import('./ReportChange').ReportChange;

/**
 * Vite wraps each `import()` in its preload helper (links for the chunk's CSS and imports), about 0.6 KB
 * gzip of start-up, unless the module defines this name. The chunk's imports are loaded by then and its
 * styles are in the start-up CSS (ReportCard, style.css): the import alone does.
 */
const __vitePreload = <T>(load: () => Promise<T>) => load();

const loaded = signal<View | null>(null);
let loading: Promise<void> | undefined;

/** The view once loaded (the card renders again then), null before; the first call starts the load. */
export function reportChangeView(): View | null {
  loading ??= afterNextPaint()
    .then(() => import('./ReportChange'))
    .then(
      (module) => void (loaded.value = module.ReportChange),
      // Without it the card is whole: the change is an extra.
      () => undefined,
    );
  return loaded.value;
}
