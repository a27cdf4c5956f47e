// The popup's state: values that say when they change, and `batch` to say it once for several. App
// subscribes once and re-renders the whole popup on any change, which for its few dozen elements costs
// nothing. Written here instead of taking @preact/signals: its dependency tracking and Preact
// integration were about 3 KB gzip of the popup's 15 KB start-up budget (issue 8), and the popup needs
// neither. Same surface as the part of signals the popup used (`signal(x).value`, `batch`).

export interface Signal<T> {
  value: T;
}

const listeners = new Set<() => void>();
let depth = 0;
let pending = false;
/** Bumped by every change: a view can tell whether it missed one. */
export let stateVersion = 0;

function changed() {
  stateVersion++;
  if (depth > 0) pending = true;
  else for (const listener of [...listeners]) listener();
}

/** A value that tells the listeners when it is set to a different one (Object.is, as signals do). */
export function signal<T>(initial: T): Signal<T> {
  let current = initial;
  return {
    get value() {
      return current;
    },
    set value(next: T) {
      if (Object.is(next, current)) return;
      current = next;
      changed();
    },
  };
}

/** Runs `change`; listeners hear of what it changed once, at the end. */
export function batch<T>(change: () => T): T {
  depth++;
  try {
    return change();
  } finally {
    if (--depth === 0 && pending) {
      pending = false;
      changed();
    }
  }
}

/** Calls `listener` after every change (once per batch); returns the function that stops it. */
export function onStateChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
