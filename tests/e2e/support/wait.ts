/** Rejects with `message` when `promise` has not settled within `timeoutMs`. */
export async function withTimeout<T>(promise: Promise<T>, timeoutMs: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${message} (after ${timeoutMs} ms)`)), timeoutMs);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export interface WaitForOptions {
  timeoutMs: number;
  /** Pause between two probes. */
  intervalMs?: number;
  /** What was awaited, for the error on timeout. */
  message: string | (() => string);
}

/**
 * Polls `probe` until it returns a value other than undefined/null/false, and returns that value.
 * A probe that throws counts as "not yet"; its last error is part of the timeout message.
 */
export async function waitFor<T>(
  probe: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  { timeoutMs, intervalMs = 50, message }: WaitForOptions,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== null && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) {
      const what = typeof message === 'function' ? message() : message;
      const cause = lastError instanceof Error ? ` Last error: ${lastError.message}` : '';
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.${cause}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
