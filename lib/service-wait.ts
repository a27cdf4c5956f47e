// A read the background holds back because the service asked it to (429 with Retry-After). The
// background writes when that wait ends into storage.session; pages show it while it lasts, since the
// answer they wait for comes only after it.

export interface ServiceWait {
  /** When the background asks again (epoch ms). */
  until: number;
}

/** The end of a wait from what storage holds, or 0 when there is none (or it is not ours). */
export function waitEnd(value: unknown): number {
  const until = (value as Partial<ServiceWait> | null | undefined)?.until;
  return typeof until === 'number' && Number.isFinite(until) ? until : 0;
}
