// The error taxonomy (DESIGN.md "Errors the user can act on"). Plain data: it crosses the message boundary.
// Types only, so pages may import it freely: what a person can do about an error is ./error-action, and
// the background phrases errors with ./error-messages (its default sentences stay out of page bundles).

export type ApiErrorKind =
  | 'not_configured'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'invalid_input'
  | 'rate_limited'
  | 'server'
  | 'network'
  | 'timeout'
  | 'permission'
  | 'unexpected';

export interface ApiError {
  kind: ApiErrorKind;
  /** A sentence a person understands. */
  message: string;
  /** HTTP status, when the server answered. */
  status?: number;
  /** Per-field messages from a 422 (or from checks made before sending). */
  fieldErrors?: Record<string, string[]>;
  /** Seconds to wait before trying again (429 Retry-After). */
  retryAfterSeconds?: number;
  /** Technical detail: what the schemas rejected, the server's own message. Shown small, never instead of `message`. */
  detail?: string;
  /** false when trying again could repeat a write that may already have happened. */
  retrySafe?: boolean;
}

/** What the service's throttle said in its last answer (X-RateLimit-Limit / X-RateLimit-Remaining). */
export interface RateLimit {
  limit: number | null;
  remaining: number | null;
}

/** `rateLimit` rides along with a success, so bulk actions can pace themselves. */
export type Result<T> = { ok: true; data: T; rateLimit?: RateLimit } | { ok: false; error: ApiError };
