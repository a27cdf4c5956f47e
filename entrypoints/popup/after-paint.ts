// When the popup's first frame is out: work that need not be in it waits for this (popup-model).

/**
 * Resolves once the next frame is out (its animation callbacks run before its paint), or after 100 ms
 * in a page that paints no frame (hidden).
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      cancelAnimationFrame(frame);
      setTimeout(resolve, 0);
    };
    const timer = setTimeout(done, 100);
    const frame = requestAnimationFrame(done);
  });
}
