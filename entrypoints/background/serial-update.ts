/** `run` starts `work` once every earlier one ended (a read-modify-write must not miss the one before it). */
export function createSerialUpdates() {
  let queue: Promise<unknown> = Promise.resolve();
  return function run<T>(work: () => Promise<T>): Promise<T> {
    const next = queue.then(work);
    queue = next.catch(() => undefined);
    return next;
  };
}
