import { useEffect, useRef, type MutableRef } from 'preact/hooks';

/**
 * A button disabled while its request runs drops the focus. Once done, it goes to the question the answer
 * asked (`ask`, when shown), else back to `back` if nothing else took it.
 */
export function useFocusAfterBusy(
  busy: boolean,
  ask: MutableRef<HTMLElement | null>,
  back: MutableRef<HTMLElement | null>,
): void {
  const wasBusy = useRef(false);
  useEffect(() => {
    if (wasBusy.current && !busy) {
      const lost = !document.activeElement || document.activeElement === document.body;
      if (ask.current) ask.current.focus();
      else if (lost) back.current?.focus();
    }
    wasBusy.current = busy;
  }, [busy]);
}
