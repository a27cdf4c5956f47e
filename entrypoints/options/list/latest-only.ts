/**
 * Wraps an async call so that each answer says whether it belongs to the newest call. A slow answer to
 * an older query must never be shown over the answer to a newer one.
 */
export function latestOnly<A extends unknown[], R>(call: (...args: A) => Promise<R>) {
  let newest = 0;
  const run = async (...args: A): Promise<{ current: boolean; value: R }> => {
    const ticket = ++newest;
    const value = await call(...args);
    return { current: ticket === newest, value };
  };
  /** Makes every answer still on its way stale (the view that wanted it is gone). */
  const invalidate = () => {
    newest++;
  };
  return Object.assign(run, { invalidate });
}
