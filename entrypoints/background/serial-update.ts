// Handlers (and the alarm) run concurrently: a read-modify-write of one stored item must wait for the one
// before it, or it would write back a state that misses that one's change.

/**
 * Returns `run`, which starts `work` once every earlier `work` has ended. A failure does not hold up the
 * ones after it; the promise `run` returns rejects with it, for its caller to report.
 */
export function createSerialUpdates() {
  let queue: Promise<unknown> = Promise.resolve();
  return function run<T>(work: () => Promise<T>): Promise<T> {
    const next = queue.then(work);
    queue = next.catch(() => undefined);
    return next;
  };
}
